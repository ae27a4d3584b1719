import type { RateLimits } from "../entry/catalog-entry.js";

/**
 * How an entry spends each limit over its window: evenly, at `max / windowMs` per millisecond,
 * running at most `burstMs` ahead of that pace. Per declared limit a store keeps a pace time
 * (`paceAt`, epoch ms, starting in the past); a seat booking `amount` against a limit costs
 * `amount * windowMs / max` of pace time. A seat fits the pace when, for every limit,
 * `paceAt - now <= burstMs` — whatever the seat's own cost, so an entry keeps the whole burst
 * as credit through a pause — and booking it sets `paceAt = max(paceAt, now) + cost`. Settling
 * moves `paceAt` back by the cost of what the call did not use (forward when it used more);
 * cancelling moves it back by the booking's whole cost. A pace wait is `paceAt - now - burstMs`
 * rounded up to whole milliseconds, and within 1e-6 ms of 0 it is 0 (a wait of a rounding
 * error would spin). Pacing only decides *when*: the rolling window still holds every limit
 * (docs/decisions/0038).
 */
export interface PacingTerms {
  /** How far ahead of an even pace the entry may run (ms, 0 or more). */
  readonly burstMs: number;
}

/**
 * What a {@link SharedBudgetStore} books against: an entry, its limits and its pacing. The
 * store holds no catalog: the terms travel with every booking, so a fleet whose processes load
 * the same catalog agrees on them without a second source of truth.
 */
export interface SharedEntryTerms {
  /** The catalog entry the seats are on. */
  readonly entryId: string;
  /** The entry's declared per-minute limits; a limit left out is not enforced. */
  readonly limits: RateLimits;
  /** Spend the limits evenly; left out, a window's whole budget may go at once. */
  readonly pacing?: PacingTerms;
}

/** What one seat books: the tokens of its request and the output budget of its answer. */
export interface SeatTokens {
  /** Prompt tokens the request carries. */
  readonly inputTokens: number;
  /** The output budget booked for the answer. */
  readonly outputTokens: number;
}

/** What one seat books against an entry's limits in a {@link SharedBudgetStore}. */
export interface SharedDemand extends SharedEntryTerms, SeatTokens {}

/** A booking a {@link SharedBudgetStore} holds for one seat. */
export interface SharedBooking {
  /** Unique in the store. */
  readonly id: string;
  /** The entry it is booked on. */
  readonly entryId: string;
}

/**
 * The store's answer to {@link SharedBudgetStore.book}: the booking, or how long to wait before
 * asking again (milliseconds, > 0) because a limit or a cooldown has no room now.
 */
export type SharedBookingAnswer = { readonly booked: SharedBooking } | { readonly waitMs: number };

/**
 * The store's answer to {@link SharedBudgetStore.bookInOrder}: the bookings of the seats it
 * booked (the first `booked.length` seats, in order), and `waitMs`: 0 when it booked them all,
 * else how long until the first seat it did not book would fit (ms, > 0).
 */
export interface SharedBatchAnswer {
  readonly booked: readonly SharedBooking[];
  readonly waitMs: number;
}

/**
 * Where a call's first seat stands in the fleet's line for an entry. Each process keeps its own
 * queue in order; the turn keeps the fleet in order too: the store holds, per entry, a *claim*
 * for the oldest seat it could not book — its `since`, its tokens, and until when
 * (`now + holdMs`). While a claim lives, a call whose first seat is younger is judged as if the
 * claimed seat were booked first, so it books only what leaves the claimed seat its room. A
 * refused call whose first unbooked seat is older than the live claim (or finds none) puts that
 * seat's claim in place; the claimant booking its claimed seat removes the claim; a claim not
 * renewed by then lapses (its process gave up or died). Calls without a turn neither claim nor
 * respect claims.
 */
export interface FleetTurn {
  /** When the call's first seat began to wait (epoch ms, the caller's clock). */
  readonly since: number;
  /** How long the store keeps a claim for the seat it cannot book now (ms, > 0): the caller asks again within this. */
  readonly holdMs: number;
}

/** The most seats one {@link SharedBudgetStore.bookInOrder} call may carry. */
export const MAX_SEATS_PER_BOOKING = 256;

/**
 * Rate-limit budgets shared by every process that admits seats on the same entries (a worker
 * fleet on one Postgres), so that together they never exceed an entry's limits. The
 * `CatalogAdmission` keeps its FIFO queues, picker and token counters in process and asks the
 * store before it grants a seat; the store only books, settles, cancels and cools down.
 *
 * Amounts are booked per limit as the in-process budgets do: one request against
 * `requestsPerMinute`, input plus output tokens against `tokensPerMinute`, each side against
 * its own per-side limit. A booking made at `t` counts against every window that contains `t`
 * (a rolling window of `windowMs`), never a refilling bucket (docs/decisions/0004).
 *
 * Times are epoch milliseconds from the caller's clock: processes sharing a store need clocks
 * in step to within the admission's guard band.
 */
export interface SharedBudgetStore {
  /**
   * Atomically for every process sharing the store: books `demand` at `now` when each of the
   * entry's limits has room for it within the window of `windowMs` ending at `now`, the seat
   * fits the entry's pacing (if it has any), and the entry is not cooling down; otherwise books
   * nothing and answers how long until it would fit, given what is booked now.
   */
  book(demand: SharedDemand, now: number, windowMs: number): Promise<SharedBookingAnswer>;
  /**
   * Books queued seats in one step, in order: each as {@link book} would, as if the seats before
   * it were booked at `now`, stopping at the first that does not fit (a later, smaller seat is
   * never booked past it: queues stay FIFO). Atomic for every process sharing the store. At most
   * {@link MAX_SEATS_PER_BOOKING} seats; none answers no bookings and no wait. With a `turn`,
   * the fleet's oldest waiting seat keeps its room (see {@link FleetTurn}).
   */
  bookInOrder(
    terms: SharedEntryTerms,
    seats: readonly SeatTokens[],
    now: number,
    windowMs: number,
    turn?: FleetTurn,
  ): Promise<SharedBatchAnswer>;
  /**
   * Replaces a booking's token amounts with what the call really used; its request stays
   * booked. A booking already gone (cancelled, or aged out of every window) is left alone.
   */
  settle(booking: SharedBooking, inputTokens: number, outputTokens: number): Promise<void>;
  /** Removes a booking whole: the call never happened. Idempotent. */
  cancel(booking: SharedBooking): Promise<void>;
  /**
   * Cools an entry down until `until` (epoch ms) for every process: `book` answers a wait
   * meanwhile. Never shortens a cooldown already in place.
   */
  coolDown(entryId: string, until: number): Promise<void>;
}
