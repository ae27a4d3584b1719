// Frozen in time with 0004-booking-totals.ts, which runs this SQL: imports nothing of the
// application (only the SQL parts it shares with the other functions of 0004).
import { ATTRIBUTES, EPILOGUE, LIMITS, PROLOGUE } from "./0004-booking-functions.js";

/**
 * Pace time within this of the clock counts as caught up (the catalog's `PACE_TOLERANCE_MS`):
 * a wait of a rounding error would have a timer fire without the clock moving.
 */
const PACE_TOLERANCE_MS = "1e-6::double precision";

/** What `amount` costs of limit `limit`'s pace time. */
const COST = (limit: (typeof LIMITS)[number], amount: string) =>
  `${amount}::double precision * p_window_ms / ${limit.max}::double precision`;

/** Limit `limit`'s pace time with the claimed seat ahead (when one is) booked first at `p_now`. */
const PACE_BEFORE = (limit: (typeof LIMITS)[number]) =>
  `(case when v_claim_ahead then greatest(v_${limit.name}_pace, p_now) + ${COST(limit, limit.amount("v_ahead_input", "v_ahead_output"))} else v_${limit.name}_pace end)`;

/**
 * How far the pace of limit `limit` runs past the burst ahead of the clock: past the tolerance
 * means wait. The seat's own cost does not count, so an entry keeps the whole burst as credit.
 */
const AHEAD = (limit: (typeof LIMITS)[number]) => `${PACE_BEFORE(limit)} - p_now - p_burst_ms`;

/** The pace wait of limit `limit`: whole milliseconds, rounded up; null when none. */
const PACE_WAIT = (limit: (typeof LIMITS)[number]) => {
  // Spelled twice rather than in a subquery: PL/pgSQL evaluates a plain expression far quicker.
  const ahead = AHEAD(limit);
  return `case when ${ahead} > ${PACE_TOLERANCE_MS} then ceil(${ahead} - ${PACE_TOLERANCE_MS}) end`;
};

/**
 * Books a prefix of the seats `p_inputs`/`p_outputs` (one request each) on `p_entry_id` at
 * `p_now`, in one statement: under the entry row's lock it deletes every expired booking of the
 * entry (subtracting it from the row's totals), books seats in order while each fits the
 * declared limits (null: not declared), the pace (`p_burst_ms` null: not paced) and the
 * cooldown, and answers the new bookings' ids in seat order and, when a seat did not fit, how
 * long until it would (0 when all were booked). The arithmetic is the catalog's in-memory
 * store's, in the same order of operations on the same doubles, so the answers are equal.
 * A limit left undeclared has a null maximum, so its checks are skipped and its pace stays null.
 * With a fleet turn (`p_turn_since`, `p_turn_hold_ms`; null: none), the entry's claim for its
 * oldest waiting seat is kept as the catalog's `FleetTurn` says: a live claim older than the
 * turn is judged booked first, a refused seat at least as old claims, the claimant clears it.
 */
export const BOOK_SEATS = `
create or replace function nucleo_book_seats(
  p_entry_id text,
  p_now double precision,
  p_window_ms double precision,
  p_max_requests bigint,
  p_max_tokens bigint,
  p_max_input_tokens bigint,
  p_max_output_tokens bigint,
  p_burst_ms double precision,
  p_turn_since double precision,
  p_turn_hold_ms double precision,
  p_inputs bigint[],
  p_outputs bigint[],
  out booked_ids text[],
  out wait_ms double precision
) ${ATTRIBUTES} as $$
declare
  v_entry nucleo_entry_budgets%rowtype;
  v_paced boolean := p_burst_ms is not null;
  v_new_pace boolean := false;
  v_seats integer := coalesce(array_length(p_inputs, 1), 0);
  v_booked integer := 0;
  v_cutoff double precision := p_now - p_window_ms;
  v_since double precision;
  v_gone record;
  v_requests bigint;
  v_input bigint;
  v_output bigint;
  v_seat_input bigint;
  v_seat_output bigint;
  -- The live claim (until after now), and whether it is older than this call's turn.
  v_claim_live boolean;
  v_claim_ahead boolean;
  v_ahead_requests integer;
  v_ahead_input bigint;
  v_ahead_output bigint;
  v_claim_changed boolean := false;
  ${LIMITS.map((limit) => `v_${limit.name}_pace double precision;`).join("\n  ")}
  ${LIMITS.map((limit) => `v_${limit.name}_over bigint;`).join("\n  ")}
  -- The window oldest first: a cursor is planned to yield its first rows soonest (a walk
  -- stops after the few it needs).
  c_window cursor (c_since double precision) for
    select booked_at, input_tokens, output_tokens from nucleo_seat_bookings
     where entry_id = p_entry_id and booked_at >= c_since order by booked_at, id;
begin
  ${PROLOGUE("nucleo_book_seats")}
  select * into v_entry from nucleo_entry_budgets where entry_id = p_entry_id for update;
  if not found then
    -- A racing first booking inserts too: one insert wins, the other waits for it, then does nothing.
    insert into nucleo_entry_budgets (entry_id) values (p_entry_id) on conflict (entry_id) do nothing;
    select * into strict v_entry from nucleo_entry_budgets where entry_id = p_entry_id for update;
  end if;

  -- A booking made at t counts until t + window. Every expired row goes now, each exactly once,
  -- so the totals stay the sums of the rows present: the window's, after this delete. The scan
  -- starts at the floor: below it lie only the index entries of rows deleted before, which
  -- stay until a vacuum and would otherwise be stepped over by every call.
  with gone as (
    delete from nucleo_seat_bookings
     where entry_id = p_entry_id
       and booked_at >= coalesce(v_entry.booked_since, '-Infinity') and booked_at <= v_cutoff
    returning input_tokens, output_tokens)
  select count(*) as requests, coalesce(sum(input_tokens), 0) as input,
         coalesce(sum(output_tokens), 0) as output, greatest(v_entry.booked_since, v_cutoff) as since
    into v_gone from gone;
  v_requests := v_entry.booked_requests - v_gone.requests;
  v_input := v_entry.booked_input_tokens - v_gone.input;
  v_output := v_entry.booked_output_tokens - v_gone.output;
  -- Every row left was booked after the cutoff.
  v_since := v_gone.since;

  -- The pace belongs to the limits and burst it was made for: other terms start a new one.
  if v_paced and (v_entry.pace_burst_ms, ${LIMITS.map((limit) => `v_entry.pace_max_${limit.name}`).join(", ")})
      is distinct from (p_burst_ms, ${LIMITS.map((limit) => limit.max).join(", ")}) then
    v_new_pace := true;
    v_entry.pace_epoch := v_entry.pace_epoch + 1;
  else
    ${LIMITS.map((limit) => `v_${limit.name}_pace := v_entry.${limit.name}_pace_at;`).join("\n    ")}
  end if;

  -- A younger call is judged as if the fleet's oldest waiting seat were booked first.
  v_claim_live := coalesce(v_entry.claim_until > p_now, false);
  v_claim_ahead := v_claim_live and p_turn_since is not null and v_entry.claim_since < p_turn_since;
  v_ahead_requests := case when v_claim_ahead then 1 else 0 end;
  v_ahead_input := case when v_claim_ahead then v_entry.claim_input_tokens else 0 end;
  v_ahead_output := case when v_claim_ahead then v_entry.claim_output_tokens else 0 end;

  while v_booked < v_seats loop
    v_seat_input := p_inputs[v_booked + 1];
    v_seat_output := p_outputs[v_booked + 1];
    exit when not (v_entry.cooling_until - p_now <= 0
      and (p_max_requests is null or v_requests + 1 + v_ahead_requests <= p_max_requests)
      and (p_max_tokens is null
        or v_input + v_output + v_seat_input + v_seat_output + v_ahead_input + v_ahead_output <= p_max_tokens)
      and (p_max_input_tokens is null or v_input + v_seat_input + v_ahead_input <= p_max_input_tokens)
      and (p_max_output_tokens is null or v_output + v_seat_output + v_ahead_output <= p_max_output_tokens)
      and (not v_paced or (${LIMITS.map((limit) => `coalesce(${AHEAD(limit)} <= ${PACE_TOLERANCE_MS}, true)`).join("\n        and ")})));
    if v_paced then
      ${LIMITS.map((limit) => `v_${limit.name}_pace := greatest(v_${limit.name}_pace, p_now) + ${COST(limit, limit.amount("v_seat_input", "v_seat_output"))};`).join("\n      ")}
    end if;
    v_requests := v_requests + 1;
    v_input := v_input + v_seat_input;
    v_output := v_output + v_seat_output;
    v_booked := v_booked + 1;
  end loop;

  booked_ids := '{}';
  if v_booked > 0 then
    -- A clock far behind the others' may book below the floor: the floor follows it down.
    v_since := least(v_since, p_now);
    -- Identities are drawn in the order rows are inserted: ordered by id, they are in seat order.
    with inserted as (
      insert into nucleo_seat_bookings (entry_id, booked_at, input_tokens, output_tokens, pace_epoch, pace_window_ms)
      select p_entry_id, p_now, seat.input_tokens, seat.output_tokens,
             case when v_paced then v_entry.pace_epoch end, case when v_paced then p_window_ms end
        from unnest(p_inputs[1:v_booked], p_outputs[1:v_booked]) with ordinality as seat(input_tokens, output_tokens, position)
       order by seat.position
      returning id)
    select array_agg(id::text order by id) into booked_ids from inserted;
  end if;

  wait_ms := 0;
  if v_booked < v_seats then
    v_seat_input := p_inputs[v_booked + 1];
    v_seat_output := p_outputs[v_booked + 1];
    -- The cooldown, and the pace (null terms drop out of greatest).
    wait_ms := greatest(0, v_entry.cooling_until - p_now${LIMITS.map((limit) => `,\n      case when v_paced then ${PACE_WAIT(limit)} end`).join("")});
    -- What each limit holds past its maximum with this seat, and the claimed seat ahead of it
    -- (0 when undeclared).
    v_requests_over := coalesce(v_requests + 1 + v_ahead_requests - p_max_requests, 0);
    v_tokens_over := coalesce(v_input + v_output + v_seat_input + v_seat_output
      + v_ahead_input + v_ahead_output - p_max_tokens, 0);
    v_input_tokens_over := coalesce(v_input + v_seat_input + v_ahead_input - p_max_input_tokens, 0);
    v_output_tokens_over := coalesce(v_output + v_seat_output + v_ahead_output - p_max_output_tokens, 0);
    -- For each limit over, the oldest bookings whose leaving sheds the excess: walk the window
    -- oldest first, only as far as the last excess needs.
    if greatest(v_requests_over, v_tokens_over, v_input_tokens_over, v_output_tokens_over) > 0 then
      for v_row in c_window(v_since) loop
        -- A limit's excess is shed by the row that brings it to 0 or below.
        wait_ms := greatest(wait_ms${LIMITS.map((limit) => `,\n          case when v_${limit.name}_over > 0 and v_${limit.name}_over - ${limit.amount("v_row.input_tokens", "v_row.output_tokens")} <= 0\n            then v_row.booked_at + p_window_ms - p_now end`).join("")});
        ${LIMITS.map((limit) => `v_${limit.name}_over := v_${limit.name}_over - ${limit.amount("v_row.input_tokens", "v_row.output_tokens")};`).join("\n        ")}
        exit when greatest(v_requests_over, v_tokens_over, v_input_tokens_over, v_output_tokens_over) <= 0;
      end loop;
      -- The window holds less than must leave: only a claimed seat ahead can make it so.
      if greatest(v_requests_over, v_tokens_over, v_input_tokens_over, v_output_tokens_over) > 0 then
        wait_ms := 'Infinity';
      end if;
    end if;
  end if;

  -- The first seat left waiting claims its room (renewed by its claimant), unless an older seat
  -- already does; the claimant (or a seat older than it) getting through ends the claim.
  if p_turn_since is not null and v_booked < v_seats
      and (not v_claim_live or p_turn_since <= v_entry.claim_since) then
    v_claim_changed := true;
    v_entry.claim_since := p_turn_since;
    v_entry.claim_until := p_now + p_turn_hold_ms;
    v_entry.claim_input_tokens := v_seat_input;
    v_entry.claim_output_tokens := v_seat_output;
  elsif p_turn_since is not null and v_booked = v_seats and v_claim_live
      and p_turn_since <= v_entry.claim_since then
    v_claim_changed := true;
    v_entry.claim_since := null;
    v_entry.claim_until := null;
    v_entry.claim_input_tokens := null;
    v_entry.claim_output_tokens := null;
  end if;

  -- Nothing deleted, booked, re-paced or claimed: the row stays as it was (no new version of
  -- it), its floor older than the cutoff but still below every row.
  if v_gone.requests > 0 or v_booked > 0 or v_new_pace or v_claim_changed then
    update nucleo_entry_budgets
       set booked_since = v_since,
           booked_requests = v_requests,
           booked_input_tokens = v_input,
           booked_output_tokens = v_output,
           pace_burst_ms = case when v_new_pace then p_burst_ms else pace_burst_ms end,
           ${LIMITS.map((limit) => `pace_max_${limit.name} = case when v_new_pace then ${limit.max} else pace_max_${limit.name} end,`).join("\n           ")}
           pace_epoch = v_entry.pace_epoch,
           claim_since = v_entry.claim_since,
           claim_until = v_entry.claim_until,
           claim_input_tokens = v_entry.claim_input_tokens,
           claim_output_tokens = v_entry.claim_output_tokens,
           ${LIMITS.map((limit) => `${limit.name}_pace_at = v_${limit.name}_pace`).join(",\n           ")}
     where entry_id = p_entry_id;
  end if;
  ${EPILOGUE}
end
$$`;
