import { Decimal, type TokenUsage } from "@nucleo/core";
import type { CatalogEntry, PriceSchedule } from "../entry/catalog-entry.js";
import { CatalogError } from "../entry/catalog-error.js";

/** What one call cost, exactly, and which price list priced it. */
export interface CallPrice {
  readonly cost: Decimal;
  readonly currency: string;
  readonly schedule: PriceSchedule;
}

/**
 * The price list in force on `at`: the latest whose `effectiveFrom` is not after it.
 *
 * @throws {CatalogError} when every price list of the entry starts later.
 */
export function scheduleAt(entry: CatalogEntry, at: Date): PriceSchedule {
  const day = utcDay(at);
  let current: PriceSchedule | undefined;
  for (const schedule of entry.prices) if (schedule.effectiveFrom <= day) current = schedule;
  if (!current) {
    throw new CatalogError({
      file: "(pricing)",
      entry: `"${entry.id}"`,
      field: "prices",
      expected: `a price list in force on ${day}; the earliest starts ${entry.prices[0]?.effectiveFrom}`,
    });
  }
  return current;
}

/**
 * Prices one call exactly from the usage the provider reported: full-price input, cache reads,
 * five-minute and one-hour cache writes, output and reasoning, each at its own rate (cache
 * prices default to the input price, one-hour writes to the five-minute write price, reasoning
 * to the output price). Where the entry has tiers, the highest tier whose
 * threshold the request's total input exceeds prices the whole call, as providers bill
 * long-context requests; a tier's missing prices default within the tier.
 *
 * @example
 * priceCall(entry, { inputTokens: 1_200, outputTokens: 300 }).cost.toString(); // "0.0009"
 */
export function priceCall(
  entry: CatalogEntry,
  usage: TokenUsage,
  at: Date = new Date(),
): CallPrice {
  const schedule = scheduleAt(entry, at);
  const cached = usage.cachedInputTokens ?? 0;
  const written = usage.cacheWriteTokens ?? 0;
  const totalInput = usage.inputTokens + cached + written;
  const tier =
    schedule.tiers === undefined || schedule.tiers.length === 0
      ? undefined
      : [...schedule.tiers]
          .sort((a, b) => b.aboveInputTokens - a.aboveInputTokens)
          .find((candidate) => totalInput > candidate.aboveInputTokens);
  // A tier is a price list of its own: what it leaves out defaults to its own input and
  // output prices, never to the base list's cheaper ones.
  const prices = tier ?? schedule;
  let perMillion = Decimal.ZERO;
  const add = (tokens: number, price: string): void => {
    if (tokens > 0) perMillion = perMillion.plus(parsedPrice(price).times(tokens));
  };
  add(usage.inputTokens, prices.input);
  add(cached, prices.cacheRead ?? prices.input);
  // Hour-long writes are a part of all writes, at their own price (which defaults to the
  // five-minute one: a schedule without it belongs to an entry that never caches for an hour).
  const writtenForAnHour = Math.min(usage.cacheWrite1hTokens ?? 0, written);
  const fiveMinuteWrite = prices.cacheWrite ?? prices.input;
  add(written - writtenForAnHour, fiveMinuteWrite);
  add(writtenForAnHour, prices.cacheWrite1h ?? fiveMinuteWrite);
  add(usage.outputTokens, prices.output);
  add(usage.reasoningTokens ?? 0, prices.reasoning ?? prices.output);
  return { cost: perMillion.shiftLeft(6), currency: schedule.currency, schedule };
}

// Every call is priced: formatting its date and parsing its price texts each time showed up in
// profiles. Both are pure, so they are remembered (the day until it changes, prices by text).
let lastDay = { number: Number.NaN, text: "" };
const prices = new Map<string, Decimal>();

function utcDay(at: Date): string {
  const number = Math.floor(at.getTime() / 86_400_000);
  if (number !== lastDay.number) lastDay = { number, text: at.toISOString().slice(0, 10) };
  return lastDay.text;
}

function parsedPrice(text: string): Decimal {
  let price = prices.get(text);
  if (price === undefined) {
    price = Decimal.parse(text);
    if (prices.size >= 1_024) prices.clear();
    prices.set(text, price);
  }
  return price;
}
