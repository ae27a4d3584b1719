import type { Kysely } from "kysely";

// Frozen in time: this migration takes `Kysely<any>` and imports nothing of the application,
// so later schema changes never rewrite history (Kysely's rule for migrations).

/**
 * The shared admission's tables (docs/decisions/0004): one row per catalog entry, which `book`
 * locks to serialise the fleet on that entry and which holds its cooldown; and one row per seat
 * booked in the current rolling window. Times are epoch milliseconds on the callers' clocks
 * (`double precision`: the admission's clock may be fractional, and a double round-trips a
 * JavaScript number exactly), so a window's edge is compared exactly as in process.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("nucleo_entry_budgets")
    .ifNotExists()
    .addColumn("entry_id", "text", (column) => column.primaryKey())
    .addColumn("cooling_until", "double precision", (column) => column.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("nucleo_seat_bookings")
    .ifNotExists()
    // An identity is unique across every process sharing the database, and breaks ties in time.
    .addColumn("id", "bigint", (column) => column.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("entry_id", "text", (column) => column.notNull())
    .addColumn("booked_at", "double precision", (column) => column.notNull())
    .addColumn("input_tokens", "bigint", (column) => column.notNull())
    .addColumn("output_tokens", "bigint", (column) => column.notNull())
    .addColumn("settled", "boolean", (column) => column.notNull().defaultTo(false))
    .execute();
  // Every statement of the store reads one entry's bookings by time: the window, the expired.
  await db.schema
    .createIndex("nucleo_seat_bookings_entry_time")
    .ifNotExists()
    .on("nucleo_seat_bookings")
    .columns(["entry_id", "booked_at"])
    .execute();
}

/** Drops everything `up` made. */
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["nucleo_seat_bookings", "nucleo_entry_budgets"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
