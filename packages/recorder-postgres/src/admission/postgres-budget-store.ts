import {
  bookOneSeat,
  sharedStoreChecks as check,
  type FleetTurn,
  type SeatTokens,
  type SharedBatchAnswer,
  type SharedBooking,
  type SharedBookingAnswer,
  type SharedBudgetStore,
  type SharedDemand,
  type SharedEntryTerms,
} from "@nucleo/catalog";
import type { Kysely } from "kysely";
import type { RecorderDatabase } from "../schema/database.js";
import { bookSeats, cancelBooking, settleBookings } from "./budget-functions.js";
import { ReadCommittedCalls } from "./read-committed-calls.js";
import { SettlementQueue } from "./settlement-queue.js";

/** The largest `bigint`: a longer run of digits cannot be one of this store's booking ids. */
const MAX_BOOKING_ID = 9_223_372_036_854_775_807n;

/**
 * The {@link SharedBudgetStore} of a worker fleet on one PostgreSQL database: every process
 * that books through it on the same database stays, together with the others, within each
 * entry's rate limits, judged in rolling windows booking by booking (the in-process budget sums
 * bookings in 100 ms slices, so it may hold a seat's room up to a slice longer; docs/decisions/0004),
 * and within the entry's pace when its terms ask for one.
 *
 * Each call is one statement, one round trip: a PL/pgSQL function (migration 0004) that locks
 * the entry's row in `nucleo_entry_budgets`, so that calls on one entry run one after another
 * across processes, and holds the lock only while the statement runs. Booking deletes the
 * entry's expired bookings, decides from the running totals the entry's row keeps (no sum over
 * the window), books the seats in order while they fit the limits, the pace and the cooldown,
 * and for the first that does not fit answers the wait: the cooldown, the pace, and for each
 * limit over, `time of the oldest booking whose leaving sheds the excess + windowMs - now`.
 * The functions need READ COMMITTED; where the database defaults to another isolation, calls
 * run in an explicit READ COMMITTED transaction instead (three round trips). Times come from
 * the callers (epoch ms): keep the fleet's clocks in step within the admission's guard band.
 * PGlite works too, but it is one process: sharing needs a server.
 *
 * @example
 * const { db } = await openRecorderDatabase({ url: process.env.DATABASE_URL });
 * const admission = new CatalogAdmission({ catalog, shared: new PostgresBudgetStore(db) });
 */
export class PostgresBudgetStore implements SharedBudgetStore {
  readonly #db: Kysely<RecorderDatabase>;
  readonly #calls: ReadCommittedCalls;
  readonly #settlements: SettlementQueue;

  /** `db`: the recorder's database, migrated (its `nucleo_entry_budgets`, `nucleo_seat_bookings` and their functions). */
  constructor(db: Kysely<RecorderDatabase>) {
    this.#db = db;
    this.#calls = new ReadCommittedCalls(db);
    this.#settlements = new SettlementQueue((entryId, settlements) =>
      this.#calls.run((db) => settleBookings(db, entryId, settlements)),
    );
  }

  /**
   * Books `demand` at `now` when every limit it declares has room in the window of `windowMs`
   * ending at `now`, it fits the entry's pace and the entry is not cooling down; otherwise books
   * nothing and answers the wait (see the class). Atomic across every process on the database.
   */
  book(demand: SharedDemand, now: number, windowMs: number): Promise<SharedBookingAnswer> {
    return bookOneSeat(this, demand, now, windowMs);
  }

  /**
   * Books the seats in order, each as {@link book} would with those before it booked, stopping
   * at the first that does not fit; answers the bookings and that seat's wait (0 when all were
   * booked). One statement for the whole batch: atomic across every process on the database.
   * With a `turn`, the fleet's oldest waiting seat keeps its room (the entry's row holds its
   * claim; see `FleetTurn` in `@nucleo/catalog`).
   */
  async bookInOrder(
    terms: SharedEntryTerms,
    seats: readonly SeatTokens[],
    now: number,
    windowMs: number,
    turn?: FleetTurn,
  ): Promise<SharedBatchAnswer> {
    const limits = check.bookInOrder(terms, seats, now, windowMs, turn);
    // Nothing to book: no need to ask the database.
    if (seats.length === 0) return { booked: [], waitMs: 0 };
    const { entryId } = terms;
    const { ids, waitMs } = await this.#calls.run((db) =>
      bookSeats(db, {
        entryId,
        now,
        windowMs,
        limits,
        burstMs: terms.pacing?.burstMs,
        turn,
        seats,
      }),
    );
    return { booked: ids.map((id) => ({ id, entryId })), waitMs };
  }

  /**
   * Replaces the booking's token amounts with what the call used, and gives back the pace time
   * of what it did not use; a booking already gone is left alone. Settlements of one entry that
   * come while one is on its way go to the database together, in one call.
   */
  async settle(booking: SharedBooking, inputTokens: number, outputTokens: number): Promise<void> {
    check.booking(booking);
    check.tokens("inputTokens", inputTokens);
    check.tokens("outputTokens", outputTokens);
    const id = storedId(booking.id);
    if (id === undefined) return;
    await this.#settlements.settle(booking.entryId, { id, inputTokens, outputTokens });
  }

  /** Deletes the booking: its request, tokens and pace time are free at once. Idempotent. */
  async cancel(booking: SharedBooking): Promise<void> {
    check.booking(booking);
    const id = storedId(booking.id);
    if (id === undefined) return;
    const { entryId } = booking;
    await this.#calls.run((db) => cancelBooking(db, { entryId, id }));
  }

  /** Cools the entry down until `until` (epoch ms) for every process; never shortens a cooldown. */
  async coolDown(entryId: string, until: number): Promise<void> {
    check.entryId("entryId", entryId);
    check.time("until", until);
    // One upsert: it touches no booking, so it needs neither the functions nor READ COMMITTED.
    await this.#db
      .insertInto("nucleo_entry_budgets")
      .values({ entry_id: entryId, cooling_until: until })
      .onConflict((conflict) =>
        conflict.column("entry_id").doUpdateSet((eb) => ({
          cooling_until: eb.fn("greatest", [
            "nucleo_entry_budgets.cooling_until",
            "excluded.cooling_until",
          ]),
        })),
      )
      .execute();
  }
}

/** The id as the table holds it, or undefined for a string that cannot be one of its ids (a booking of some other store: nothing to do). */
function storedId(id: string): string | undefined {
  if (!/^[1-9][0-9]{0,18}$/.test(id) || BigInt(id) > MAX_BOOKING_ID) return undefined;
  return id;
}
