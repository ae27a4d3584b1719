import {
  sharedStoreChecks as check,
  type SharedBooking,
  type SharedBookingAnswer,
  type SharedBudgetStore,
  type SharedDemand,
} from "@nucleo/catalog";
import { InvalidInputError } from "@nucleo/core";
import type { Kysely } from "kysely";
import type { RecorderDatabase } from "../schema/database.js";
import { bookIfRoom, leavingTimes, lockEntry } from "./book-statements.js";
import { limitShares, type UsedColumn } from "./limit-shares.js";

/** How a {@link PostgresBudgetStore} tidies up. */
export interface PostgresBudgetStoreOptions {
  /**
   * At most this many of an entry's expired bookings are deleted by each `book` on it (default
   * 100). Each `book` adds at most one, so the table stays near what the windows hold, and no
   * call pays for a long backlog at once.
   */
  readonly expiredPerBook?: number;
}

/** The largest `bigint`: a longer run of digits cannot be one of this store's booking ids. */
const MAX_BOOKING_ID = 9_223_372_036_854_775_807n;

/**
 * The {@link SharedBudgetStore} of a worker fleet on one PostgreSQL database: every process
 * that books through it on the same database stays, together with the others, within each
 * entry's rate limits, judged in rolling windows booking by booking (the in-process budget sums
 * bookings in 100 ms slices, so it may hold a seat's room up to a slice longer; docs/decisions/0004).
 *
 * `book` runs one READ COMMITTED transaction: it locks the entry's row in
 * `nucleo_entry_budgets` (`SELECT … FOR UPDATE`), so books on one entry run one after another
 * across processes, then a single statement deletes a bounded batch of expired bookings, sums
 * the window and inserts the booking when every limit has room. When one has not, a second
 * statement finds the oldest bookings that must leave, and the wait is `their time + windowMs -
 * now` (or the cooldown, whichever ends later). `settle`, `cancel` and `coolDown` are single
 * statements. Times come from the callers (epoch ms): keep the fleet's clocks in step within
 * the admission's guard band. PGlite works too, but it is one process: sharing needs a server.
 *
 * @example
 * const { db } = await openRecorderDatabase({ url: process.env.DATABASE_URL });
 * const admission = new CatalogAdmission({ catalog, shared: new PostgresBudgetStore(db) });
 */
export class PostgresBudgetStore implements SharedBudgetStore {
  readonly #db: Kysely<RecorderDatabase>;
  readonly #expiredPerBook: number;

  /** `db`: the recorder's database, migrated (its `nucleo_entry_budgets` and `nucleo_seat_bookings`). */
  constructor(db: Kysely<RecorderDatabase>, options: PostgresBudgetStoreOptions = {}) {
    const expiredPerBook = options.expiredPerBook ?? 100;
    if (!Number.isSafeInteger(expiredPerBook) || expiredPerBook < 1) {
      throw new InvalidInputError({
        parameter: "options.expiredPerBook",
        value: String(expiredPerBook),
        expected: "a positive whole number",
      });
    }
    this.#db = db;
    this.#expiredPerBook = expiredPerBook;
  }

  /**
   * Books `demand` at `now` when every limit it declares has room in the window of `windowMs`
   * ending at `now` and the entry is not cooling down; otherwise books nothing and answers the
   * wait (see the class). Atomic across every process on the database.
   */
  async book(demand: SharedDemand, now: number, windowMs: number): Promise<SharedBookingAnswer> {
    // The catalog's checks, shared with every store: they refuse the same input (an unknown limit name, say) alike.
    const shares = limitShares(check.demand(demand));
    check.time("now", now);
    check.window(windowMs);
    const { entryId } = demand;
    // A booking made at `t` counts in every window that contains `t`: it leaves at `t + windowMs`.
    const cutoff = now - windowMs;
    // READ COMMITTED whatever the server's default: each statement after the lock must see the
    // bookings committed while this transaction waited for it (a snapshot from before would not).
    return this.#db
      .transaction()
      .setIsolationLevel("read committed")
      .execute(async (trx) => {
        const coolingUntil = await lockEntry(trx, entryId);
        const cooling = Math.max(0, coolingUntil - now);
        const { bookedId, totals } = await bookIfRoom(trx, {
          ...demand,
          now,
          cutoff,
          shares,
          mayBook: cooling === 0,
          expiredPerBook: this.#expiredPerBook,
        });
        if (bookedId !== undefined) return { booked: { id: bookedId, entryId } };
        const excesses = new Map<UsedColumn, number>();
        for (const share of shares) {
          const excess = totals[share.column] + share.amount - share.max;
          if (excess > 0) excesses.set(share.column, excess);
        }
        let waitMs = cooling;
        for (const at of (await leavingTimes(trx, { entryId, cutoff, excesses })).values()) {
          waitMs = Math.max(
            waitMs,
            at === undefined ? Number.POSITIVE_INFINITY : at + windowMs - now,
          );
        }
        return { waitMs };
      });
  }

  /** Replaces the booking's token amounts with what the call used; a booking already gone is left alone. */
  async settle(booking: SharedBooking, inputTokens: number, outputTokens: number): Promise<void> {
    check.booking(booking);
    check.tokens("inputTokens", inputTokens);
    check.tokens("outputTokens", outputTokens);
    const id = storedId(booking.id);
    if (id === undefined) return;
    // No entry lock: one row changes atomically, and a booking already deleted is simply not found.
    await this.#db
      .updateTable("nucleo_seat_bookings")
      .set({ input_tokens: inputTokens, output_tokens: outputTokens, settled: true })
      .where("id", "=", id)
      .where("entry_id", "=", booking.entryId)
      .execute();
  }

  /** Deletes the booking: its request and tokens are free at once. Idempotent. */
  async cancel(booking: SharedBooking): Promise<void> {
    check.booking(booking);
    const id = storedId(booking.id);
    if (id === undefined) return;
    await this.#db
      .deleteFrom("nucleo_seat_bookings")
      .where("id", "=", id)
      .where("entry_id", "=", booking.entryId)
      .execute();
  }

  /** Cools the entry down until `until` (epoch ms) for every process; never shortens a cooldown. */
  async coolDown(entryId: string, until: number): Promise<void> {
    check.entryId("entryId", entryId);
    check.time("until", until);
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
