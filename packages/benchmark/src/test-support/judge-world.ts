// Catalog, admission, dispatcher and environment for the judge's tests, plus a small thinker
// that adds numbers with a tool (after the thinkers package's own test world). Every entry's
// provider model name differs from its id, so blindness is checked on both.
import { CatalogAdmission, parseCatalog, type CatalogEntryInput } from "@nucleo/catalog";
import { LlmEnvironment, type LlmClient } from "@nucleo/conversation";
import { AbstractTool, JobDispatcher, ThinkerDeclaration, type RunEvent } from "@nucleo/core";
import { ManualTimers } from "@nucleo/core/testing";
import { SingleObjectiveThinker, thinkerInput, type ThinkerOptions } from "@nucleo/thinkers";
import { ClassToolProvider } from "@nucleo/tools";
import { z } from "zod";

const PRICES = { currency: "USD", effectiveFrom: "2025-01-01", source: "test fixture", input: "1", output: "4" };

function entry(id: string, model: string, grade: CatalogEntryInput["grade"]): CatalogEntryInput {
  return { id, provider: "openai", model, grade, contextWindow: 128_000, outputCeiling: 16_000, prices: PRICES, limits: { tokensPerMinute: 100_000_000 } };
}

/** SMALL to XL; CEILING resolves to `xl` (no MEGA entry is pinned). */
export const JUDGE_ENTRIES: CatalogEntryInput[] = [
  entry("small", "acme-small-1", "SMALL"),
  entry("medium", "acme-medium-2", "MEDIUM"),
  entry("large", "acme/acme-large-3", "LARGE"),
  entry("xl", "acme-xl-4", "XL"),
];

/** A dispatcher over {@link JUDGE_ENTRIES} whose every model call goes to `client`. */
export function judgeWorld(client: LlmClient) {
  const time = new ManualTimers(Date.parse("2026-11-29T12:00:00Z"));
  const catalog = parseCatalog(JUDGE_ENTRIES, "judge-test");
  const admission = new CatalogAdmission({ catalog, clock: time, timers: time });
  const events: RunEvent[] = [];
  const dispatcher = new JobDispatcher({ admission, clock: time, timers: time, observers: [{ onEvent: (event) => events.push(event) }] });
  const environment = LlmEnvironment.from(admission, { openai: client }, time);
  return { time, catalog, admission, dispatcher, environment, events };
}

const AddInput = z.object({ a: z.number(), b: z.number() });

/** `add({a, b})`, read-only. */
class Add extends AbstractTool<z.infer<typeof AddInput>, { sum: number }> {
  readonly name = "add";
  override readonly description = "Add two numbers.";
  readonly input = AddInput;
  readonly output = z.object({ sum: z.number() });
  override readonly readOnly = true;
  execute(input: z.infer<typeof AddInput>) {
    return { sum: input.a + input.b };
  }
}

export const SumQuestion = thinkerInput({ numbers: z.array(z.number()) });
export const SumAnswer = z.object({ total: z.number() });

/** The task a {@link Summer} works under: its whole objective. */
export const SUMMER_TASK = "Add the numbers you are given, using the add tool.";

/** A thinker that adds numbers with the `add` tool. */
export class Summer extends SingleObjectiveThinker<z.infer<typeof SumQuestion>, z.infer<typeof SumAnswer>> {
  readonly name = "summer";
  override readonly description = "Adds numbers.";
  readonly input = SumQuestion;
  readonly output = SumAnswer;

  constructor(options: ThinkerOptions) {
    super(ThinkerDeclaration.of({ grade: "MEDIUM", output: "COMPACT" }), options);
    this.addTools(new ClassToolProvider(() => new Add()));
  }

  protected task(): string {
    return SUMMER_TASK;
  }
}

/** The envelope a thinker's model answers with. */
export function envelope(answer: unknown, reasoning = "added with the tool"): string {
  return JSON.stringify({ reasoning, answer });
}

/** Every entry id and provider model name of {@link JUDGE_ENTRIES}: what a judge must never see. */
export const JUDGE_MODEL_NAMES: readonly string[] = JUDGE_ENTRIES.flatMap((item) => [item.id, item.model]);

/**
 * The names that still stand on their own in `text`, found without the blindfold's regex
 * (plain `indexOf`; a kept `[model]` counts as a separator), so a test of the blindfold does
 * not check it with itself.
 */
export function namesIn(text: string, names: readonly string[]): string[] {
  const plain = text.toLowerCase().replaceAll("[model]", "\u0000");
  const isWordCharacter = (character: string | undefined) => character !== undefined && /[\p{L}\p{N}]/u.test(character);
  const found: string[] = [];
  for (const name of names.map((item) => item.trim().toLowerCase()).filter(Boolean)) {
    for (let at = plain.indexOf(name); at >= 0; at = plain.indexOf(name, at + 1)) {
      const leftOpen = !isWordCharacter(name[0]) || !isWordCharacter(plain[at - 1]);
      const rightOpen = !isWordCharacter(name.at(-1)) || !isWordCharacter(plain[at + name.length]);
      if (leftOpen && rightOpen) found.push(`${name} at ${at} in ${JSON.stringify(text.slice(Math.max(0, at - 20), at + name.length + 20))}`);
    }
  }
  return found;
}
