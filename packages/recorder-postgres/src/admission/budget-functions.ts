import type { FleetTurn, LimitMax, LimitName, SeatTokens } from "@nucleo/catalog";
import { SystemError } from "@nucleo/core";
import { type Kysely, sql } from "kysely";
import type { RecorderDatabase } from "../schema/database.js";

/** What {@link bookSeats} asks of `nucleo_book_seats`. @internal */
export interface BookSeats {
  readonly entryId: string;
  readonly now: number;
  readonly windowMs: number;
  /** The limits the terms declare, as the catalog's checks returned them. */
  readonly limits: readonly LimitMax[];
  /** The pace's burst, or undefined when the terms do not pace. */
  readonly burstMs: number | undefined;
  /** The call's place in the fleet's line, or undefined for a call that neither claims nor respects claims. */
  readonly turn: FleetTurn | undefined;
  readonly seats: readonly SeatTokens[];
}

/** What `nucleo_book_seats` answered. @internal */
export interface BookedSeats {
  /** The new bookings' ids, in seat order. */
  readonly ids: readonly string[];
  /** 0 when every seat was booked; else how long until the first one not booked would fit. */
  readonly waitMs: number;
}

/** A limit's maximum, or null when the terms leave it out (the function then does not enforce it). */
function maxOf(limits: readonly LimitMax[], name: LimitName): number | null {
  return limits.find((limit) => limit.name === name)?.max ?? null;
}

/**
 * Books a prefix of the seats in one statement, one round trip: the function locks the entry's
 * row only while the statement runs (see migrations/0004-book-seats.ts). Values travel
 * as parameters, cast to the function's types.
 *
 * @internal
 */
export async function bookSeats(
  db: Kysely<RecorderDatabase>,
  request: BookSeats,
): Promise<BookedSeats> {
  const { limits } = request;
  // Ids as text: exact whatever the pool's parser for bigint.
  const { rows } = await sql<{ booked_ids: string[]; wait_ms: number }>`
    select booked_ids, wait_ms from nucleo_book_seats(
      ${request.entryId}::text, ${request.now}::double precision, ${request.windowMs}::double precision,
      ${maxOf(limits, "requestsPerMinute")}::bigint, ${maxOf(limits, "tokensPerMinute")}::bigint,
      ${maxOf(limits, "inputTokensPerMinute")}::bigint, ${maxOf(limits, "outputTokensPerMinute")}::bigint,
      ${request.burstMs ?? null}::double precision,
      ${request.turn?.since ?? null}::double precision, ${request.turn?.holdMs ?? null}::double precision,
      ${request.seats.map((seat) => seat.inputTokens)}::bigint[],
      ${request.seats.map((seat) => seat.outputTokens)}::bigint[])`.execute(db);
  const row = rows[0];
  // A function with OUT parameters answers one row: none means something else answered.
  if (row === undefined)
    throw new SystemError({
      code: "shared_budget_no_answer",
      message: `nucleo_book_seats answered no row for entry ${JSON.stringify(request.entryId)}.`,
    });
  return { ids: row.booked_ids, waitMs: Number(row.wait_ms) };
}

/** One settlement: a booking's id on its entry, and what its call used. @internal */
export interface Settlement {
  readonly id: string;
  readonly inputTokens: number;
  readonly outputTokens: number;
}

/** Settles bookings of `entryId` (each id at most once), in order, in one statement. @internal */
export async function settleBookings(
  db: Kysely<RecorderDatabase>,
  entryId: string,
  settlements: readonly Settlement[],
): Promise<void> {
  await sql`select nucleo_settle_bookings(${entryId}::text,
    ${settlements.map((settlement) => settlement.id)}::bigint[],
    ${settlements.map((settlement) => settlement.inputTokens)}::bigint[],
    ${settlements.map((settlement) => settlement.outputTokens)}::bigint[])`.execute(db);
}

/** Cancels booking `id` of `entryId`, in one statement. @internal */
export async function cancelBooking(
  db: Kysely<RecorderDatabase>,
  booking: { readonly entryId: string; readonly id: string },
): Promise<void> {
  await sql`select nucleo_cancel_booking(${booking.entryId}::text, ${booking.id}::bigint)`.execute(
    db,
  );
}
