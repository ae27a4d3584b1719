import { Decimal } from "@nucleo/core";
import { NO_COST, type CostTotals } from "./cost-totals.js";

/** One job's share of a workflow's spending, as the trajectory query reads it (one currency). */
export interface SpendRow {
  readonly calls: number;
  readonly input: number;
  readonly cacheRead: number;
  readonly cacheCreation: number;
  readonly output: number;
  readonly reasoning: number;
  readonly currency: string;
  /** Exact decimal text. */
  readonly cost: string;
}

/**
 * Totals for many jobs at once, by position: a column of numbers per counter and a column of
 * exact {@link Decimal}s per currency. A trajectory rolls a hundred thousand jobs up through
 * it without a map or an object per job; objects are made only for the answer. (Unrolled
 * loops, no iterators: this runs a few hundred thousand times per large trajectory.)
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
  readonly #costs: (Decimal | undefined)[][] = [];

  constructor(size: number) {
    this.#size = size;
    this.#calls = new Float64Array(size);
    this.#input = new Float64Array(size);
    this.#cacheRead = new Float64Array(size);
    this.#cacheCreation = new Float64Array(size);
    this.#output = new Float64Array(size);
    this.#reasoning = new Float64Array(size);
  }

  /** Adds one spend row to the totals at `index`. */
  addRow(index: number, row: SpendRow): void {
    this.#calls[index]! += row.calls;
    this.#input[index]! += row.input;
    this.#cacheRead[index]! += row.cacheRead;
    this.#cacheCreation[index]! += row.cacheCreation;
    this.#output[index]! += row.output;
    this.#reasoning[index]! += row.reasoning;
    this.#addCost(this.#column(row.currency), index, Decimal.parse(row.cost));
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
      const amount = source.#costs[currency]![from];
      if (amount === undefined) continue;
      const column = source === this ? this.#costs[currency]! : this.#column(source.#currencies[currency]!);
      this.#addCost(column, index, amount);
    }
  }

  /** The totals at `index`, currencies in alphabetical order; the shared {@link NO_COST} when empty. */
  totalsAt(index: number): CostTotals {
    let cost: Record<string, string> | undefined;
    for (const currency of this.#alphabetical()) {
      const amount = this.#costs[currency]![index];
      if (amount !== undefined) (cost ??= {})[this.#currencies[currency]!] = amount.toString();
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
      this.#order = this.#currencies.map((_, position) => position).sort((left, right) => (this.#currencies[left]! < this.#currencies[right]! ? -1 : 1));
    }
    return this.#order;
  }

  #column(currency: string): (Decimal | undefined)[] {
    const position = this.#currencies.indexOf(currency);
    if (position >= 0) return this.#costs[position]!;
    const column = new Array<Decimal | undefined>(this.#size).fill(undefined);
    this.#currencies.push(currency);
    this.#costs.push(column);
    return column;
  }

  #addCost(column: (Decimal | undefined)[], index: number, amount: Decimal): void {
    const held = column[index];
    column[index] = held === undefined ? amount : held.plus(amount);
  }
}
