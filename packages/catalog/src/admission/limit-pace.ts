import { amountFor } from "./limit-amounts.js";
import type { LimitMax } from "./shared-store-checks.js";

/**
 * Pace time within this of the clock counts as caught up: pace costs are fractions of a
 * millisecond, and a wait of a rounding error would have a timer fire without the clock moving.
 */
const PACE_TOLERANCE_MS = 1e-6;

/** What several seats hold together: requests and tokens on each side. */
export interface SeatLoad {
  readonly requests: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
}

/**
 * An entry's pace per declared limit, as {@link PacingTerms} define it: each limit's `paceAt`
 * (epoch ms) runs ahead of the clock by the pace time of what was booked, at `windowMs / max`
 * per unit, and a seat goes when no limit runs more than `burstMs` ahead. Shared by the
 * in-process budget and the in-memory store, so both pace alike; the Postgres store keeps the
 * same numbers in its entry rows.
 *
 * @internal
 */
export class LimitPace {
  /** Per limit, in the order of the limits it was made for. */
  readonly #paceAt: number[];

  constructor(
    readonly limits: readonly LimitMax[],
    readonly burstMs: number,
  ) {
    this.#paceAt = limits.map(() => Number.NEGATIVE_INFINITY);
  }

  /**
   * Whole milliseconds (rounded up) from `now` until a seat fits the pace of every limit (0:
   * now): until no limit's pace runs more than the burst ahead, with `before` (seats to be
   * booked first, at `now`) already booked when given.
   */
  waitMs(now: number, windowMs: number, before?: SeatLoad): number {
    let wait = 0;
    for (let index = 0; index < this.limits.length; index++) {
      let paceAt = this.#paceAt[index]!;
      if (before !== undefined && before.requests > 0)
        paceAt =
          Math.max(paceAt, now) +
          this.#cost(index, before.inputTokens, before.outputTokens, before.requests, windowMs);
      // Whatever the seat's own cost: the credit an entry keeps through a pause or a refund is
      // then the whole burst, also where one seat costs more pace time than the burst.
      const ahead = paceAt - now - this.burstMs;
      if (ahead > PACE_TOLERANCE_MS) wait = Math.max(wait, Math.ceil(ahead - PACE_TOLERANCE_MS));
    }
    return wait;
  }

  /** Spends a seat's pace time at `now` (the caller has checked that it fits). */
  book(inputTokens: number, outputTokens: number, now: number, windowMs: number): void {
    for (let index = 0; index < this.limits.length; index++) {
      const cost = this.#cost(index, inputTokens, outputTokens, 1, windowMs);
      this.#paceAt[index] = Math.max(this.#paceAt[index]!, now) + cost;
    }
  }

  /**
   * Gives back the pace time of amounts a booking no longer holds (negative amounts take more):
   * what a settled call did not use, or a cancelled booking whole.
   */
  giveBack(requests: number, inputTokens: number, outputTokens: number, windowMs: number): void {
    for (let index = 0; index < this.limits.length; index++)
      this.#paceAt[index]! -= this.#cost(index, inputTokens, outputTokens, requests, windowMs);
  }

  #cost(
    index: number,
    inputTokens: number,
    outputTokens: number,
    requests: number,
    windowMs: number,
  ): number {
    const { name, max } = this.limits[index]!;
    return (amountFor(name, inputTokens, outputTokens, requests) * windowMs) / max;
  }
}
