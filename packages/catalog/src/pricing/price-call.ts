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
 * five-minute and one-hour cache writes, output and reasoning, each at its own rate. Reasoning
 * defaults to the output price. Cache prices a list leaves out are, for Anthropic, its published
 * multiples of the input price (reads 0.1×, writes 1.25×, one-hour writes 2×); for OpenAI the
 * input price. Where the entry has tiers, the highest tier whose
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
  const add = (tokens: number, price: string | Decimal): void => {
    if (tokens > 0)
      perMillion = perMillion.plus(
        (typeof price === "string" ? parsedPrice(price) : price).times(tokens),
      );
  };
  add(usage.inputTokens, prices.input);
  // Most calls touch no cache: their cache prices are not worked out (priceCall is on every call).
  if (cached > 0 || written > 0) {
    const cache = cachePrices(entry, prices);
    add(cached, cache.read);
    // Hour-long writes are a part of all writes, at their own price.
    const writtenForAnHour = Math.min(usage.cacheWrite1hTokens ?? 0, written);
    add(written - writtenForAnHour, cache.write);
    add(writtenForAnHour, cache.write1h);
  }
  add(usage.outputTokens, prices.output);
  add(usage.reasoningTokens ?? 0, prices.reasoning ?? prices.output);
  return { cost: perMillion.shiftLeft(6), currency: schedule.currency, schedule };
}

/**
 * Anthropic bills every model's cache the same way, relative to its input price (a tier's, above
 * a long-context threshold): reads at 0.1×, five-minute writes at 1.25×, one-hour writes at 2×.
 * A price list that leaves a cache price out gets it from these, exactly, so a caching call is
 * never priced as plain input (writes cost more than input: that would under-price them).
 */
const ANTHROPIC_CACHE_MULTIPLIERS = {
  read: Decimal.parse("0.1"),
  write: Decimal.parse("1.25"),
  write1h: Decimal.parse("2"),
} as const;

/** The cache prices that apply: the list's own, else the provider's rule, else the input price. */
function cachePrices(
  entry: CatalogEntry,
  prices: Pick<PriceSchedule, "input" | "cacheRead" | "cacheWrite" | "cacheWrite1h">,
): { read: string | Decimal; write: string | Decimal; write1h: string | Decimal } {
  if (entry.provider === "anthropic") {
    const input = parsedPrice(prices.input);
    return {
      read: prices.cacheRead ?? input.times(ANTHROPIC_CACHE_MULTIPLIERS.read),
      write: prices.cacheWrite ?? input.times(ANTHROPIC_CACHE_MULTIPLIERS.write),
      write1h: prices.cacheWrite1h ?? input.times(ANTHROPIC_CACHE_MULTIPLIERS.write1h),
    };
  }
  // OpenAI's cached discount differs by model, so nothing is derived: a read defaults to the
  // input price (never under-priced), and writes, which OpenAI does not bill apart, too.
  const write = prices.cacheWrite ?? prices.input;
  return { read: prices.cacheRead ?? prices.input, write, write1h: prices.cacheWrite1h ?? write };
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
