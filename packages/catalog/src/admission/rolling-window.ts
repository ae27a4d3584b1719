import { amountFor, type LimitName } from "./limit-amounts.js";

/** What a {@link RollingWindow} holds: one booking, or several booked close together, summed. @internal */
export interface WindowHolding {
  /** When it was (last) booked into: it leaves the window `windowMs` after. */
  at: number;
  requests: number;
  inputTokens: number;
  outputTokens: number;
  /** False once it has left the window or been removed: changing it then counts for nothing. */
  live: boolean;
}

/**
 * One entry's bookings over a rolling window, in time order, with running sums of what the live
 * ones hold (requests, input and output tokens): booking costs O(1), and a wait is found by
 * walking only the oldest holdings it needs. A booking made at `t` counts until `t + windowMs`
 * — never a refilling bucket. The in-process `EntryBudget` holds slices in it, the in-memory
 * shared store single bookings.
 *
 * @internal
 */
export class RollingWindow<THolding extends WindowHolding> {
  #holdings: THolding[] = [];
  #head = 0;
  #requests = 0;
  #inputTokens = 0;
  #outputTokens = 0;

  /** The newest holding still in the window, if any. */
  newest(): THolding | undefined {
    return this.#holdings.length > this.#head ? this.#holdings.at(-1) : undefined;
  }

  /** Drops holdings made at or before `cutoff`, telling `onExpire` of each live one. */
  expire(cutoff: number, onExpire?: (holding: THolding) => void): void {
    const holdings = this.#holdings;
    while (this.#head < holdings.length && holdings[this.#head]!.at <= cutoff) {
      const holding = holdings[this.#head++]!;
      if (!holding.live) continue;
      this.remove(holding);
      onExpire?.(holding);
    }
    // Compact now and then, so a long-lived window neither grows nor copies on every expiry.
    if (this.#head > 1024 && this.#head * 2 > holdings.length) {
      this.#holdings = holdings.slice(this.#head);
      this.#head = 0;
    }
  }

  /** Adds a live holding in time order (a caller's clock may run a little behind another's), counting what it holds. */
  add(holding: THolding): void {
    const holdings = this.#holdings;
    let index = holdings.length;
    while (index > this.#head && holdings[index - 1]!.at > holding.at) index--;
    holdings.splice(index, 0, holding);
    this.#count(holding.requests, holding.inputTokens, holding.outputTokens);
  }

  /** Adds amounts (negative to take away) to a live holding and the sums; a holding gone is left alone. */
  change(holding: THolding, requests: number, inputTokens: number, outputTokens: number): void {
    if (!holding.live) return;
    holding.requests += requests;
    holding.inputTokens += inputTokens;
    holding.outputTokens += outputTokens;
    this.#count(requests, inputTokens, outputTokens);
  }

  /** Removes a live holding whole. */
  remove(holding: THolding): void {
    if (!holding.live) return;
    this.#count(-holding.requests, -holding.inputTokens, -holding.outputTokens);
    holding.live = false;
  }

  /** What one limit holds now (expire first). */
  held(limit: LimitName): number {
    return amountFor(limit, this.#inputTokens, this.#outputTokens, this.#requests);
  }

  /**
   * Milliseconds from `now` until every limit has room for `requests` more requests (default
   * one) of these tokens (0: fits now; Infinity: more than the window holds must leave).
   */
  waitMs(
    limits: Iterable<readonly [LimitName, number]>,
    inputTokens: number,
    outputTokens: number,
    now: number,
    windowMs: number,
    requests = 1,
  ): number {
    let wait = 0;
    for (const [limit, max] of limits) {
      const excess = this.held(limit) + amountFor(limit, inputTokens, outputTokens, requests) - max;
      if (excess > 0) wait = Math.max(wait, this.leavingTime(limit, excess) + windowMs - now);
    }
    return wait;
  }

  #count(requests: number, inputTokens: number, outputTokens: number): void {
    this.#requests += requests;
    this.#inputTokens += inputTokens;
    this.#outputTokens += outputTokens;
  }

  /**
   * When the oldest live holdings whose leaving frees `excess` of `limit` were last booked into;
   * Infinity when all of them together hold less.
   */
  leavingTime(limit: LimitName, excess: number): number {
    let left = excess;
    for (let index = this.#head; index < this.#holdings.length; index++) {
      const holding = this.#holdings[index]!;
      if (!holding.live) continue;
      left -= amountFor(limit, holding.inputTokens, holding.outputTokens, holding.requests);
      if (left <= 0) return holding.at;
    }
    return Number.POSITIVE_INFINITY;
  }
}
