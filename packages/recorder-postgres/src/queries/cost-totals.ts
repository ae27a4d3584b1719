import { Decimal } from "@nucleo/core";
import { sql, type AliasedRawBuilder } from "kysely";

/** Tokens summed over model calls, named after the OpenTelemetry GenAI usage attributes. */
export interface TokenTotals {
  /** Prompt tokens billed at the full input price. */
  readonly input: number;
  /** Prompt tokens served from the provider's cache. */
  readonly cacheRead: number;
  /** Prompt tokens written to the provider's cache. */
  readonly cacheCreation: number;
  /** Answer tokens. */
  readonly output: number;
  /** Reasoning tokens, where the provider reports them apart from the answer. */
  readonly reasoning: number;
}

/** What some model calls spent: calls and tokens, and the exact cost in each currency. */
export interface CostTotals {
  readonly calls: number;
  readonly tokens: TokenTotals;
  /**
   * Exact cost per currency as decimal text (`{ USD: "0.3" }`): shortest form, no float ever
   * involved, and currencies never added together. Empty when no call was made.
   */
  readonly cost: Readonly<Record<string, string>>;
}

/** The totals of no calls at all. */
export const NO_COST: CostTotals = Object.freeze({
  calls: 0,
  tokens: Object.freeze({ input: 0, cacheRead: 0, cacheCreation: 0, output: 0, reasoning: 0 }),
  cost: Object.freeze({}),
});

/** One aggregate row as the database returns it (counts as text or numbers, cost as text). */
export interface TotalsRow {
  readonly calls: unknown;
  readonly input_tokens: unknown;
  readonly cache_read_input_tokens: unknown;
  readonly cache_creation_input_tokens: unknown;
  readonly output_tokens: unknown;
  readonly reasoning_output_tokens: unknown;
  readonly cost: unknown;
}

/**
 * The token columns of a model call (and of `nucleo_cost_attribution`), in table order.
 *
 * @internal
 */
export const TOKEN_COLUMNS = [
  "input_tokens",
  "cache_read_input_tokens",
  "cache_creation_input_tokens",
  "output_tokens",
  "reasoning_output_tokens",
] as const;

/**
 * The aggregate columns every cost query selects over `nucleo_model_calls`: one count, the
 * five token sums and the exact `numeric` sum of `cost` (to be grouped by currency).
 *
 * @internal
 */
export function totalsColumns(): AliasedRawBuilder<unknown, keyof TotalsRow>[] {
  return [
    sql`count(*)`.as("calls"),
    ...TOKEN_COLUMNS.map((column) => sql`sum(${sql.ref(column)})`.as(column)),
    sql`sum(cost)`.as("cost"),
  ];
}

/**
 * A count as a number: drivers return `bigint` and `numeric` sums as text (exact), PGlite and
 * `pg` alike; token sums stay far below 2^53.
 *
 * @internal
 */
export function readCount(value: unknown): number {
  if (value === null || value === undefined) return 0;
  const count = Number(value);
  if (!Number.isSafeInteger(count))
    throw new RangeError(`Expected a whole count from the database, got ${String(value)}`);
  return count;
}

/**
 * Exact decimal text in its shortest form (`"0.30"` → `"0.3"`), so the same amount always
 * reads the same whichever query summed it.
 *
 * @internal
 */
export function readDecimal(value: unknown): string {
  return Decimal.parse(String(value)).toString();
}

/** The tokens of one aggregate row. @internal */
export function readTokens(row: TotalsRow): TokenTotals {
  return {
    input: readCount(row.input_tokens),
    cacheRead: readCount(row.cache_read_input_tokens),
    cacheCreation: readCount(row.cache_creation_input_tokens),
    output: readCount(row.output_tokens),
    reasoning: readCount(row.reasoning_output_tokens),
  };
}

/**
 * Adds up a few aggregate rows in memory, exactly (costs as {@link Decimal}s per currency):
 * one per currency into totals that count calls and tokens over all currencies.
 *
 * @internal
 */
export class TotalsAccumulator {
  calls = 0;
  input = 0;
  cacheRead = 0;
  cacheCreation = 0;
  output = 0;
  reasoning = 0;
  readonly cost = new Map<string, Decimal>();

  /** Adds one aggregate row (one currency's share of some calls). */
  addRow(row: TotalsRow & { readonly currency: string }): this {
    this.calls += readCount(row.calls);
    this.input += readCount(row.input_tokens);
    this.cacheRead += readCount(row.cache_read_input_tokens);
    this.cacheCreation += readCount(row.cache_creation_input_tokens);
    this.output += readCount(row.output_tokens);
    this.reasoning += readCount(row.reasoning_output_tokens);
    this.#addCost(row.currency, Decimal.parse(String(row.cost)));
    return this;
  }

  /** The totals, costs as shortest exact text with currencies in alphabetical order. */
  toTotals(): CostTotals {
    if (this.calls === 0 && this.cost.size === 0) return NO_COST;
    const cost: Record<string, string> = {};
    for (const currency of [...this.cost.keys()].sort())
      cost[currency] = this.cost.get(currency)!.toString();
    return {
      calls: this.calls,
      tokens: {
        input: this.input,
        cacheRead: this.cacheRead,
        cacheCreation: this.cacheCreation,
        output: this.output,
        reasoning: this.reasoning,
      },
      cost,
    };
  }

  #addCost(currency: string, amount: Decimal): void {
    const held = this.cost.get(currency);
    this.cost.set(currency, held === undefined ? amount : held.plus(amount));
  }
}
