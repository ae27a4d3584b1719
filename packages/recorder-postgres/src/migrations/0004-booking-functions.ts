// Frozen in time with 0004-booking-totals.ts, which runs this SQL: imports nothing of the
// application. A later change to a function is a new migration that replaces it.

// The SQLSTATEs below are in class 9N: a class starting with a digit from 5 to 9 is left to
// implementations by the SQL standard, and PostgreSQL uses none starting with 9.

/**
 * Raised by the functions below when the calling transaction is not READ COMMITTED. They lock
 * the entry's row and then read its bookings: only under READ COMMITTED does each statement
 * after the lock see what others committed while it waited (a REPEATABLE READ snapshot would
 * not, and fails on the locked row instead). The store then calls again inside an explicit
 * READ COMMITTED transaction.
 */
export const NOT_READ_COMMITTED = "9N001";

/** Raised by the guard on a write to `nucleo_seat_bookings` made outside the functions. */
export const BOOKINGS_WRITTEN_ASIDE = "9N002";

// PL/pgSQL builds each expression anew in every transaction, and every call here is a
// transaction of its own: the functions keep to few expressions and statements, which is
// where their time goes.

/**
 * What each function is declared with. Generic plans, made once per session: PL/pgSQL would
 * otherwise plan most statements anew on every call (their parameters' values make each
 * custom plan look cheaper), which took about as long as running them. And no sequential
 * scans: a plan made while the bookings were few would scan them all for good, however many
 * they grow to; every statement here has the index its conditions name (the entry's key, the
 * booking's id, or the entry and time), so each reads only the rows it needs.
 */
export const ATTRIBUTES =
  "language plpgsql set plan_cache_mode = force_generic_plan set enable_seqscan = off";

/**
 * What each function does first: refuse any isolation but READ COMMITTED, then let its own
 * statements past the guard (`set_config(..., true)` lasts until the transaction ends; the
 * function clears it again before returning, see {@link EPILOGUE}). Each then locks its entry's
 * row before it touches a booking.
 */
export const PROLOGUE = (name: string) => `
  if current_setting('transaction_isolation') <> 'read committed' then
    raise exception '${name} must run under READ COMMITTED, not %', current_setting('transaction_isolation')
      using errcode = '${NOT_READ_COMMITTED}',
            hint = 'Call it inside a transaction started with ISOLATION LEVEL READ COMMITTED.';
  end if;
  perform set_config('nucleo.booking_totals', 'kept', true);`;

/** What each function does last: closes the guard again, for the rest of a caller's transaction. */
export const EPILOGUE = `perform set_config('nucleo.booking_totals', '', true);`;

/**
 * The limits: each one's name in the columns, its maximum's parameter, and what one booking of
 * (input, output) holds against it.
 */
export const LIMITS = [
  { name: "requests", max: "p_max_requests", amount: () => "1" },
  { name: "tokens", max: "p_max_tokens", amount: (i: string, o: string) => `(${i} + ${o})` },
  { name: "input_tokens", max: "p_max_input_tokens", amount: (i: string) => i },
  { name: "output_tokens", max: "p_max_output_tokens", amount: (_i: string, o: string) => o },
] as const;

/**
 * The pace time a cancelled booking gives back to limit `limit`: the cost of (requests, input,
 * output) at the window it was booked with. Left as it is when the booking was not paced, or
 * was paced before the entry's pace was made anew.
 */
const GIVE_BACK = (limit: (typeof LIMITS)[number], booking: string) => {
  const column = `${limit.name}_pace_at`;
  const amount = limit.amount(`${booking}.input_tokens`, `${booking}.output_tokens`);
  return `${column} = case when ${booking}.pace_epoch = entry.pace_epoch
       then entry.${column} - ${amount}::double precision * ${booking}.pace_window_ms / entry.pace_max_${limit.name}::double precision
       else entry.${column} end`;
};

/** Locks the entry's row, as booking does before it touches a booking row, so the two never deadlock. */
const LOCK_ENTRY = "perform from nucleo_entry_budgets where entry_id = p_entry_id for update;";

/**
 * Settles bookings of `p_entry_id`, in the order given (each id at most once): replaces each
 * one's tokens with what its call used, keeping the entry's totals and giving back the pace
 * time of what it did not use. A booking not found (cancelled, expired, another entry's) is
 * left alone. After the lock one statement reads the bookings and updates them: every writer of
 * the entry's bookings holds that lock, so what it reads stays so. The pace is given back
 * booking by booking, as separate settlements would, so the doubles round alike.
 */
export const SETTLE_BOOKINGS = `
create or replace function nucleo_settle_bookings(
  p_entry_id text,
  p_ids bigint[],
  p_inputs bigint[],
  p_outputs bigint[]
) returns void ${ATTRIBUTES} as $$
declare
  v_entry record;
  v_settled record;
begin
  ${PROLOGUE("nucleo_settle_bookings")}
  -- The entry's lock, as booking takes it before it touches a booking row: the two never deadlock.
  select pace_epoch, ${LIMITS.slice(1)
    .map((limit) => `pace_max_${limit.name}, ${limit.name}_pace_at`)
    .join(", ")}
    into v_entry from nucleo_entry_budgets where entry_id = p_entry_id for update;
  -- Each booking looked up by its id (the fence, offset 0, keeps the planner from reading the
  -- whole entry's bookings by entry instead), and only then checked to be the entry's.
  with settling as materialized (
    select seat.position, seat.id, seat.input_tokens, seat.output_tokens,
           booking.input_tokens - seat.input_tokens as unused_input,
           booking.output_tokens - seat.output_tokens as unused_output,
           booking.pace_epoch, booking.pace_window_ms
      from unnest(p_ids, p_inputs, p_outputs) with ordinality as seat(id, input_tokens, output_tokens, position)
      cross join lateral (
        select entry_id, input_tokens, output_tokens, pace_epoch, pace_window_ms
          from nucleo_seat_bookings where id = seat.id offset 0) as booking
     where booking.entry_id = p_entry_id),
  settled as (
    update nucleo_seat_bookings as booking
       set input_tokens = settling.input_tokens, output_tokens = settling.output_tokens, settled = true
      from settling
     where booking.id = settling.id)
  select count(*) as found, sum(unused_input) as unused_input, sum(unused_output) as unused_output,
         array_agg(unused_input order by position) filter (where pace_epoch = v_entry.pace_epoch) as paced_input,
         array_agg(unused_output order by position) filter (where pace_epoch = v_entry.pace_epoch) as paced_output,
         array_agg(pace_window_ms order by position) filter (where pace_epoch = v_entry.pace_epoch) as paced_window
    into v_settled from settling;
  -- Bookings paced on the entry's current pace give back, one by one, the pace time of what
  -- they did not use (negative: take more), at the window each was booked with.
  for v_index in 1..coalesce(array_length(v_settled.paced_input, 1), 0) loop
    ${LIMITS.slice(1)
      .map(
        (limit) =>
          `v_entry.${limit.name}_pace_at := v_entry.${limit.name}_pace_at - ${limit.amount("v_settled.paced_input[v_index]", "v_settled.paced_output[v_index]")}::double precision * v_settled.paced_window[v_index] / v_entry.pace_max_${limit.name}::double precision;`,
      )
      .join("\n    ")}
  end loop;
  update nucleo_entry_budgets
     set booked_input_tokens = booked_input_tokens - v_settled.unused_input,
         booked_output_tokens = booked_output_tokens - v_settled.unused_output,
         ${LIMITS.slice(1)
           .map((limit) => `${limit.name}_pace_at = v_entry.${limit.name}_pace_at`)
           .join(",\n         ")}
   where entry_id = p_entry_id and v_settled.found > 0;
  ${EPILOGUE}
end
$$`;

/**
 * Deletes a booking, taking its request and tokens off the entry's totals and giving back its
 * whole pace time. Entry lock first, as for settling. Idempotent: a booking gone is not found.
 */
export const CANCEL_BOOKING = `
create or replace function nucleo_cancel_booking(
  p_entry_id text,
  p_booking_id bigint
) returns void ${ATTRIBUTES} as $$
begin
  ${PROLOGUE("nucleo_cancel_booking")}
  ${LOCK_ENTRY}
  with gone as (
    delete from nucleo_seat_bookings where id = p_booking_id and entry_id = p_entry_id
    returning input_tokens, output_tokens, pace_epoch, pace_window_ms)
  update nucleo_entry_budgets as entry
     set booked_requests = entry.booked_requests - 1,
         booked_input_tokens = entry.booked_input_tokens - gone.input_tokens,
         booked_output_tokens = entry.booked_output_tokens - gone.output_tokens,
         ${LIMITS.map((limit) => GIVE_BACK(limit, "gone")).join(",\n         ")}
    from gone
   where entry.entry_id = p_entry_id;
  ${EPILOGUE}
end
$$`;

/**
 * Refuses any write to `nucleo_seat_bookings` but the functions': a row written aside (by hand,
 * or by a process of the previous release still running after this migration) would leave the
 * entry's totals wrong for good, and the fleet over or under its limits. Failing such a write
 * is the safe side: the old process's admission logs the failure and asks again.
 */
export const BOOKINGS_GUARD = `
create or replace function nucleo_seat_bookings_guard() returns trigger language plpgsql as $$
begin
  if current_setting('nucleo.booking_totals', true) is distinct from 'kept' then
    raise exception 'nucleo_seat_bookings is written only by nucleo_book_seats, nucleo_settle_bookings and nucleo_cancel_booking, which keep the totals of nucleo_entry_budgets'
      using errcode = '${BOOKINGS_WRITTEN_ASIDE}',
            hint = 'Book, settle and cancel through PostgresBudgetStore (a release with migration 0004-booking-totals).';
  end if;
  return null;
end
$$`;
