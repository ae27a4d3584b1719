import type { Grade } from "../seat/grade.js";
import type { TokenUsage } from "./token-usage.js";

/**
 * One model seat a job needs before it may run: a grade (or a pinned entry) and the tokens
 * the request will carry, priced from exactly what the wire will send.
 */
export interface SeatRequest {
  /** The capability floor; the picker chooses the entry. Ignored when `entryId` is set. */
  readonly grade?: Grade;
  /** A pinned catalog entry: bypasses the picker, never the compliance envelope. */
  readonly entryId?: string;
  /** Prompt tokens the request will carry. */
  readonly inputTokens: number;
  /** The output budget booked for the answer (`max_tokens`). */
  readonly maxOutputTokens: number;
}

/** A granted seat. Implementations add what their jobs need (the entry, a client binding). */
export interface SeatReservation {
  /** Unique per reservation, for events and settlement. */
  readonly id: string;
  /** What was asked for. */
  readonly request: SeatRequest;
  /** The catalog entry that serves the seat, once resolved. */
  readonly entryId?: string;
}

/** What {@link Admission.reserve} is told besides the request. */
export interface ReserveOptions {
  /** Aborts the wait: the admission must reject promptly and hold nothing. */
  readonly signal: AbortSignal;
  /** The job asking, for usage-aware routing and events. */
  readonly jobId: string;
}

/**
 * The gate between a job and the models: holds the per-entry request and token budgets. Core
 * calls it; the catalog implements it (in memory for one process, shared through Postgres for a
 * fleet). The dispatcher guarantees that every reservation it receives is settled or released
 * exactly once, whatever the job does.
 */
export interface Admission {
  /** Waits until the seat fits the budgets, then holds it. */
  reserve(request: SeatRequest, options: ReserveOptions): Promise<SeatReservation>;
  /**
   * Holds the seat at once when it fits now (no seat waits before it, every budget has room),
   * else answers `undefined` and holds nothing: the dispatcher then waits on {@link reserve}.
   * Refuses a request `reserve` would refuse, by throwing the same error. Optional: a seat that
   * fits at once then skips a promise and its turns of the event loop.
   */
  reserveNow?(
    request: SeatRequest,
    options: Omit<ReserveOptions, "signal">,
  ): SeatReservation | undefined;
  /** Returns the unused part of a held seat: the call happened and consumed `usage`. */
  settle(reservation: SeatReservation, usage: TokenUsage): void;
  /** Returns a held seat whole: the call never happened (or its usage is unknown). */
  release(reservation: SeatReservation): void;
  /**
   * Returns a held seat whole because the provider throttled its call. An admission that
   * tracks entries cools the entry down for `retryAfterMs` and answers `true`: re-admission now
   * waits out the cooldown itself (or routes to a sibling entry), so the dispatcher re-admits
   * at once instead of backing off. Optional: without it the dispatcher calls {@link release}
   * and backs off itself.
   */
  throttled?(reservation: SeatReservation, retryAfterMs: number | undefined): boolean;
}
