import { SystemError } from "@nucleo/core";
import { type Kysely, sql } from "kysely";
import type { RecorderDatabase } from "../schema/database.js";
import type { LimitShare, UsedColumn } from "./limit-shares.js";

/** What an entry's window holds, per total a limit can cap. @internal */
export type WindowTotals = Readonly<Record<UsedColumn, number>>;

/** What {@link bookIfRoom} needs to decide. @internal */
export interface BookIfRoom {
  readonly entryId: string;
  readonly now: number;
  /** `now - windowMs`: a booking made at or before it has left the window. */
  readonly cutoff: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly shares: readonly LimitShare[];
  /** False while the entry cools down: the statement then books nothing, but still sums the window. */
  readonly mayBook: boolean;
  /** At most this many expired bookings of the entry are deleted by the statement. */
  readonly expiredPerBook: number;
}

/** What {@link bookIfRoom} found and did. @internal */
export interface BookIfRoomResult {
  /** The new booking's id, or undefined when some limit had no room (or the entry cools down). */
  readonly bookedId: string | undefined;
  /** The window's totals before this booking. */
  readonly totals: WindowTotals;
}

/**
 * Locks the entry's budget row until the transaction ends, creating it on first use, and reads
 * its cooldown. Every `book` on the entry, in every process, takes this lock first, so their
 * reads and inserts of the entry's bookings run one after another. Under READ COMMITTED each
 * later statement of the transaction then sees every booking committed before the lock came.
 *
 * @internal
 */
export async function lockEntry(trx: Kysely<RecorderDatabase>, entryId: string): Promise<number> {
  const locked = () =>
    trx
      .selectFrom("nucleo_entry_budgets")
      .select("cooling_until")
      .where("entry_id", "=", entryId)
      .forUpdate()
      .executeTakeFirst();
  const row = await locked();
  if (row !== undefined) return row.cooling_until;
  // A racing first booking inserts too: one insert wins, the other waits for it, then does nothing.
  await trx
    .insertInto("nucleo_entry_budgets")
    .values({ entry_id: entryId })
    .onConflict((conflict) => conflict.column("entry_id").doNothing())
    .execute();
  const created = await locked();
  // Nothing deletes budget rows; only someone editing the table by hand could get here.
  if (created === undefined)
    throw new SystemError({
      code: "shared_budget_row_missing",
      message: `The budget row of entry ${JSON.stringify(entryId)} vanished while it was being locked.`,
    });
  return created.cooling_until;
}

/**
 * One statement, run under the entry's lock: deletes a bounded batch of the entry's expired
 * bookings, sums what the window holds, and inserts the booking when every declared limit has
 * room for its share (`total <= limit - amount`) and the entry may book. Values travel as
 * parameters only.
 *
 * @internal
 */
export async function bookIfRoom(
  trx: Kysely<RecorderDatabase>,
  request: BookIfRoom,
): Promise<BookIfRoomResult> {
  const { entryId, cutoff } = request;
  const row = await trx
    .with("expired", (db) =>
      db
        .deleteFrom("nucleo_seat_bookings")
        .where("id", "in", (eb) =>
          eb
            .selectFrom("nucleo_seat_bookings")
            .select("id")
            .where("entry_id", "=", entryId)
            .where("booked_at", "<=", cutoff)
            .orderBy("booked_at")
            .limit(request.expiredPerBook),
        )
        .returning("id"),
    )
    .with("used", (db) =>
      db
        .selectFrom("nucleo_seat_bookings")
        .where("entry_id", "=", entryId)
        .where("booked_at", ">", cutoff)
        .select((eb) => [
          eb.fn.countAll<string>().as("requests"),
          sql<string>`coalesce(sum(input_tokens + output_tokens), 0)`.as("tokens"),
          sql<string>`coalesce(sum(input_tokens), 0)`.as("input_tokens"),
          sql<string>`coalesce(sum(output_tokens), 0)`.as("output_tokens"),
        ]),
    )
    .with("booked", (db) =>
      db
        .insertInto("nucleo_seat_bookings")
        .columns(["entry_id", "booked_at", "input_tokens", "output_tokens"])
        .expression((eb) =>
          eb
            .selectFrom("used")
            // Typed casts: a bare parameter in a SELECT list would reach the table as text.
            .select([
              eb.cast<string>(eb.val(entryId), "text").as("entry_id"),
              eb.cast<number>(eb.val(request.now), "double precision").as("booked_at"),
              eb.cast<number>(eb.val(request.inputTokens), "bigint").as("input_tokens"),
              eb.cast<number>(eb.val(request.outputTokens), "bigint").as("output_tokens"),
            ])
            .where((where) =>
              where.and([
                ...request.shares.map((share) =>
                  where(`used.${share.column}`, "<=", String(share.max - share.amount)),
                ),
                ...(request.mayBook ? [] : [where.lit(false)]),
              ]),
            ),
        )
        .returning("id"),
    )
    .selectFrom("used")
    .select((eb) => [
      "used.requests",
      "used.tokens",
      "used.input_tokens",
      "used.output_tokens",
      eb.selectFrom("booked").select("booked.id").as("booked_id"),
    ])
    .executeTakeFirstOrThrow();
  return {
    bookedId: row.booked_id ?? undefined,
    totals: {
      requests: Number(row.requests),
      tokens: Number(row.tokens),
      input_tokens: Number(row.input_tokens),
      output_tokens: Number(row.output_tokens),
    },
  };
}

/**
 * For each total given with the excess it must shed, the time of the booking whose leaving
 * sheds it: walking the window's bookings oldest first (ties by id), the first at which the
 * running total reaches the excess — as the in-process budget walks its slices.
 * Undefined for a total the window cannot shed (the demand exceeds the limit on its own).
 *
 * @internal
 */
export async function leavingTimes(
  trx: Kysely<RecorderDatabase>,
  request: {
    readonly entryId: string;
    readonly cutoff: number;
    readonly excesses: ReadonlyMap<UsedColumn, number>;
  },
): Promise<Map<UsedColumn, number | undefined>> {
  const excesses = [...request.excesses];
  if (excesses.length === 0) return new Map();
  const oldestFirst = sql`over (order by booked_at, id)`;
  const running = trx
    .selectFrom("nucleo_seat_bookings")
    .where("entry_id", "=", request.entryId)
    .where("booked_at", ">", request.cutoff)
    .select([
      "booked_at",
      sql<string>`count(*) ${oldestFirst}`.as("requests"),
      sql<string>`sum(input_tokens + output_tokens) ${oldestFirst}`.as("tokens"),
      sql<string>`sum(input_tokens) ${oldestFirst}`.as("input_tokens"),
      sql<string>`sum(output_tokens) ${oldestFirst}`.as("output_tokens"),
    ]);
  const row = await trx
    .selectFrom(running.as("running"))
    .select((eb) =>
      excesses.map(([column, excess]) =>
        eb.fn
          .min<number | null>("running.booked_at")
          .filterWhere(`running.${column}`, ">=", String(excess))
          .as(column),
      ),
    )
    .executeTakeFirstOrThrow();
  const times = row as Record<string, number | null>;
  return new Map(excesses.map(([column]) => [column, times[column] ?? undefined]));
}
