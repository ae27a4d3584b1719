// This package's test fixtures: a catalog with an entry per grade, the runtime thinkers run in
// on manual time, the adding and note-taking tools, the small Summer thinker, and a client that
// holds its first call in flight.
import type { CatalogEntryInput } from "@nucleo/catalog";
import type { LlmClient } from "@nucleo/conversation";
import { AbstractTool, ThinkerDeclaration } from "@nucleo/core";
import { ManualTimers } from "@nucleo/core/testing";
import { ScriptedLlmClient, testRuntime } from "@nucleo/testing";
import { ClassToolProvider } from "@nucleo/tools";
import { z } from "zod";
import { SingleObjectiveThinker } from "../shapes/single-objective-thinker.js";
import type { ThinkerOptions } from "../thinker/abstract-thinker.js";
import { thinkerInput } from "../thinker/thinker-input.js";

const PRICES = {
  currency: "USD",
  effectiveFrom: "2025-01-01",
  source: "test fixture",
  input: "1",
  output: "4",
};

export function entry(
  id: string,
  grade: CatalogEntryInput["grade"],
  overrides: Partial<CatalogEntryInput> = {},
): CatalogEntryInput {
  return {
    id,
    provider: "openai",
    model: id,
    grade,
    contextWindow: 128_000,
    outputCeiling: 16_000,
    prices: PRICES,
    limits: { tokensPerMinute: 100_000_000 },
    ...overrides,
  };
}

export const ENTRIES: CatalogEntryInput[] = [
  entry("small", "SMALL"),
  entry("medium", "MEDIUM"),
  entry("medium-thinking", "MEDIUM", {
    provider: "anthropic",
    nativeThinking: true,
    reasoningTokens: { IMMEDIATE: 0, QUICK: 1_024, STANDARD: 4_096, THOROUGH: 8_192 },
  }),
  entry("large", "LARGE"),
  entry("xl", "XL"),
];

/**
 * A `testRuntime` around `client` serving `entries`, on manual time (from 2026-11-29 12:00 UTC):
 * catalog, admission, environment, dispatcher, the events it reported, and `time` to move.
 */
export function thinkerTestRuntime(client: LlmClient, entries: CatalogEntryInput[] = ENTRIES) {
  const time = new ManualTimers(Date.parse("2026-11-29T12:00:00Z"));
  return { time, ...testRuntime(client, { entries, time }) };
}

export const AddInput = z.object({ a: z.number(), b: z.number() });

/** `add({a, b})`, read-only. */
export class Add extends AbstractTool<z.infer<typeof AddInput>, { sum: number }> {
  readonly name = "add";
  override readonly description = "Add two numbers.";
  readonly input = AddInput;
  readonly output = z.object({ sum: z.number() });
  override readonly readOnly = true;
  execute(input: z.infer<typeof AddInput>) {
    return { sum: input.a + input.b };
  }
}

export const addProvider = new ClassToolProvider(() => new Add());

/** `record_note({text})`: writes, so never read-only. */
export class RecordNote extends AbstractTool<{ text: string }, { saved: boolean }> {
  static readonly saved: string[] = [];
  readonly name = "record_note";
  override readonly description = "Save a note.";
  readonly input = z.object({ text: z.string() });
  readonly output = z.object({ saved: z.boolean() });
  execute(input: { text: string }) {
    RecordNote.saved.push(input.text);
    return { saved: true };
  }
}

export const recordNoteProvider = new ClassToolProvider(() => new RecordNote());

export const SumQuestion = thinkerInput({ numbers: z.array(z.number()) });
export type SumQuestion = z.infer<typeof SumQuestion>;
export const SumAnswer = z.object({ total: z.number() });
export type SumAnswer = z.infer<typeof SumAnswer>;

/** A thinker that adds numbers with the `add` tool. */
export class Summer extends SingleObjectiveThinker<SumQuestion, SumAnswer> {
  readonly name = "summer";
  override readonly description = "Adds numbers.";
  readonly input = SumQuestion;
  readonly output = SumAnswer;

  constructor(options: ThinkerOptions, grade: ThinkerDeclaration["grade"] = "MEDIUM") {
    super(ThinkerDeclaration.of({ grade, output: "COMPACT" }), options);
    this.addTools(addProvider);
  }

  protected task(): string {
    return "Add the numbers you are given, using the add tool.";
  }
}

/** The envelope a thinker's model answers with. */
export function envelope(answer: unknown, reasoning = "added with the tool"): string {
  return JSON.stringify({ reasoning, answer });
}

/**
 * A client whose first call waits until `release()`, answering `answer` then: a run is held in
 * flight (`inside` settles once the call is made) while a test does something alongside it.
 */
export function heldClient(answer: string) {
  let release!: () => void;
  let entered!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const inside = new Promise<void>((resolve) => (entered = resolve));
  const client = new ScriptedLlmClient([
    async () => {
      entered();
      await released;
      return ScriptedLlmClient.answer(answer);
    },
  ]);
  return { client, inside, release };
}
