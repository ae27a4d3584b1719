import { parseCatalog, type CatalogEntryInput } from "@nucleo/catalog";
import { ScriptedLlmClient } from "@nucleo/testing";
import type { ThinkerTranscript, TranscriptTurn } from "@nucleo/thinkers";
import { describe, expect, it } from "vitest";
import {
  entry,
  SERVED_MODEL_TASK,
  ServedModelThinker,
  ServedModelTool,
  servedModelRuntime,
} from "../test-support/served-model-fixtures.js";
import { Blindfold } from "./blindfold.js";
import { recordRun } from "./record-run.js";
import { RunRecord } from "./run-record.js";

/** The envelope a model without native thinking answers with. */
function envelope(answer: unknown, reasoning = "asked the tool twice"): string {
  return JSON.stringify({ reasoning, answer });
}

/** A MEDIUM entry without native thinking, and one that thinks natively at every depth but IMMEDIATE. */
const PLAIN_ENTRY: CatalogEntryInput = entry("model-alpha", "alpha-chat-2", "MEDIUM");
const THINKING_ENTRY: CatalogEntryInput = {
  ...entry("model-theta", "theta-think-1", "MEDIUM", "1", "4", "anthropic"),
  nativeThinking: true,
  reasoningTokens: { IMMEDIATE: 0, QUICK: 1_024, STANDARD: 4_096, THOROUGH: 8_192 },
};

/** A transcript of `turns`, read through a duck-typed thinker. */
function thinkerWith(...turns: Array<Pick<TranscriptTurn, "text" | "thinking">>) {
  const transcript: ThinkerTranscript = {
    thinker: "fake",
    objective: "Do it.",
    prompt: "{}",
    answered: true,
    answer: { total: 5 },
    turns: turns.map((turn, index) => ({
      turn: index + 1,
      ...turn,
      toolCalls: [],
      correction: undefined,
    })),
  };
  return { transcript: () => transcript };
}

describe("recordRun", () => {
  it("a thinker's run is its transcript: objective and prompt as the task, every turn with its reasoning, tool calls and results, a correction, the answer", async () => {
    const { dispatcher, environment, client } = servedModelRuntime();
    const thinkerTurns = [
      ScriptedLlmClient.toolCalls(
        { name: "served_model", arguments: { question: "Who are you?" } },
        { name: "served_model", arguments: { question: "And you?" } },
      ),
      ScriptedLlmClient.answer("model-alpha, I think"),
      ScriptedLlmClient.answer(envelope({ model: "model-alpha" }), {
        thinking: ["the first one said model-alpha"],
      }),
    ];
    client.answer = (call) =>
      call.kind === "thinker"
        ? thinkerTurns.shift()
        : ScriptedLlmClient.json({
            model: call.text.includes("And you?") ? "model-beta" : "model-alpha",
          });
    const thinker = new ServedModelThinker({ environment });
    const input = { question: "Which model answers?" };
    const output = await dispatcher.submit(thinker, input);

    const record = recordRun(thinker, input, output);

    expect(record.task).toBe(`${SERVED_MODEL_TASK}\n\n{"question":"Which model answers?"}`);
    expect(record.turns).toHaveLength(3);
    expect(record.turns[0]).toEqual({
      reasoning: "",
      said: "",
      toolCalls: [
        {
          tool: "served_model",
          arguments: { question: "Who are you?" },
          result: '{"model":"model-alpha"}',
          failed: false,
        },
        {
          tool: "served_model",
          arguments: { question: "And you?" },
          result: '{"model":"model-beta"}',
          failed: false,
        },
      ],
      correction: null,
    });
    expect(record.turns[1]).toMatchObject({
      reasoning: "",
      said: "model-alpha, I think",
      toolCalls: [],
      correction: expect.any(String),
    });
    // The envelope is read, not kept: its reasoning in the slot, its answer only as the record's answer.
    expect(record.turns[2]).toEqual({
      reasoning: "asked the tool twice",
      said: "",
      toolCalls: [],
      correction: null,
    });
    expect(record.answer).toEqual({ model: "model-alpha" });
    expect(RunRecord.safeParse(record).success).toBe(true);
  });

  it("a failed tool call is marked failed, a call without a result has a null result, and a failed run's answer is null", () => {
    const transcript: ThinkerTranscript = {
      thinker: "fake",
      objective: "Do it.",
      prompt: "{}",
      turns: [
        {
          turn: 1,
          text: "",
          thinking: "",
          toolCalls: [
            { id: "c1", name: "add", arguments: { a: 1 }, result: "missing b", isError: true },
            { id: "c2", name: "add", arguments: {}, result: undefined, isError: false },
          ],
          correction: undefined,
        },
      ],
      answered: false,
      answer: undefined,
    };
    // Duck-typed: anything with a callable transcript() is read as a thinker.
    const record = recordRun({ transcript: () => transcript }, {}, undefined);
    expect(record).toEqual({
      task: "Do it.\n\n{}",
      turns: [
        {
          reasoning: "",
          said: "",
          toolCalls: [
            { tool: "add", arguments: { a: 1 }, result: "missing b", failed: true },
            { tool: "add", arguments: {}, result: null, failed: false },
          ],
          correction: null,
        },
      ],
      answer: null,
    });
  });

  it("a thinker whose transcript() throws (it never ran) is read like a one-call tool", () => {
    const { environment } = servedModelRuntime();
    const thinker = new ServedModelThinker({ environment });
    expect(() => thinker.transcript()).toThrow();
    expect(recordRun(thinker, { question: "Who?" }, undefined)).toEqual({
      task: '{\n  "question": "Who?"\n}',
      turns: [],
      answer: null,
    });
  });

  it("a thinking and a non-thinking model that did the same work leave the same record once blindfolded: one reasoning slot, no envelope JSON", async () => {
    const runOn = async (
      catalogEntry: CatalogEntryInput,
      final: { text: string; thinking?: string[] },
    ) => {
      const { dispatcher, environment, client } = servedModelRuntime([catalogEntry]);
      const thinkerTurns = [
        ScriptedLlmClient.toolCall("served_model", { question: "Who are you?" }),
        ScriptedLlmClient.answer(final.text, { thinking: final.thinking ?? [] }),
      ];
      client.answer = (call) => (call.kind === "thinker" ? thinkerTurns.shift() : undefined);
      const thinker = new ServedModelThinker({ environment });
      const output = await dispatcher.submit(thinker, { question: "Which model answers?" });
      return { thinker, record: recordRun(thinker, { question: "Which model answers?" }, output) };
    };
    // Each names itself where its kind of model puts its reasoning: the envelope, or the thinking block.
    const plain = await runOn(PLAIN_ENTRY, {
      text: envelope({ model: "model-alpha" }, "As alpha-chat-2, the tool said model-alpha."),
    });
    const thinking = await runOn(THINKING_ENTRY, {
      text: JSON.stringify({ answer: { model: "model-theta" } }),
      thinking: ["As theta-think-1, the tool said model-theta."],
    });
    // The thinking run answered under a thinking block: an envelope without reasoning, accepted at once.
    expect(thinking.thinker.transcript().turns.at(-1)!.text).toBe(
      '{"answer":{"model":"model-theta"}}',
    );

    expect(thinking.record.turns.at(-1)).toEqual({
      reasoning: "As theta-think-1, the tool said model-theta.",
      said: "",
      toolCalls: [],
      correction: null,
    });
    expect(plain.record.turns.at(-1)).toEqual({
      reasoning: "As alpha-chat-2, the tool said model-alpha.",
      said: "",
      toolCalls: [],
      correction: null,
    });
    const blindfold = Blindfold.forCatalog(
      parseCatalog([PLAIN_ENTRY, THINKING_ENTRY], "record-test"),
    );
    expect(blindfold.cover(thinking.record)).toEqual(blindfold.cover(plain.record));
    expect(blindfold.cover(plain.record).turns.at(-1)!.reasoning).toBe(
      "As [model], the tool said [model].",
    );
    for (const record of [plain.record, thinking.record])
      expect(RunRecord.parse(record)).toEqual(record);
  });

  it("a turn's reasoning is its envelope's reasoning, else its native thinking, else empty; said is plain text as it is, never an envelope's JSON or answer", () => {
    const record = recordRun(
      thinkerWith(
        { text: "", thinking: "I check first." },
        { text: "Let me look.", thinking: "" },
        { text: envelope(null, "From the envelope."), thinking: "From the thinking." },
        { text: '{"answer":{"total":5}}', thinking: "Thought natively." },
        { text: '{"reasoning":"  ","answer":{"total":5},"note":"double-checked"}', thinking: "" },
        { text: '```json\n{"answer":{"total":5}}\n```', thinking: "" },
        { text: '{"reasoning":{"steps":[2,3]},"answer":null}', thinking: "" },
        { text: '{"total":5}', thinking: "" },
      ),
      {},
      { total: 5 },
    );
    expect(record.turns.map(({ reasoning, said }) => ({ reasoning, said }))).toEqual([
      { reasoning: "I check first.", said: "" },
      { reasoning: "", said: "Let me look." },
      { reasoning: "From the envelope.", said: "" },
      { reasoning: "Thought natively.", said: "" },
      // A blank reasoning is none; a key the model added beside the envelope's is still what it said.
      { reasoning: "", said: '{"note":"double-checked"}' },
      // Fenced as the thinker itself accepts it.
      { reasoning: "", said: "" },
      { reasoning: '{"steps":[2,3]}', said: "" },
      // JSON that is no envelope is text like any other.
      { reasoning: "", said: '{"total":5}' },
    ]);
  });

  it("a transcript turn without a thinking field (an older thinker) has an empty reasoning", () => {
    const turn = {
      turn: 1,
      text: "Done.",
      toolCalls: [],
      correction: undefined,
    } as unknown as TranscriptTurn;
    const transcript = {
      thinker: "old",
      objective: "Do it.",
      prompt: "{}",
      turns: [turn],
      answered: false,
      answer: undefined,
    };
    expect(recordRun({ transcript: () => transcript }, {}, undefined).turns).toEqual([
      { reasoning: "", said: "Done.", toolCalls: [], correction: null },
    ]);
  });

  it("a one-call tool's run is what it was asked (askedWith): its instructions, a blank line and its prompt as the task, no turns, its output", async () => {
    const { dispatcher, environment } = servedModelRuntime();
    const tool = new ServedModelTool({ environment });
    const input = { question: "Who are you?" };
    const output = await dispatcher.submit(tool, input);

    const record = recordRun(tool, input, output);

    expect(record).toEqual({
      task: 'Say which model you are.\n\n{\n  "question": "Who are you?"\n}',
      turns: [],
      answer: { model: "model-alpha" },
    });
    // Read through askedWith, not rebuilt from the input: the instructions live only in the tool.
    expect(record.task).toBe(`${tool.askedWith()!.objective}\n\n${tool.askedWith()!.prompt}`);
  });

  it("a one-call tool that was never asked (askedWith gives undefined, throws or answers no text) is read from its input", () => {
    const { environment } = servedModelRuntime();
    const unwired = new ServedModelTool({ environment });
    expect(unwired.askedWith()).toBeUndefined();
    const asTask = '{\n  "question": "Who?"\n}';
    expect(recordRun(unwired, { question: "Who?" }, undefined)).toEqual({
      task: asTask,
      turns: [],
      answer: null,
    });
    const throwing = {
      askedWith: () => {
        throw new Error("not wired");
      },
    };
    expect(recordRun(throwing, { question: "Who?" }, undefined).task).toBe(asTask);
    expect(
      recordRun({ askedWith: () => ({ objective: "Do it." }) }, { question: "Who?" }, undefined)
        .task,
    ).toBe(asTask);
  });

  it("a job with neither transcript() nor askedWith() is its input as pretty JSON, no turns, and its output", () => {
    const tool = { name: "served_model", transcript: "not a function", askedWith: "nor this" };
    expect(recordRun(tool, { question: "Who?" }, { model: "x" })).toEqual({
      task: '{\n  "question": "Who?"\n}',
      turns: [],
      answer: { model: "x" },
    });
    expect(recordRun(null, undefined, undefined)).toEqual({
      task: "null",
      turns: [],
      answer: null,
    });
  });
});
