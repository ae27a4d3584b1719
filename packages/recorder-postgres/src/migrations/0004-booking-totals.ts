import { sql, type Kysely } from "kysely";
import { BOOK_SEATS } from "./0004-book-seats.js";
import { BOOKINGS_GUARD, CANCEL_BOOKING, SETTLE_BOOKINGS } from "./0004-booking-functions.js";

// Frozen in time: this migration takes `Kysely<any>` and imports nothing of the application,
// so later schema changes never rewrite history (Kysely's rule for migrations).

/**
 * The shared admission books in one statement (issue 17):
 *
 * - `nucleo_entry_budgets` keeps the running totals of the entry's booking rows (requests,
 *   input and output tokens, and their sum), so a booking decides from its entry's row instead
 *   of summing the window, and a time no row was booked before (where the index scans over
 *   its bookings start); the terms its pace was made for (each limit's maximum, null when not
 *   declared, and the burst, null when never paced), a pace epoch counting the paces made,
 *   each limit's pace time (null: never paced), and the claim of the fleet's oldest waiting
 *   seat (its turn's since, until when, its tokens; null: none).
 * - `nucleo_seat_bookings` notes the pace epoch and window of a paced booking, so settling or
 *   cancelling gives its pace time back to that pace only.
 * - The functions `nucleo_book_seats` (0004-book-seats.ts), `nucleo_settle_bookings` and
 *   `nucleo_cancel_booking` (0004-booking-functions.ts): each locks the entry's row, then its
 *   bookings, in one statement, so the lock is never held across a client's round trip.
 * - A guard refusing any other write to the bookings, which would leave the totals wrong.
 * - The entry-time index gains the id, the tie-break of the wait's oldest-first walk.
 *
 * Rows booked before it are summed into their entries' totals (as unpaced bookings).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table nucleo_entry_budgets
      add column if not exists booked_requests bigint not null default 0,
      add column if not exists booked_input_tokens bigint not null default 0,
      add column if not exists booked_output_tokens bigint not null default 0,
      add column if not exists booked_tokens bigint generated always as (booked_input_tokens + booked_output_tokens) stored,
      add column if not exists booked_since double precision,
      add column if not exists pace_burst_ms double precision,
      add column if not exists pace_max_requests bigint,
      add column if not exists pace_max_tokens bigint,
      add column if not exists pace_max_input_tokens bigint,
      add column if not exists pace_max_output_tokens bigint,
      add column if not exists pace_epoch bigint not null default 0,
      add column if not exists requests_pace_at double precision,
      add column if not exists tokens_pace_at double precision,
      add column if not exists input_tokens_pace_at double precision,
      add column if not exists output_tokens_pace_at double precision,
      add column if not exists claim_since double precision,
      add column if not exists claim_until double precision,
      add column if not exists claim_input_tokens bigint,
      add column if not exists claim_output_tokens bigint`.execute(db);
  await sql`
    alter table nucleo_seat_bookings
      add column if not exists pace_epoch bigint,
      add column if not exists pace_window_ms double precision`.execute(db);

  // The ALTERs hold both tables' locks to the end of the migration: no booking slips in between.
  await sql`
    insert into nucleo_entry_budgets (entry_id)
    select distinct entry_id from nucleo_seat_bookings
    on conflict (entry_id) do nothing`.execute(db);
  await sql`
    update nucleo_entry_budgets as entry
       set booked_since = held.since,
           booked_requests = held.requests,
           booked_input_tokens = held.input_tokens,
           booked_output_tokens = held.output_tokens
      from (select entry_id, min(booked_at) as since, count(*) as requests,
                   sum(input_tokens) as input_tokens, sum(output_tokens) as output_tokens
              from nucleo_seat_bookings group by entry_id) as held
     where entry.entry_id = held.entry_id`.execute(db);

  await sql`drop index if exists nucleo_seat_bookings_entry_time`.execute(db);
  await sql`create index nucleo_seat_bookings_entry_time on nucleo_seat_bookings (entry_id, booked_at, id)`.execute(
    db,
  );

  for (const definition of [BOOK_SEATS, SETTLE_BOOKINGS, CANCEL_BOOKING, BOOKINGS_GUARD])
    await sql.raw(definition).execute(db);
  await sql`drop trigger if exists nucleo_seat_bookings_guard on nucleo_seat_bookings`.execute(db);
  await sql`
    create trigger nucleo_seat_bookings_guard
    before insert or update or delete or truncate on nucleo_seat_bookings
    for each statement execute function nucleo_seat_bookings_guard()`.execute(db);
}

/** Undoes `up`: the functions, the guard, the new columns, and the index as 0003 made it. */
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists nucleo_seat_bookings_guard on nucleo_seat_bookings`.execute(db);
  await sql`drop function if exists nucleo_seat_bookings_guard()`.execute(db);
  await sql`drop function if exists nucleo_book_seats(text, double precision, double precision, bigint, bigint, bigint, bigint, double precision, double precision, double precision, bigint[], bigint[])`.execute(
    db,
  );
  await sql`drop function if exists nucleo_settle_bookings(text, bigint[], bigint[], bigint[])`.execute(
    db,
  );
  await sql`drop function if exists nucleo_cancel_booking(text, bigint)`.execute(db);
  await sql`drop index if exists nucleo_seat_bookings_entry_time`.execute(db);
  await sql`create index nucleo_seat_bookings_entry_time on nucleo_seat_bookings (entry_id, booked_at)`.execute(
    db,
  );
  await sql`alter table nucleo_seat_bookings drop column if exists pace_epoch, drop column if exists pace_window_ms`.execute(
    db,
  );
  await sql`
    alter table nucleo_entry_budgets
      drop column if exists booked_tokens,
      drop column if exists booked_since,
      drop column if exists booked_requests,
      drop column if exists booked_input_tokens,
      drop column if exists booked_output_tokens,
      drop column if exists pace_burst_ms,
      drop column if exists pace_max_requests,
      drop column if exists pace_max_tokens,
      drop column if exists pace_max_input_tokens,
      drop column if exists pace_max_output_tokens,
      drop column if exists pace_epoch,
      drop column if exists requests_pace_at,
      drop column if exists tokens_pace_at,
      drop column if exists input_tokens_pace_at,
      drop column if exists output_tokens_pace_at,
      drop column if exists claim_since,
      drop column if exists claim_until,
      drop column if exists claim_input_tokens,
      drop column if exists claim_output_tokens`.execute(db);
}
