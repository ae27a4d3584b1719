// Random malformed answers and tool calls through the real loop: every one must be refused as
// correctable, nothing the loop writes into the conversation may echo what the model sent, and
// the run must still end with the final valid answer.
import { ThinkerDeclaration } from "@nucleo/core";
import {
  Parts,
  type LlmBinding,
  type LlmClient,
  type LlmDelta,
  type LlmRequest,
  type LlmResponse,
  type ToolResultPart,
  type Turn,
} from "@nucleo/conversation";
import { ScriptedLlmClient, type ScriptedAnswer } from "@nucleo/testing";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { SingleObjectiveThinker } from "../shapes/single-objective-thinker.js";
import {
  addProvider,
  entry,
  envelope,
  RecordNote,
  recordNoteProvider,
  SumQuestion,
  thinkerTestRuntime,
} from "../test-support/thinker-fixtures.js";
import type { ThinkerOptions } from "./abstract-thinker.js";
import type { ValidationGuardrail } from "./validation-guardrail.js";

const SEED = 0x5eed_2026;
const TURNS = Number(process.env.FUZZ_TURNS ?? 2_000);
const CANARY_MARK = "CNRY";

/** Whether `text` carries any canary, in any case (a tool name is sent lower-cased). */
function hasCanary(text: string): boolean {
  return text.toUpperCase().includes(CANARY_MARK);
}

const FuzzAnswer = z
  .object({
    total: z.number(),
    kind: z.enum(["sum", "product"]),
    note: z.string(),
    artifactRefs: z.array(z.string()),
  })
  .strict();
type FuzzAnswer = z.infer<typeof FuzzAnswer>;

const FINAL: FuzzAnswer = { total: 42, kind: "sum", note: "done", artifactRefs: [] };
const VALID = { total: 1, kind: "sum", note: "fine", artifactRefs: [] };

/** Bound read-only by its submission; declares a read-only tool and a writing one. */
class Fuzzer extends SingleObjectiveThinker<SumQuestion, FuzzAnswer> {
  readonly name = "fuzzer";
  override readonly description = "Adds numbers under fire.";
  readonly input = SumQuestion;
  readonly output = FuzzAnswer;

  constructor(options: ThinkerOptions) {
    super(ThinkerDeclaration.of({ grade: "MEDIUM", output: "COMPACT" }), options);
    this.addTools(addProvider, recordNoteProvider);
  }

  protected task(): string {
    return "Add the numbers with the add tool and report the total.";
  }

  protected override declareValidationGuardrails(): readonly ValidationGuardrail<FuzzAnswer>[] {
    return [
      {
        name: "no_marker",
        check: (answer) =>
          answer.note.includes("forbidden")
            ? { field: "note", expected: "a note without the marker word" }
            : undefined,
      },
    ];
  }
}

/** mulberry32: small, seeded, deterministic. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** What the loop must put back after a malformed turn. */
type Expectation =
  | { readonly kind: "correction"; readonly names: string }
  | {
      readonly kind: "tool_results";
      readonly errors: readonly boolean[];
      readonly names: readonly string[];
    };

interface FuzzTurn {
  readonly category: string;
  readonly answer: ScriptedAnswer;
  readonly expect: Expectation;
}

const correction = (names: string): Expectation => ({ kind: "correction", names });

type Generator = (canary: string, pick: <T>(items: readonly T[]) => T) => FuzzTurn;

const BAD_ARGUMENTS: ReadonlyArray<(canary: string) => Record<string, unknown>> = [
  (canary) => ({ a: canary, b: 1 }),
  (canary) => ({ a: 1, c: canary }),
  (canary) => ({ a: [canary], b: 2 }),
  (canary) => ({ a: { nested: canary }, b: 2 }),
  (canary) => ({ a: 1, b: null, [canary]: canary }),
];

const GENERATORS: Readonly<Record<string, Generator>> = {
  unknown_tool: (canary) => ({
    category: "unknown_tool",
    answer: ScriptedLlmClient.toolCall(`${canary.toLowerCase()}_tool`, { a: 1, b: 2 }),
    expect: { kind: "tool_results", errors: [true], names: ['"tool_call.name"'] },
  }),
  withheld_tool: (canary) => ({
    category: "withheld_tool",
    answer: ScriptedLlmClient.toolCall("record_note", { text: canary }),
    expect: { kind: "tool_results", errors: [true], names: ["withheld"] },
  }),
  bad_arguments: (canary, pick) => ({
    category: "bad_arguments",
    answer: ScriptedLlmClient.toolCall("add", pick(BAD_ARGUMENTS)(canary)),
    expect: { kind: "tool_results", errors: [true], names: ["Invalid value for"] },
  }),
  mixed_calls: (canary, pick) => ({
    category: "mixed_calls",
    answer: ScriptedLlmClient.toolCalls(
      { name: "add", arguments: { a: 2, b: 3 } },
      { name: `${canary}_tool`, arguments: { a: canary } },
      { name: "record_note", arguments: { text: canary } },
      { name: "add", arguments: pick(BAD_ARGUMENTS)(canary) },
    ),
    expect: {
      kind: "tool_results",
      errors: [false, true, true, true],
      names: ["", '"tool_call.name"', "withheld", "Invalid value for"],
    },
  }),
  non_object_answer: (canary, pick) => ({
    category: "non_object_answer",
    answer: ScriptedLlmClient.answer(
      pick([
        envelope(canary),
        envelope([canary, canary]),
        envelope(7, canary),
        envelope(true, canary),
      ]),
    ),
    expect: correction('"answer"'),
  }),
  mistyped_field: (canary, pick) => {
    const [field, value] = pick([
      ["total", canary],
      ["total", [canary]],
      ["note", { text: canary }],
      ["kind", [canary]],
      ["artifact_refs", canary],
    ] as const);
    const answer = { ...VALID, [field === "artifact_refs" ? "artifactRefs" : field]: value };
    return {
      category: "mistyped_field",
      answer: ScriptedLlmClient.answer(envelope(answer, canary)),
      expect: correction(`"answer.${field}"`),
    };
  },
  missing_field: (canary, pick) => {
    const field = pick(["total", "kind", "note"] as const);
    const { [field]: _dropped, ...rest } = { ...VALID, note: canary };
    return {
      category: "missing_field",
      answer: ScriptedLlmClient.answer(envelope(rest, canary)),
      expect: correction(`"answer.${field}"`),
    };
  },
  wrong_enum: (canary) => ({
    category: "wrong_enum",
    answer: ScriptedLlmClient.answer(envelope({ ...VALID, kind: canary })),
    expect: correction('"answer.kind"'),
  }),
  unknown_field: (canary) => ({
    category: "unknown_field",
    answer: ScriptedLlmClient.answer(envelope({ ...VALID, [canary]: canary })),
    expect: correction("no fields other than the schema's"),
  }),
  unknown_artifact_ref: (canary) => ({
    category: "unknown_artifact_ref",
    answer: ScriptedLlmClient.answer(envelope({ ...VALID, artifactRefs: [canary] })),
    expect: correction('"answer.artifact_refs[0]"'),
  }),
  guardrail_refused: (canary) => ({
    category: "guardrail_refused",
    answer: ScriptedLlmClient.answer(envelope({ ...VALID, note: `forbidden ${canary}` })),
    expect: correction('"answer.note"'),
  }),
  bad_reasoning: (canary) => ({
    category: "bad_reasoning",
    answer: ScriptedLlmClient.answer(
      JSON.stringify({ reasoning: { text: canary }, answer: VALID }),
    ),
    expect: correction('"reasoning"'),
  }),
  invalid_json: (canary, pick) => ({
    category: "invalid_json",
    answer: ScriptedLlmClient.answer(
      pick([
        `{"reasoning": "${canary}", "answer": {"total": 1,`,
        `${canary} {"answer": null}`,
        JSON.stringify([canary]),
        `{"reasoning": "x", "answer": ${JSON.stringify(VALID)}} ${canary}`,
        `\`\`\`json\n{"reasoning": ${canary}}\n\`\`\``,
      ]),
    ),
    expect: correction('"answer"'),
  }),
  null_answer: (canary) => ({
    category: "null_answer",
    answer: ScriptedLlmClient.answer(envelope(null, canary)),
    expect: correction("answer was null"),
  }),
};

const CATEGORIES = Object.keys(GENERATORS);

/** The whole script for one seed: `count` malformed turns, each with its own canary. */
function fuzzScript(seed: number, count: number): FuzzTurn[] {
  const random = prng(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  return Array.from({ length: count }, (_, index) => {
    const canary = `${CANARY_MARK}${Math.floor(random() * 0xffffff).toString(16)}Z${index}`;
    return GENERATORS[pick(CATEGORIES)]!(canary, pick);
  });
}

function textOf(turn: Turn): string {
  return turn.parts.map((part) => part.text).join("\n");
}

/** What is wrong with the loop's reply to one malformed turn, if anything. */
function checkReply(request: LlmRequest, turn: FuzzTurn, index: number): string | undefined {
  const last = request.messages.at(-1);
  const where = `turn ${index + 1} (${turn.category})`;
  if (last?.role !== "user") return `${where}: the next request does not end with a user message`;
  if (hasCanary(textOf(last)))
    return `${where}: the loop echoed the model's value: ${textOf(last)}`;
  const expected = turn.expect;
  if (expected.kind === "correction") {
    if (last.parts.length !== 1 || last.parts[0]!.type !== "text")
      return `${where}: expected one correction text`;
    if (!textOf(last).includes(expected.names))
      return `${where}: the correction does not name ${expected.names}: ${textOf(last)}`;
    return undefined;
  }
  const results = last.parts as readonly ToolResultPart[];
  if (
    results.length !== expected.errors.length ||
    results.some((part) => part.type !== "tool_result")
  )
    return `${where}: expected ${expected.errors.length} tool results`;
  for (const [at, result] of results.entries()) {
    if (result.isError !== expected.errors[at])
      return `${where}: result ${at} isError=${result.isError}`;
    if (result.isError && !result.text.startsWith("Invalid value for"))
      return `${where}: result ${at} is not a correctable refusal: ${result.text}`;
    if (!result.text.includes(expected.names[at]!))
      return `${where}: result ${at} does not name ${expected.names[at]}: ${result.text}`;
  }
  return undefined;
}

/**
 * Answers from the fuzz script, checking before each answer that the loop's reply to the
 * previous malformed turn was a correctable refusal. Unlike `ScriptedLlmClient` it keeps only
 * the last request and counts no usage from the prompt: both grow with the conversation, and
 * over thousands of turns they would cost more than the loop under test.
 */
class FuzzClient implements LlmClient {
  readonly problems: string[] = [];
  calls = 0;
  lastRequest: LlmRequest | undefined;
  #minted = 0;

  constructor(
    readonly script: readonly FuzzTurn[],
    readonly finalAnswer: string,
  ) {}

  async send(request: LlmRequest, binding: LlmBinding): Promise<LlmResponse> {
    const index = this.calls++;
    this.lastRequest = request;
    if (index > 0) {
      const problem = checkReply(request, this.script[index - 1]!, index - 1);
      if (problem !== undefined) this.problems.push(problem);
    }
    const answer: ScriptedAnswer =
      index < this.script.length ? this.script[index]!.answer : { content: this.finalAnswer };
    const toolCalls = (answer.toolCalls ?? []).map((call) =>
      Parts.toolCall(`call_${++this.#minted}`, call.name, call.arguments),
    );
    return {
      content: answer.content ?? "",
      toolCalls,
      thinking: [],
      usage: { inputTokens: 10, outputTokens: 10 },
      stopReason: toolCalls.length > 0 ? "tool_calls" : "end",
      providerModel: binding.entry.model,
    };
  }

  async *stream(
    request: LlmRequest,
    binding: LlmBinding,
  ): AsyncGenerator<LlmDelta, LlmResponse, void> {
    return this.send(request, binding);
  }
}

describe("fuzzing the loop with malformed answers and tool calls", () => {
  it("the script is deterministic for a seed and exercises every category", () => {
    const script = fuzzScript(SEED, TURNS);
    expect(JSON.stringify(fuzzScript(SEED, TURNS))).toBe(JSON.stringify(script));
    const seen = new Set(script.map((turn) => turn.category));
    expect([...seen].sort()).toEqual([...CATEGORIES].sort());
  });

  it(`every malformed turn of ${TURNS} is refused as correctable, no refusal echoes the model's values, and the run ends with the valid answer`, async () => {
    const script = fuzzScript(SEED, TURNS);
    const client = new FuzzClient(script, envelope(FINAL));
    // A context window wide enough for the whole run: the fuzz is about the loop, not compaction.
    const { dispatcher, environment, events } = thinkerTestRuntime(client, [
      entry("medium", "MEDIUM", {
        contextWindow: 4_000_000,
        limits: { tokensPerMinute: 1_000_000_000_000 },
      }),
    ]);
    const notesBefore = RecordNote.saved.length;
    const thinker = new Fuzzer({ environment, maxTurns: TURNS + 1 });

    const answer = await dispatcher.submit(
      thinker,
      { numbers: [40, 2] },
      { scope: { readOnly: true } },
    );

    expect(client.problems.slice(0, 5)).toEqual([]);
    expect(answer).toEqual(FINAL);
    expect(client.calls).toBe(TURNS + 1);
    // The withheld writing tool never ran, and its withholding was reported once (with sub_thinker's).
    expect(RecordNote.saved.length).toBe(notesBefore);
    const withheld = events.flatMap((event) =>
      event.type === "tool.withheld" ? [event.tool] : [],
    );
    expect(withheld.sort()).toEqual(["record_note", "sub_thinker"]);

    // Nothing the loop wrote (every user turn after the prompt) carries a canary.
    const lastRequest = client.lastRequest!;
    const loopText = lastRequest.messages
      .slice(1)
      .filter((turn) => turn.role === "user")
      .map(textOf);
    expect(loopText.filter(hasCanary)).toEqual([]);
    expect(hasCanary(lastRequest.system.text)).toBe(false);

    // The run keeps nothing beside its conversation: one transcript turn per model turn, and the
    // conversation holds exactly the prompt, each turn and the reply it drew.
    const transcript = thinker.transcript();
    expect(transcript.turns).toHaveLength(TURNS + 1);
    expect(lastRequest.messages).toHaveLength(1 + 2 * TURNS);
    const unanswered = transcript.turns
      .slice(0, -1)
      .filter(
        (turn) =>
          turn.correction === undefined &&
          (turn.toolCalls.length === 0 || turn.toolCalls.some((call) => call.result === undefined)),
      );
    expect(unanswered).toEqual([]);
    expect(transcript.turns.at(-1)!.correction).toBeUndefined();
    expect([transcript.answered, transcript.answer]).toEqual([true, FINAL]);
  }, 20_000);
});
