import type { RateLimits } from "../entry/catalog-entry.js";

/**
 * What one seat books against an entry's limits in a {@link SharedBudgetStore}. The store
 * holds no catalog: the limits travel with every demand, so a fleet whose processes load the
 * same catalog agrees on them without a second source of truth.
 */
export interface SharedDemand {
  /** The catalog entry the seat is on. */
  readonly entryId: string;
  /** The entry's declared per-minute limits; a limit left out is not enforced. */
  readonly limits: RateLimits;
  /** Prompt tokens the request carries. */
  readonly inputTokens: number;
  /** The output budget booked for the answer. */
  readonly outputTokens: number;
}

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
   * entry's limits has room for it within the window of `windowMs` ending at `now`, and the
   * entry is not cooling down; otherwise books nothing and answers how long until it would
   * fit, given what is booked now.
   */
  book(demand: SharedDemand, now: number, windowMs: number): Promise<SharedBookingAnswer>;
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
