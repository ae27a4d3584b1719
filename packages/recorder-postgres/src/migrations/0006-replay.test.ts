import { sql, type Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { expect, it } from "vitest";
import type { RecorderDatabase } from "../schema/database.js";
import { describeOnBothDatabases } from "../test-support/databases.js";
import * as replay from "./0006-replay.js";
import { MIGRATION_LOCK_TABLE, MIGRATION_TABLE, migrateToLatest } from "./migrate.js";
import { RECORDER_MIGRATIONS } from "./recorder-migrations.js";

/** Brings a fresh database to 0005, as the release before replay left it. */
async function migrateTo0005(db: Kysely<RecorderDatabase>): Promise<void> {
  const before = Object.fromEntries(
    Object.entries(RECORDER_MIGRATIONS).filter(([name]) => name < "0006"),
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

async function replayColumns(db: Kysely<RecorderDatabase>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select column_name as name from information_schema.columns
    where table_schema = current_schema() and table_name = 'nucleo_jobs'
      and column_name in ('position', 'fingerprint', 'replayed_from') order by 1`.execute(db);
  return rows.map((row) => row.name);
}

async function hasCheckpointsTable(db: Kysely<RecorderDatabase>): Promise<boolean> {
  const { rows } = await sql`
    select 1 from information_schema.tables
    where table_schema = current_schema() and table_name = 'nucleo_replay_checkpoints'`.execute(db);
  return rows.length === 1;
}

describeOnBothDatabases("migration 0006 (replay)", (open) => {
  it("a database at 0005 with jobs migrates forward: its jobs have no replay mark, no checkpoint is there", async () => {
    const { db } = await open({ migrate: false });
    await migrateTo0005(db);
    await sql`insert into nucleo_jobs (id, root_id) values ('old-job', 'old-job')`.execute(db);

    expect((await migrateToLatest(db)).applied).toEqual(
      Object.keys(RECORDER_MIGRATIONS).filter((name) => name >= "0006"),
    );

    const job = await db
      .selectFrom("nucleo_jobs")
      .select(["id", "position", "fingerprint", "replayed_from"])
      .executeTakeFirst();
    expect(job).toEqual({ id: "old-job", position: null, fingerprint: null, replayed_from: null });
    expect(await db.selectFrom("nucleo_replay_checkpoints").selectAll().execute()).toEqual([]);
  });

  it("down drops what up added and nothing else; up again restores it", async () => {
    const { db } = await open();
    await replay.down(db);
    expect(await replayColumns(db)).toEqual([]);
    expect(await hasCheckpointsTable(db)).toBe(false);
    await sql`insert into nucleo_jobs (id, root_id, role) values ('a', 'a', 'agent')`.execute(db);
    await replay.up(db);
    expect(await replayColumns(db)).toEqual(["fingerprint", "position", "replayed_from"]);
    expect(await hasCheckpointsTable(db)).toBe(true);
  });
});
