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
  const price = (text: string | undefined, fallback: string): Decimal =>
    Decimal.parse(text ?? fallback);
  const input = price(prices.input, prices.input);
  const read = price(prices.cacheRead, prices.input);
  const write = price(prices.cacheWrite, prices.input);
  const writeHour = price(prices.cacheWrite1h, prices.cacheWrite ?? prices.input);
  const output = price(prices.output, prices.output);
  const reasoning = price(prices.reasoning, prices.output);
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
      .plus(read.times(cached))
      .plus(write.times(written - writtenForAnHour))
      .plus(writeHour.times(writtenForAnHour));
    inputMicros = inputMicros.plus(prompt);
    allMicros = allMicros
      .plus(prompt)
      .plus(output.times(usage.outputTokens))
      .plus(reasoning.times(usage.reasoningTokens ?? 0));
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
