import { sql, type Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { expect, it } from "vitest";
import { PostgresBudgetStore } from "../admission/postgres-budget-store.js";
import type { RecorderDatabase } from "../schema/database.js";
import { describeOnBothDatabases } from "../test-support/databases.js";
import { MIGRATION_LOCK_TABLE, MIGRATION_TABLE, migrateToLatest } from "./migrate.js";
import { RECORDER_MIGRATIONS } from "./recorder-migrations.js";

const T0 = 1_700_000_000_000;
const MINUTE = 60_000;

/** Brings a fresh database to 0003, as a database booked by the previous release is. */
async function migrateTo0003(db: Kysely<RecorderDatabase>): Promise<void> {
  const before = Object.fromEntries(
    Object.entries(RECORDER_MIGRATIONS).filter(([name]) => name < "0004"),
  );
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => before },
    migrationTableName: MIGRATION_TABLE,
    migrationLockTableName: MIGRATION_LOCK_TABLE,
  });
  const { error } = await migrator.migrateToLatest();
  if (error !== undefined) throw error;
}

describeOnBothDatabases("migration 0004 (booking totals)", (open) => {
  it("a database at 0003 with bookings migrates forward, each entry's totals the sums of its rows, and books on from them", async () => {
    const { db } = await open({ migrate: false });
    await migrateTo0003(db);
    // As the previous release left them: an entry row for "kept", none for "orphan" (written by hand).
    await sql`insert into nucleo_entry_budgets (entry_id, cooling_until) values ('kept', 0)`.execute(
      db,
    );
    await sql`
      insert into nucleo_seat_bookings (entry_id, booked_at, input_tokens, output_tokens, settled)
      values ('kept', ${T0}, 100, 50, true), ('kept', ${T0 + 10}, 200, 0, false),
             ('orphan', ${T0 + 5}, 7, 8, false)`.execute(db);

    expect((await migrateToLatest(db)).applied).toEqual(
      Object.keys(RECORDER_MIGRATIONS).filter((name) => name >= "0004"),
    );

    const rows = await db
      .selectFrom("nucleo_entry_budgets")
      .select([
        "entry_id",
        "booked_requests",
        "booked_input_tokens",
        "booked_output_tokens",
        "booked_tokens",
        "booked_since",
        "pace_epoch",
        "requests_pace_at",
      ])
      .orderBy("entry_id")
      .execute();
    expect(rows).toEqual([
      {
        entry_id: "kept",
        booked_requests: "2",
        booked_input_tokens: "300",
        booked_output_tokens: "50",
        booked_tokens: "350",
        booked_since: T0,
        pace_epoch: "0",
        requests_pace_at: null,
      },
      {
        entry_id: "orphan",
        booked_requests: "1",
        booked_input_tokens: "7",
        booked_output_tokens: "8",
        booked_tokens: "15",
        booked_since: T0 + 5,
        pace_epoch: "0",
        requests_pace_at: null,
      },
    ]);
    // The rows booked before count against the limits: a third request waits for the first to leave.
    const store = new PostgresBudgetStore(db);
    const demand = {
      entryId: "kept",
      limits: { requestsPerMinute: 3 },
      inputTokens: 1,
      outputTokens: 1,
    };
    expect(await store.book(demand, T0 + 20, MINUTE)).toHaveProperty("booked");
    expect(await store.book(demand, T0 + 30, MINUTE)).toEqual({ waitMs: MINUTE - 30 });
  });
});
