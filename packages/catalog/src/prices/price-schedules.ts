import type { ModelInfo, ModelPrice, TieredPrices } from "@pydantic/genai-prices";
import type { PriceScheduleInput } from "../entry/catalog-entry.js";
import { priceNumberText } from "./price-number-text.js";

/** What {@link priceSchedulesOf} needs besides the model's prices. */
export interface PriceSchedulesContext {
  /** The day the list was read; the `effectiveFrom` of prices with no start date. */
  readonly takenOn: string;
  /** Where and when the prices were taken, written into every schedule. */
  readonly source: string;
  /** Price-list keys to leave out rather than refuse. */
  readonly ignoredPriceKeys: ReadonlySet<string>;
  /** Refuses the model, naming the entry field and what was expected there. */
  readonly refuse: (field: string, expected: string) => never;
}

const ENTRY_KEY_OF = {
  input_mtok: "input",
  output_mtok: "output",
  cache_read_mtok: "cacheRead",
  cache_write_mtok: "cacheWrite",
  cache_write_1h_mtok: "cacheWrite1h",
} as const;

type ListKey = keyof typeof ENTRY_KEY_OF;
type EntryKey = (typeof ENTRY_KEY_OF)[ListKey];
type ListValue = number | TieredPrices;
type PriceTexts = {
  input: string;
  output: string;
  cacheRead?: string;
  cacheWrite?: string;
  cacheWrite1h?: string;
};

const LIST_KEYS = Object.keys(ENTRY_KEY_OF) as ListKey[];

/**
 * Turns a price-list model's prices into catalog price schedules. Plain prices become one
 * schedule in force from `takenOn`. Prices with start dates become one schedule per date; the
 * opening prices of such a list (no start date) are kept, from `takenOn`, only while `takenOn`
 * precedes the first start date: after that they are history whose first day is unknown.
 * Tiered values become `tiers`, all prices combined per input-token threshold.
 *
 * @internal
 */
export function priceSchedulesOf(
  model: ModelInfo,
  context: PriceSchedulesContext,
): PriceScheduleInput[] {
  if (!Array.isArray(model.prices)) return [scheduleOf(model.prices, context.takenOn, context)];
  const opening: ModelPrice[] = [];
  const dated: { readonly startDate: string; readonly prices: ModelPrice }[] = [];
  for (const conditional of model.prices) {
    const constraint = conditional.constraint;
    if (constraint === undefined) opening.push(conditional.prices);
    else if (constraint.type === "start_date")
      dated.push({ startDate: constraint.start_date, prices: conditional.prices });
    else
      context.refuse(
        "prices",
        `prices by start date, but the price list prices this model by ${constraint.type}, which a catalog cannot express`,
      );
  }
  if (opening.length > 1) context.refuse("prices", "at most one price list without a start date");
  dated.sort((a, b) => a.startDate.localeCompare(b.startDate));
  const schedules = dated.map(({ startDate, prices }) => scheduleOf(prices, startDate, context));
  const first = dated[0];
  if (opening[0] !== undefined && (first === undefined || context.takenOn < first.startDate)) {
    schedules.unshift(scheduleOf(opening[0], context.takenOn, context));
  }
  return schedules;
}

function scheduleOf(
  prices: ModelPrice,
  effectiveFrom: string,
  context: PriceSchedulesContext,
): PriceScheduleInput {
  const values = expressibleValues(prices, context);
  const schedule: PriceScheduleInput = {
    currency: "USD",
    effectiveFrom,
    source: context.source,
    ...textsOf(values, baseOf, "", context),
  };
  const thresholds = [
    ...new Set(
      [...values.values()].flatMap((value) =>
        typeof value === "number" ? [] : value.tiers.map((tier) => tier.start),
      ),
    ),
  ];
  if (thresholds.length > 0) {
    schedule.tiers = thresholds
      .sort((a, b) => a - b)
      .map((threshold) => ({
        aboveInputTokens: threshold,
        ...textsOf(values, (value) => priceAbove(value, threshold), "tiers.", context),
      }));
  }
  return schedule;
}

function expressibleValues(
  prices: ModelPrice,
  context: PriceSchedulesContext,
): Map<EntryKey, ListValue> {
  for (const [key, value] of Object.entries(prices)) {
    if (value !== undefined && !isListKey(key) && !context.ignoredPriceKeys.has(key)) {
      context.refuse(
        "prices",
        `only prices a catalog entry can express (${LIST_KEYS.join(", ")}), but the price list also charges ${key}; add it to ignoredPriceKeys only if calls never incur it`,
      );
    }
  }
  const values = new Map<EntryKey, ListValue>();
  for (const key of LIST_KEYS) {
    const value = prices[key];
    if (value !== undefined && !context.ignoredPriceKeys.has(key))
      values.set(ENTRY_KEY_OF[key], value);
  }
  return values;
}

function textsOf(
  values: ReadonlyMap<EntryKey, ListValue>,
  priceOf: (value: ListValue) => number,
  fieldPrefix: string,
  context: PriceSchedulesContext,
): PriceTexts {
  const text = (key: EntryKey): string | undefined => {
    const value = values.get(key);
    return value === undefined
      ? undefined
      : textOf(priceOf(value), `${fieldPrefix}${key}`, context);
  };
  const input = text("input");
  const output = text("output");
  if (input === undefined || output === undefined)
    return context.refuse("prices", "input and output prices per million tokens in the price list");
  const texts: PriceTexts = { input, output };
  const cacheRead = text("cacheRead");
  const cacheWrite = text("cacheWrite");
  if (cacheRead !== undefined) texts.cacheRead = cacheRead;
  const cacheWrite1h = text("cacheWrite1h");
  if (cacheWrite !== undefined) texts.cacheWrite = cacheWrite;
  if (cacheWrite1h !== undefined) texts.cacheWrite1h = cacheWrite1h;
  return texts;
}

function isListKey(key: string): key is ListKey {
  return Object.hasOwn(ENTRY_KEY_OF, key);
}

function baseOf(value: ListValue): number {
  return typeof value === "number" ? value : value.base;
}

/** The price in force for requests above `threshold` input tokens: the list bills a tier when input exceeds its start. */
function priceAbove(value: ListValue, threshold: number): number {
  if (typeof value === "number") return value;
  let price = value.base;
  for (const tier of [...value.tiers].sort((a, b) => a.start - b.start))
    if (tier.start <= threshold) price = tier.price;
  return price;
}

function textOf(value: number, field: string, context: PriceSchedulesContext): string {
  const result = priceNumberText(value);
  if (!result.success)
    context.refuse(
      `prices.${field}`,
      `${result.reason.replace(/^expected /, "")} (a price is written as exact decimal text)`,
    );
  return result.text;
}
