import { sql, type Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { expect, it } from "vitest";
import type { RecorderDatabase } from "../schema/database.js";
import { describeOnBothDatabases } from "../test-support/databases.js";
import * as workflowList from "./0007-workflow-list.js";
import { MIGRATION_LOCK_TABLE, MIGRATION_TABLE, migrateToLatest } from "./migrate.js";
import { RECORDER_MIGRATIONS } from "./recorder-migrations.js";

const MADE = [
  "index nucleo_jobs_workflows",
  "index nucleo_jobs_workflows_name",
  "index nucleo_jobs_workflows_status",
  "index nucleo_jobs_workflows_tenant",
  "index nucleo_model_calls_entry_root",
  "statistics nucleo_jobs_submitted_key",
  "statistics nucleo_jobs_tenant",
];

/** What of 0007's the database holds: its indexes and statistics objects, by name. */
async function listObjects(db: Kysely<RecorderDatabase>): Promise<string[]> {
  const { rows } = await sql<{ made: string }>`
    select 'index ' || indexname as made from pg_indexes
     where schemaname = current_schema()
       and (indexname like 'nucleo_jobs_workflows%' or indexname = 'nucleo_model_calls_entry_root')
    union all
    select 'statistics ' || stxname from pg_statistic_ext
     where stxnamespace = current_schema()::regnamespace
       and stxname in ('nucleo_jobs_submitted_key', 'nucleo_jobs_tenant')
    order by 1`.execute(db);
  return rows.map((row) => row.made);
}

describeOnBothDatabases("migration 0007 (workflow list)", (open) => {
  it("a database at 0006 with workflows migrates forward, and the list reads them", async () => {
    const { db } = await open({ migrate: false });
    const before = Object.fromEntries(
      Object.entries(RECORDER_MIGRATIONS).filter(([name]) => name < "0007"),
    );
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => before },
      migrationTableName: MIGRATION_TABLE,
      migrationLockTableName: MIGRATION_LOCK_TABLE,
    });
    const { error } = await migrator.migrateToLatest();
    if (error !== undefined) throw error;
    await sql`insert into nucleo_jobs (id, root_id, submitted_at) values ('old', 'old', now())`.execute(
      db,
    );

    expect((await migrateToLatest(db)).applied).toEqual([
      "0007-workflow-list",
      "0008-hour-cache-writes",
    ]);
    expect(await listObjects(db)).toEqual(MADE);
  });

  it("down drops its indexes and statistics and nothing else; up again restores them", async () => {
    const { db } = await open();
    await workflowList.down(db);
    expect(await listObjects(db)).toEqual([]);
    const { rows } = await sql<{ indexname: string }>`
      select indexname from pg_indexes where schemaname = current_schema() and tablename = 'nucleo_jobs'
      order by 1`.execute(db);
    expect(rows.map((row) => row.indexname)).toEqual([
      "nucleo_jobs_ancestors",
      "nucleo_jobs_children",
      "nucleo_jobs_class",
      "nucleo_jobs_pkey",
      "nucleo_jobs_root",
    ]);
    await workflowList.up(db);
    expect(await listObjects(db)).toEqual(MADE);
  });
});
