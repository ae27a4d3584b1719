import { CostColumn } from "./cost-column.js";
import { NO_COST, type CostTotals } from "./cost-totals.js";
import type { RecordRow } from "./record-text-reader.js";

/** How many token counts a call has in {@link CallColumns.tokens}. */
export const TOKEN_COUNTS = 5;

/**
 * Model calls as columns, by call number, as the trajectory reads them: no object per call.
 *
 * @internal
 */
export interface CallColumns {
  readonly jobIds: readonly string[];
  readonly currencies: readonly string[];
  /** {@link TOKEN_COUNTS} per call: input, cache-read, cache-creation, output and reasoning tokens. */
  readonly tokens: Float64Array;
  /** The rows the calls were read from, and per call which one holds its exact cost, and where in it (from, to). */
  readonly rows: readonly RecordRow[];
  readonly costRow: Int32Array;
  readonly costFrom: Int32Array;
  readonly costTo: Int32Array;
}

/**
 * Totals for many jobs at once, by position: a column of numbers per counter and an exact
 * {@link CostColumn} per currency. A trajectory sums a hundred thousand calls and rolls them
 * up through it without a map or an object per job; objects are made only for the answer.
 * (Plain loops, no iterators: this runs a few hundred thousand times per large trajectory.)
 *
 * @internal
 */
export class TotalsTable {
  readonly #size: number;
  readonly #calls: Float64Array;
  readonly #input: Float64Array;
  readonly #cacheRead: Float64Array;
  readonly #cacheCreation: Float64Array;
  readonly #output: Float64Array;
  readonly #reasoning: Float64Array;
  /** Currencies in first-seen order, and their columns at the same positions. */
  readonly #currencies: string[] = [];
  readonly #costs: CostColumn[] = [];

  constructor(size: number) {
    this.#size = size;
    this.#calls = new Float64Array(size);
    this.#input = new Float64Array(size);
    this.#cacheRead = new Float64Array(size);
    this.#cacheCreation = new Float64Array(size);
    this.#output = new Float64Array(size);
    this.#reasoning = new Float64Array(size);
  }

  /** Adds model call number `call` of `calls` to the totals at `index`. */
  addCall(index: number, calls: CallColumns, call: number): void {
    const tokens = calls.tokens;
    const at = call * TOKEN_COUNTS;
    this.#calls[index]! += 1;
    this.#input[index]! += tokens[at]!;
    this.#cacheRead[index]! += tokens[at + 1]!;
    this.#cacheCreation[index]! += tokens[at + 2]!;
    this.#output[index]! += tokens[at + 3]!;
    this.#reasoning[index]! += tokens[at + 4]!;
    this.#column(calls.currencies[call]!).addText(
      index,
      calls.rows[calls.costRow[call]!]!.records!,
      calls.costFrom[call]!,
      calls.costTo[call]!,
    );
  }

  /** Adds the totals at `from` in `source` (this table or another) to the totals at `index`. */
  addFrom(index: number, source: TotalsTable, from: number): void {
    this.#calls[index]! += source.#calls[from]!;
    this.#input[index]! += source.#input[from]!;
    this.#cacheRead[index]! += source.#cacheRead[from]!;
    this.#cacheCreation[index]! += source.#cacheCreation[from]!;
    this.#output[index]! += source.#output[from]!;
    this.#reasoning[index]! += source.#reasoning[from]!;
    for (let currency = 0; currency < source.#currencies.length; currency += 1) {
      const column =
        source === this ? this.#costs[currency]! : this.#column(source.#currencies[currency]!);
      column.addFrom(index, source.#costs[currency]!, from);
    }
  }

  /** The totals at `index`, currencies in alphabetical order; the shared {@link NO_COST} when empty. */
  totalsAt(index: number): CostTotals {
    let cost: Record<string, string> | undefined;
    for (const currency of this.#alphabetical()) {
      const amount = this.#costs[currency]!.textAt(index);
      if (amount !== undefined) (cost ??= {})[this.#currencies[currency]!] = amount;
    }
    if (this.#calls[index] === 0 && cost === undefined) return NO_COST;
    return {
      calls: this.#calls[index]!,
      tokens: {
        input: this.#input[index]!,
        cacheRead: this.#cacheRead[index]!,
        cacheCreation: this.#cacheCreation[index]!,
        output: this.#output[index]!,
        reasoning: this.#reasoning[index]!,
      },
      cost: cost ?? {},
    };
  }

  #order: number[] | undefined;

  /** Positions of the currencies in alphabetical order of their codes. */
  #alphabetical(): number[] {
    if (this.#order?.length !== this.#currencies.length) {
      this.#order = this.#currencies
        .map((_, position) => position)
        .sort((left, right) => (this.#currencies[left]! < this.#currencies[right]! ? -1 : 1));
    }
    return this.#order;
  }

  #column(currency: string): CostColumn {
    // Nearly always one or two currencies: a scan beats a map.
    for (let position = 0; position < this.#currencies.length; position += 1) {
      if (this.#currencies[position] === currency) return this.#costs[position]!;
    }
    const column = new CostColumn(this.#size);
    this.#currencies.push(currency);
    this.#costs.push(column);
    return column;
  }
}
