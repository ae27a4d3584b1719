import type { RateLimits } from "../entry/catalog-entry.js";
import { amountFor, type LimitName } from "./entry-budget.js";

/** One booking a {@link BookingLedger} holds. @internal */
export interface LedgerBooking {
  readonly id: string;
  readonly entryId: string;
  readonly at: number;
  inputTokens: number;
  outputTokens: number;
  live: boolean;
}

/**
 * One entry's bookings in an in-memory shared store, in time order, with running sums of what
 * the live ones hold (requests, input and output tokens), so booking costs O(1) and a wait is
 * found by walking only the oldest bookings it needs — as `EntryBudget` does in process.
 * Bookings age out by the latest cutoff any caller has asked with: in one process all callers
 * share a clock, and across machines the admission's guard band covers clocks a little apart.
 *
 * @internal
 */
export class BookingLedger {
  coolingUntil = 0;
  #bookings: LedgerBooking[] = [];
  #head = 0;
  #requests = 0;
  #inputTokens = 0;
  #outputTokens = 0;

  /** Drops bookings made at or before `cutoff`, telling `forget` of each live one. */
  expire(cutoff: number, forget: (booking: LedgerBooking) => void): void {
    const bookings = this.#bookings;
    while (this.#head < bookings.length && bookings[this.#head]!.at <= cutoff) {
      const booking = bookings[this.#head++]!;
      if (booking.live) {
        this.remove(booking);
        forget(booking);
      }
    }
    if (this.#head > 1024 && this.#head * 2 > bookings.length) {
      this.#bookings = bookings.slice(this.#head);
      this.#head = 0;
    }
  }

  /** Milliseconds from `now` until every limit has room for the amounts, given what is booked (0: fits now). */
  waitMs(limits: RateLimits, inputTokens: number, outputTokens: number, now: number, windowMs: number): number {
    let wait = 0;
    for (const [limit, max] of Object.entries(limits) as Array<[LimitName, number | undefined]>) {
      if (max === undefined) continue;
      const excess = this.#held(limit) + amountFor(limit, inputTokens, outputTokens) - max;
      if (excess > 0) wait = Math.max(wait, this.#freedAfter(limit, excess) + windowMs - now);
    }
    return wait;
  }

  /** Adds a booking in time order (a caller's clock may run a little behind another's). */
  add(booking: LedgerBooking): void {
    const bookings = this.#bookings;
    let index = bookings.length;
    while (index > this.#head && bookings[index - 1]!.at > booking.at) index--;
    bookings.splice(index, 0, booking);
    this.#count(booking, 1);
  }

  /** Replaces a live booking's token amounts. */
  adjust(booking: LedgerBooking, inputTokens: number, outputTokens: number): void {
    this.#count(booking, -1);
    booking.inputTokens = inputTokens;
    booking.outputTokens = outputTokens;
    this.#count(booking, 1);
  }

  /** Removes a live booking whole. */
  remove(booking: LedgerBooking): void {
    this.#count(booking, -1);
    booking.live = false;
  }

  #count(booking: LedgerBooking, sign: 1 | -1): void {
    this.#requests += sign;
    this.#inputTokens += sign * booking.inputTokens;
    this.#outputTokens += sign * booking.outputTokens;
  }

  #held(limit: LimitName): number {
    return amountFor(limit, this.#inputTokens, this.#outputTokens, this.#requests);
  }

  /** When the oldest live bookings whose leaving frees `excess` were made (they leave a window later). */
  #freedAfter(limit: LimitName, excess: number): number {
    let left = excess;
    for (let index = this.#head; index < this.#bookings.length; index++) {
      const booking = this.#bookings[index]!;
      if (!booking.live) continue;
      left -= amountFor(limit, booking.inputTokens, booking.outputTokens);
      if (left <= 0) return booking.at;
    }
    return Number.POSITIVE_INFINITY; // unreachable while a demand fits its limits on its own
  }
}
