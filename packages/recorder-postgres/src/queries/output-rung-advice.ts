import { FRAMEWORK_OUTPUT_BUDGETS, OUTPUT_RUNGS, type OutputRung } from "@nucleo/core";

/**
 * The headroom the recommended rung keeps above the 95th percentile: ×1.25. A turn that
 * outgrows its seat is cut off (a `max_tokens` stop, then a retry or a correction: a whole
 * turn paid again), while booking a rung too large only holds admission budget that is given
 * back when the seat settles. A quarter on top covers the drift of next month's inputs and
 * the 10–20% by which tokenizers of the models in one grade disagree on the same text.
 */
export const SIZING_HEADROOM = { numerator: 5, denominator: 4 } as const;

/**
 * The smallest of core's output rungs whose framework budget (VERDICT 1,024, COMPACT 4,096,
 * STANDARD 16,384, EXTENDED 32,768) holds `p95OutputTokens` × 1.25; `MAX` (the entry's own
 * ceiling) when none does. Integer arithmetic: p95 × 5 ≤ budget × 4.
 *
 * @example
 * recommendOutputRung(800);   // "VERDICT": 1,000 ≤ 1,024
 * recommendOutputRung(820);   // "COMPACT": 1,025 > 1,024
 */
export function recommendOutputRung(p95OutputTokens: number): OutputRung {
  for (const rung of OUTPUT_RUNGS) {
    if (rung === "MAX") return rung;
    if (
      p95OutputTokens * SIZING_HEADROOM.numerator <=
      FRAMEWORK_OUTPUT_BUDGETS[rung] * SIZING_HEADROOM.denominator
    )
      return rung;
  }
  return "MAX";
}
