import { sharedStoreChecks as check } from "@nucleo/catalog";
import { sql, type Kysely } from "kysely";
import type { RecorderDatabase } from "../schema/database.js";
import { readCount } from "./cost-totals.js";

/**
 * The window a `CatalogAdmission` books in with its default guard band: a minute plus
 * `guardMs` (1 s). Pass the admission's own (`60_000 + guardMs`) when it sets another guard.
 */
export const DEFAULT_ADMISSION_WINDOW_MS = 61_000;

/**
 * The claim the fleet's oldest waiting seat holds on an entry (`FleetTurn` in
 * `@nucleo/catalog`): younger seats of every process book only what leaves it room.
 */
export interface WaitingSeatClaim {
  /** When the claimed seat began to wait (epoch ms, its process's clock). */
  readonly since: number;
  /** Until when the claim holds unless its process renews it (epoch ms). */
  readonly until: number;
  /** The claimed seat's prompt tokens. */
  readonly inputTokens: number;
  /** The claimed seat's output budget. */
  readonly outputTokens: number;
}

/** What the shared admission holds on one catalog entry at an instant. */
export interface EntryHeadroom {
  readonly entryId: string;
  /** Bookings in the window (one request each), as the store counts them when it books. */
  readonly bookedRequests: number;
  /** Their prompt tokens (as booked, or as reported once settled). */
  readonly bookedInputTokens: number;
  /** Their output tokens (the budget booked, or the output reported once settled). */
  readonly bookedOutputTokens: number;
  /** The end of the entry's cooldown (epoch ms), or null when it is not cooling down. */
  readonly coolingUntil: number | null;
  /** The fleet's oldest waiting seat's live claim, or null when none holds. */
  readonly claim: WaitingSeatClaim | null;
}

interface HeadroomRow {
  readonly entry_id: string;
  readonly requests: unknown;
  readonly input_tokens: unknown;
  readonly output_tokens: unknown;
  readonly cooling_until: number;
  readonly claim_since: number | null;
  readonly claim_until: number | null;
  readonly claim_input_tokens: unknown;
  readonly claim_output_tokens: unknown;
}

/**
 * Reads, in one statement (one snapshot), every entry of the shared admission that has a
 * booking in the window of `windowMs` ending at `now`, a cooldown past `now` or a claim live
 * at `now`, by entry id (byte order). The window is the store's own: a booking made at `t`
 * counts while `t > now - windowMs`, computed in the same double arithmetic as
 * `nucleo_book_seats` (so a booking stamped by a clock ahead of `now` counts too, as it does
 * there). The bookings are counted from their rows, not from the entry's running totals,
 * which still hold rows that expired since the entry was last booked.
 *
 * @internal
 */
export async function readAdmissionHeadroom(
  db: Kysely<RecorderDatabase>,
  now: number,
  windowMs: number,
): Promise<EntryHeadroom[]> {
  check.time("now", now);
  check.window(windowMs);
  const { rows } = await sql<HeadroomRow>`
    select e.entry_id, held.requests, held.input_tokens, held.output_tokens, e.cooling_until,
           e.claim_since, e.claim_until, e.claim_input_tokens, e.claim_output_tokens
    from nucleo_entry_budgets e
    cross join lateral (
      select count(*) as requests, coalesce(sum(b.input_tokens), 0) as input_tokens,
             coalesce(sum(b.output_tokens), 0) as output_tokens
      from nucleo_seat_bookings b
      where b.entry_id = e.entry_id
        and b.booked_at > ${now}::double precision - ${windowMs}::double precision
    ) as held
    where held.requests > 0
       or e.cooling_until > ${now}::double precision
       or e.claim_until > ${now}::double precision
    order by e.entry_id collate "C"`.execute(db);
  return rows.map((row) => ({
    entryId: row.entry_id,
    bookedRequests: readCount(row.requests),
    bookedInputTokens: readCount(row.input_tokens),
    bookedOutputTokens: readCount(row.output_tokens),
    coolingUntil: row.cooling_until > now ? row.cooling_until : null,
    claim:
      row.claim_since !== null && row.claim_until !== null && row.claim_until > now
        ? {
            since: row.claim_since,
            until: row.claim_until,
            inputTokens: readCount(row.claim_input_tokens),
            outputTokens: readCount(row.claim_output_tokens),
          }
        : null,
  }));
}
