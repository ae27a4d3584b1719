import type { CatalogEntry, RateLimits } from "../entry/catalog-entry.js";
import type { SeatDemand } from "../picker/model-picker.js";
import { RollingWindow, type WindowBooking } from "./rolling-window.js";

/** Which of an entry's limits a window enforces. */
export type LimitName = keyof RateLimits;

/**
 * What one reservation holds in each of its entry's windows, in the order of
 * `EntryBudget.windows` (one flat array per seat: seats in flight are many). @internal
 */
export type EntryBooking = readonly WindowBooking[];

/** The amount a demand (one request, or `requests` of them) books against one limit. @internal */
export function amountFor(limit: LimitName, inputTokens: number, outputTokens: number, requests = 1): number {
  switch (limit) {
    case "requestsPerMinute":
      return requests;
    case "tokensPerMinute":
      return inputTokens + outputTokens;
    case "inputTokensPerMinute":
      return inputTokens;
    case "outputTokensPerMinute":
      return outputTokens;
  }
}

/**
 * The rolling windows of one entry — one per limit it declares — and its cooldown after a
 * provider's throttling answer.
 *
 * @internal
 */
export class EntryBudget {
  readonly windows: ReadonlyArray<readonly [LimitName, RollingWindow]>;
  coolingUntil = 0;

  constructor(
    readonly entry: CatalogEntry,
    windowMs = 60_000,
  ) {
    this.windows = (Object.entries(entry.limits) as Array<[LimitName, number | undefined]>)
      .filter((pair): pair is [LimitName, number] => pair[1] !== undefined)
      .map(([name, limit]) => [name, new RollingWindow(limit, windowMs)] as const);
  }

  /** The first limit `demand` exceeds on its own, if any: such a seat could never be admitted. */
  neverFits(demand: SeatDemand): { limit: LimitName; size: number; max: number } | undefined {
    for (const [name, window] of this.windows) {
      const size = amountFor(name, demand.inputTokens, demand.outputTokens);
      if (size > window.limit) return { limit: name, size, max: window.limit };
    }
    return undefined;
  }

  /** Milliseconds until `demand` fits every window and the cooldown is over. */
  waitMs(demand: SeatDemand, now: number): number {
    let wait = Math.max(0, this.coolingUntil - now);
    for (const [name, window] of this.windows) wait = Math.max(wait, window.waitMs(amountFor(name, demand.inputTokens, demand.outputTokens), now));
    return wait;
  }

  book(demand: SeatDemand, now: number): EntryBooking {
    return this.windows.map(([name, window]) => window.book(amountFor(name, demand.inputTokens, demand.outputTokens), now));
  }

  /** Replaces the booked amounts with what the call really used. */
  settle(booking: EntryBooking, inputTokens: number, outputTokens: number): void {
    for (let index = 0; index < booking.length; index++) {
      const [name, window] = this.windows[index]!;
      if (name !== "requestsPerMinute") window.adjust(booking[index]!, amountFor(name, inputTokens, outputTokens));
    }
  }

  cancel(booking: EntryBooking): void {
    for (let index = 0; index < booking.length; index++) this.windows[index]![1].cancel(booking[index]!);
  }
}
