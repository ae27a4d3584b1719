/**
 * The bench's own arithmetic: what a cell's calls cost, recomputed from each call's reported
 * usage and the entry's price list with exact decimals — independently of `priceCall`, so the
 * ledger is checked against usage × price rather than against itself.
 */
import type { CatalogEntry } from "@nucleo/catalog";
import { Decimal, type LlmCallEvent } from "@nucleo/core";

/** A cell's tokens and costs. Costs are exact decimal text in the entry's currency. */
export interface CellCost {
  readonly calls: number;
  /** Every prompt token: full price, cache reads and cache writes. */
  readonly promptTokens: number;
  readonly cacheReadTokens: number;
  readonly cacheWriteTokens: number;
  /** What the prompt tokens cost as billed (reads and writes at their prices). */
  readonly inputCost: string;
  /** Usage × price over everything the calls used. */
  readonly recomputedCost: string;
}

/** Recomputes a cell's costs from its calls' usage and the entry's (single) price list. */
export function costOf(entry: CatalogEntry, calls: readonly LlmCallEvent[]): CellCost {
  if (entry.prices.length !== 1 || entry.prices[0]!.tiers !== undefined)
    throw new Error(`The bench prices one flat price list; ${entry.id} has more.`);
  const prices = entry.prices[0]!;
  // Every price the calls use must be written in the list: the bench does not repeat
  // priceCall's defaults, so a wrong default there shows up here as a mismatch.
  const price = (field: "input" | "output" | "cacheRead" | "cacheWrite" | "cacheWrite1h") => {
    const text = prices[field];
    return text === undefined ? undefined : Decimal.parse(text);
  };
  const required = (value: Decimal | undefined, field: string, tokens: number): Decimal => {
    if (value !== undefined) return value;
    if (tokens === 0) return Decimal.ZERO;
    throw new Error(
      `${entry.id}: the calls used ${field} tokens, but its price list has no ${field} price.`,
    );
  };
  const input = price("input")!;
  const output = price("output")!;
  // Reasoning is billed as output by both providers; a list with its own price is not benched.
  if (prices.reasoning !== undefined)
    throw new Error(`${entry.id}: a reasoning price is not benched.`);
  let promptTokens = 0;
  let cacheReadTokens = 0;
  let cacheWriteTokens = 0;
  let inputMicros = Decimal.ZERO;
  let allMicros = Decimal.ZERO;
  for (const call of calls) {
    const usage = call.usage;
    const cached = usage.cachedInputTokens ?? 0;
    const written = usage.cacheWriteTokens ?? 0;
    const writtenForAnHour = usage.cacheWrite1hTokens ?? 0;
    promptTokens += usage.inputTokens + cached + written;
    cacheReadTokens += cached;
    cacheWriteTokens += written;
    const prompt = input
      .times(usage.inputTokens)
      .plus(required(price("cacheRead"), "cacheRead", cached).times(cached))
      .plus(
        required(price("cacheWrite"), "cacheWrite", written - writtenForAnHour).times(
          written - writtenForAnHour,
        ),
      )
      .plus(
        required(price("cacheWrite1h"), "cacheWrite1h", writtenForAnHour).times(writtenForAnHour),
      );
    inputMicros = inputMicros.plus(prompt);
    allMicros = allMicros
      .plus(prompt)
      .plus(output.times(usage.outputTokens))
      .plus(output.times(usage.reasoningTokens ?? 0));
  }
  return {
    calls: calls.length,
    promptTokens,
    cacheReadTokens,
    cacheWriteTokens,
    inputCost: inputMicros.shiftLeft(6).toString(),
    recomputedCost: allMicros.shiftLeft(6).toString(),
  };
}

/** The exact sum of decimal texts. */
export function sumOf(costs: readonly string[]): string {
  return costs.reduce((sum, cost) => sum.plus(Decimal.parse(cost)), Decimal.ZERO).toString();
}
