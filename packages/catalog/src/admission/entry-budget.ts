import type { CatalogEntry } from "../entry/catalog-entry.js";
import type { SeatDemand } from "../picker/model-picker.js";
import { amountFor, type LimitName } from "./limit-amounts.js";
import { LimitPace, type SeatLoad } from "./limit-pace.js";
import { RollingWindow, type WindowHolding } from "./rolling-window.js";

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
export interface BudgetSlice extends WindowHolding {
  /** When the slice's first booking was made. */
  readonly startedAt: number;
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
  readonly #window = new RollingWindow<BudgetSlice>();
  /** Set when the entry paces its limits. */
  readonly #pace: LimitPace | undefined;

  constructor(
    readonly entry: CatalogEntry,
    readonly windowMs = 60_000,
    readonly sliceMs = BUDGET_SLICE_MS,
  ) {
    this.limits = (Object.entries(entry.limits) as Array<[LimitName, number | undefined]>).filter(
      (pair): pair is [LimitName, number] => pair[1] !== undefined,
    );
    const pacing = entry.pacing;
    this.#pace =
      typeof pacing === "object"
        ? new LimitPace(
            this.limits.map(([name, max]) => ({ name, max })),
            pacing.burstMs,
          )
        : undefined;
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
    this.#window.expire(now - this.windowMs);
    return this.#window.held(limit);
  }

  /**
   * Milliseconds until `demand` fits every limit, the pace and the cooldown is over, with
   * `before` (seats to be booked first, at `now`) booked when given (Infinity: not while the
   * window holds what it does).
   */
  waitMs(demand: SeatDemand, now: number, before?: SeatLoad): number {
    this.#window.expire(now - this.windowMs);
    const { inputTokens, outputTokens } = demand;
    const window = this.#window.waitMs(
      this.limits,
      inputTokens + (before?.inputTokens ?? 0),
      outputTokens + (before?.outputTokens ?? 0),
      now,
      this.windowMs,
      1 + (before?.requests ?? 0),
    );
    const pace = this.#pace?.waitMs(now, this.windowMs, before) ?? 0;
    return Math.max(this.coolingUntil - now, window, pace);
  }

  /**
   * For routing, how long until `demand` would be granted behind the seats `queued` before it:
   * exact while what the window holds is enough to leave; beyond that, until it has all left
   * plus the time the limit's even rate takes for the rest.
   */
  estimateWaitMs(demand: SeatDemand, now: number, queued: SeatLoad | undefined): number {
    const wait = this.waitMs(demand, now, queued);
    if (wait !== Number.POSITIVE_INFINITY) return wait;
    let estimate = this.coolingUntil - now;
    for (const [limit, max] of this.limits) {
      const held = this.#window.held(limit);
      const over =
        held +
        amountFor(
          limit,
          demand.inputTokens + (queued?.inputTokens ?? 0),
          demand.outputTokens + (queued?.outputTokens ?? 0),
          1 + (queued?.requests ?? 0),
        ) -
        max;
      if (over <= held) continue;
      const allLeft = held > 0 ? this.#window.leavingTime(limit, held) + this.windowMs - now : 0;
      estimate = Math.max(estimate, allLeft + (this.windowMs * (over - held)) / max);
    }
    return estimate;
  }

  /** Books `demand` at `now` (the caller has checked that it fits); returns the slice holding it. */
  book(demand: SeatDemand, now: number): BudgetSlice {
    this.#window.expire(now - this.windowMs);
    let slice = this.#window.newest();
    if (slice === undefined || now - slice.startedAt >= this.sliceMs) {
      slice = { startedAt: now, at: now, requests: 0, inputTokens: 0, outputTokens: 0, live: true };
      this.#window.add(slice);
    } else if (now > slice.at) {
      slice.at = now;
    }
    this.#window.change(slice, 1, demand.inputTokens, demand.outputTokens);
    this.#pace?.book(demand.inputTokens, demand.outputTokens, now, this.windowMs);
    return slice;
  }

  /** Replaces what a booking (of the booked tokens) holds with what the call really used, if its slice is still in the window. */
  settle(
    slice: BudgetSlice,
    bookedInput: number,
    bookedOutput: number,
    inputTokens: number,
    outputTokens: number,
  ): void {
    if (!slice.live) return;
    this.#window.change(slice, 0, inputTokens - bookedInput, outputTokens - bookedOutput);
    this.#pace?.giveBack(0, bookedInput - inputTokens, bookedOutput - outputTokens, this.windowMs);
  }

  /** Removes a booking (of the booked tokens) whole: the call never happened. */
  cancel(slice: BudgetSlice, bookedInput: number, bookedOutput: number): void {
    if (!slice.live) return;
    this.#window.change(slice, -1, -bookedInput, -bookedOutput);
    this.#pace?.giveBack(1, bookedInput, bookedOutput, this.windowMs);
  }
}
