import type { CatalogEntry, RateLimits } from "../entry/catalog-entry.js";
import type { SeatDemand } from "../picker/model-picker.js";

/** Which of an entry's limits a budget enforces. */
export type LimitName = keyof RateLimits;

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
 * How close together bookings must be to share a slice. A slice leaves the window with its
 * latest booking, so an earlier booking in it stays at most this much longer than its own
 * minute: a small, safe overstay, bought for a budget whose size no longer grows with traffic.
 */
export const BUDGET_SLICE_MS = 100;

/**
 * The bookings an entry took within one short slice of time, summed. What a seat holds in
 * its entry's budget is a reference to its slice: settling or releasing the seat changes the
 * slice's sums, and nothing is kept per seat once the slice has left the window. @internal
 */
export interface BudgetSlice {
  /** When the slice's first booking was made. */
  readonly startedAt: number;
  /** When its latest booking was made: the whole slice leaves the window this long after. */
  at: number;
  requests: number;
  inputTokens: number;
  outputTokens: number;
  /** False once the slice has left the window: settling into it then changes nothing. */
  live: boolean;
}

/**
 * The budget of one entry: what it has booked in the last window, held against every limit it
 * declares (requests, tokens, or input and output tokens per minute), and its cooldown after a
 * provider's throttling answer. A booking made at `t` counts until `t + windowMs` (at most one
 * slice later), so no window ever admits more than a limit — unlike a token bucket, which lets
 * a full bucket and a minute of refill through in one minute. Bookings made close together
 * share a slice, so the budget holds at most `windowMs / sliceMs` slices however many seats it
 * grants, and taking or returning a seat allocates nothing per limit.
 *
 * @internal
 */
export class EntryBudget {
  /** The limits the entry declares, with their maxima. */
  readonly limits: ReadonlyArray<readonly [LimitName, number]>;
  coolingUntil = 0;
  #slices: BudgetSlice[] = [];
  #head = 0;
  // What the live slices hold, summed.
  #requests = 0;
  #inputTokens = 0;
  #outputTokens = 0;

  constructor(
    readonly entry: CatalogEntry,
    readonly windowMs = 60_000,
    readonly sliceMs = BUDGET_SLICE_MS,
  ) {
    this.limits = (Object.entries(entry.limits) as Array<[LimitName, number | undefined]>).filter((pair): pair is [LimitName, number] => pair[1] !== undefined);
  }

  /** The first limit `demand` exceeds on its own, if any: such a seat could never be admitted. */
  neverFits(demand: SeatDemand): { limit: LimitName; size: number; max: number } | undefined {
    for (const [limit, max] of this.limits) {
      const size = amountFor(limit, demand.inputTokens, demand.outputTokens);
      if (size > max) return { limit, size, max };
    }
    return undefined;
  }

  /** What one limit holds at `now`. */
  used(limit: LimitName, now: number): number {
    this.#expire(now);
    return amountFor(limit, this.#inputTokens, this.#outputTokens, this.#requests);
  }

  /** Milliseconds until `demand` fits every limit and the cooldown is over (Infinity: never). */
  waitMs(demand: SeatDemand, now: number): number {
    this.#expire(now);
    let wait = Math.max(0, this.coolingUntil - now);
    for (const [limit, max] of this.limits) {
      const excess = amountFor(limit, this.#inputTokens, this.#outputTokens, this.#requests) + amountFor(limit, demand.inputTokens, demand.outputTokens) - max;
      if (excess > 0) wait = Math.max(wait, this.#freedAfter(limit, excess) + this.windowMs - now);
    }
    return wait;
  }

  /** Books `demand` at `now` (the caller has checked that it fits); returns the slice holding it. */
  book(demand: SeatDemand, now: number): BudgetSlice {
    this.#expire(now);
    let slice = this.#slices.at(-1);
    if (slice === undefined || this.#slices.length === this.#head || now - slice.startedAt >= this.sliceMs) {
      slice = { startedAt: now, at: now, requests: 0, inputTokens: 0, outputTokens: 0, live: true };
      this.#slices.push(slice);
    } else if (now > slice.at) {
      slice.at = now;
    }
    slice.requests += 1;
    slice.inputTokens += demand.inputTokens;
    slice.outputTokens += demand.outputTokens;
    this.#requests += 1;
    this.#inputTokens += demand.inputTokens;
    this.#outputTokens += demand.outputTokens;
    return slice;
  }

  /** Replaces what a booking (of the booked tokens) holds with what the call really used, if its slice is still in the window. */
  settle(slice: BudgetSlice, bookedInput: number, bookedOutput: number, inputTokens: number, outputTokens: number): void {
    if (!slice.live) return;
    this.#add(slice, 0, inputTokens - bookedInput, outputTokens - bookedOutput);
  }

  /** Removes a booking (of the booked tokens) whole: the call never happened. */
  cancel(slice: BudgetSlice, bookedInput: number, bookedOutput: number): void {
    if (!slice.live) return;
    this.#add(slice, -1, -bookedInput, -bookedOutput);
  }

  #add(slice: BudgetSlice, requests: number, inputTokens: number, outputTokens: number): void {
    slice.requests += requests;
    slice.inputTokens += inputTokens;
    slice.outputTokens += outputTokens;
    this.#requests += requests;
    this.#inputTokens += inputTokens;
    this.#outputTokens += outputTokens;
  }

  /** When the oldest slices whose leaving frees `excess` of `limit` were last booked into. */
  #freedAfter(limit: LimitName, excess: number): number {
    let left = excess;
    for (let index = this.#head; index < this.#slices.length; index++) {
      const slice = this.#slices[index]!;
      left -= amountFor(limit, slice.inputTokens, slice.outputTokens, slice.requests);
      if (left <= 0) return slice.at;
    }
    return Number.POSITIVE_INFINITY; // unreachable while a demand fits its limits on its own
  }

  #expire(now: number): void {
    const cutoff = now - this.windowMs;
    const slices = this.#slices;
    while (this.#head < slices.length && slices[this.#head]!.at <= cutoff) {
      const slice = slices[this.#head++]!;
      this.#add(slice, -slice.requests, -slice.inputTokens, -slice.outputTokens);
      slice.live = false;
    }
    if (this.#head > 1024 && this.#head * 2 > slices.length) {
      this.#slices = slices.slice(this.#head);
      this.#head = 0;
    }
  }
}
