import { ScriptedLlmClient } from "@nucleo/testing";
import type { ThinkerTranscript } from "@nucleo/thinkers";
import { describe, expect, it } from "vitest";
import { SERVED_MODEL_TASK, ServedModelThinker, ServedModelTool, servedModelWorld } from "../test-support/served-model-world.js";
import { recordRun } from "./record-run.js";
import { RunRecord } from "./run-record.js";

/** The envelope a thinker's model answers with. */
function envelope(answer: unknown): string {
  return JSON.stringify({ reasoning: "asked the tool twice", answer });
}

describe("recordRun", () => {
  it("a thinker's run is its transcript: objective and prompt as the task, every turn with its tool calls and results, a correction, the answer", async () => {
    const { dispatcher, environment, client } = servedModelWorld();
    const thinkerTurns = [
      ScriptedLlmClient.toolCalls({ name: "served_model", arguments: { question: "Who are you?" } }, { name: "served_model", arguments: { question: "And you?" } }),
      ScriptedLlmClient.answer("model-alpha, I think"),
      ScriptedLlmClient.answer(envelope({ model: "model-alpha" }), { thinking: ["the first one said model-alpha"] }),
    ];
    client.answer = (call) => (call.kind === "thinker" ? thinkerTurns.shift() : ScriptedLlmClient.json({ model: call.text.includes("And you?") ? "model-beta" : "model-alpha" }));
    const thinker = new ServedModelThinker({ environment });
    const input = { question: "Which model answers?" };
    const output = await dispatcher.submit(thinker, input);

    const record = recordRun(thinker, input, output);

    expect(record.task).toBe(`${SERVED_MODEL_TASK}\n\n{"question":"Which model answers?"}`);
    expect(record.turns).toHaveLength(3);
    expect(record.turns[0]).toEqual({
      said: "",
      toolCalls: [
        { tool: "served_model", arguments: { question: "Who are you?" }, result: '{"model":"model-alpha"}', failed: false },
        { tool: "served_model", arguments: { question: "And you?" }, result: '{"model":"model-beta"}', failed: false },
      ],
      correction: null,
    });
    expect(record.turns[1]).toMatchObject({ said: "model-alpha, I think", toolCalls: [], correction: expect.any(String) });
    expect(record.turns[2]).toEqual({ said: envelope({ model: "model-alpha" }), toolCalls: [], correction: null });
    expect(record.answer).toEqual({ model: "model-alpha" });
    expect(RunRecord.safeParse(record).success).toBe(true);
  });

  it("a failed tool call is marked failed, a call without a result has a null result, and a failed run's answer is null", () => {
    const transcript: ThinkerTranscript = {
      thinker: "fake",
      objective: "Do it.",
      prompt: "{}",
      turns: [{ turn: 1, text: "", thinking: "", toolCalls: [{ id: "c1", name: "add", arguments: { a: 1 }, result: "missing b", isError: true }, { id: "c2", name: "add", arguments: {}, result: undefined, isError: false }], correction: undefined }],
      answered: false,
      answer: undefined,
    };
    // Duck-typed: anything with a callable transcript() is read as a thinker.
    const record = recordRun({ transcript: () => transcript }, {}, undefined);
    expect(record).toEqual({
      task: "Do it.\n\n{}",
      turns: [{ said: "", toolCalls: [{ tool: "add", arguments: { a: 1 }, result: "missing b", failed: true }, { tool: "add", arguments: {}, result: null, failed: false }], correction: null }],
      answer: null,
    });
  });

  it("a thinker whose transcript() throws (it never ran) is read like a one-call tool", () => {
    const { environment } = servedModelWorld();
    const thinker = new ServedModelThinker({ environment });
    expect(() => thinker.transcript()).toThrow();
    expect(recordRun(thinker, { question: "Who?" }, undefined)).toEqual({ task: '{\n  "question": "Who?"\n}', turns: [], answer: null });
  });

  it("a model's native thinking is left out of the record: only some providers return it, so it would name the family", async () => {
    const { dispatcher, environment, client } = servedModelWorld();
    const thinkerTurns = [
      ScriptedLlmClient.toolCall("served_model", { question: "Who are you?" }, { thinking: ["THINKING-MARKER before the call"] }),
      ScriptedLlmClient.answer(envelope({ model: "model-alpha" }), { thinking: ["THINKING-MARKER before the answer"] }),
    ];
    client.answer = (call) => (call.kind === "thinker" ? thinkerTurns.shift() : undefined);
    const thinker = new ServedModelThinker({ environment });
    const output = await dispatcher.submit(thinker, { question: "Which model answers?" });
    // The transcript has it; the record must not.
    expect(JSON.stringify(thinker.transcript())).toContain("THINKING-MARKER");

    const record = recordRun(thinker, { question: "Which model answers?" }, output);

    expect(record.turns).toHaveLength(2);
    expect(JSON.stringify(record)).not.toContain("THINKING-MARKER");
    for (const turn of record.turns) expect(Object.keys(turn).sort()).toEqual(["correction", "said", "toolCalls"]);
  });

  it("a one-call tool's run is what it was asked (askedWith): its instructions, a blank line and its prompt as the task, no turns, its output", async () => {
    const { dispatcher, environment } = servedModelWorld();
    const tool = new ServedModelTool({ environment });
    const input = { question: "Who are you?" };
    const output = await dispatcher.submit(tool, input);

    const record = recordRun(tool, input, output);

    expect(record).toEqual({ task: 'Say which model you are.\n\n{\n  "question": "Who are you?"\n}', turns: [], answer: { model: "model-alpha" } });
    // Read through askedWith, not rebuilt from the input: the instructions live only in the tool.
    expect(record.task).toBe(`${tool.askedWith()!.objective}\n\n${tool.askedWith()!.prompt}`);
  });

  it("a one-call tool that was never asked (askedWith gives undefined, throws or answers no text) is read from its input", () => {
    const { environment } = servedModelWorld();
    const unwired = new ServedModelTool({ environment });
    expect(unwired.askedWith()).toBeUndefined();
    const asTask = '{\n  "question": "Who?"\n}';
    expect(recordRun(unwired, { question: "Who?" }, undefined)).toEqual({ task: asTask, turns: [], answer: null });
    const throwing = { askedWith: () => { throw new Error("not wired"); } };
    expect(recordRun(throwing, { question: "Who?" }, undefined).task).toBe(asTask);
    expect(recordRun({ askedWith: () => ({ objective: "Do it." }) }, { question: "Who?" }, undefined).task).toBe(asTask);
  });

  it("a job with neither transcript() nor askedWith() is its input as pretty JSON, no turns, and its output", () => {
    const tool = { name: "served_model", transcript: "not a function", askedWith: "nor this" };
    expect(recordRun(tool, { question: "Who?" }, { model: "x" })).toEqual({ task: '{\n  "question": "Who?"\n}', turns: [], answer: { model: "x" } });
    expect(recordRun(null, undefined, undefined)).toEqual({ task: "null", turns: [], answer: null });
  });
});
