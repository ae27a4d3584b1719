import { sql, type Kysely } from "kysely";
import { expect, it } from "vitest";
import { openRecorderDatabase } from "../db/open-recorder-database.js";
import { describeOnBothDatabases } from "../test-support/databases.js";
import { MIGRATION_LOCK_TABLE, MIGRATION_TABLE, migrateToLatest } from "./migrate.js";
import { RECORDER_MIGRATIONS } from "./recorder-migrations.js";

const TABLES = [
  "nucleo_benchmark_reports",
  "nucleo_benchmark_rows",
  "nucleo_conversations",
  "nucleo_cost_attribution",
  "nucleo_entry_budgets",
  "nucleo_job_content",
  "nucleo_jobs",
  "nucleo_messages",
  "nucleo_model_call_content",
  "nucleo_model_calls",
  "nucleo_replay_checkpoints",
  "nucleo_seat_bookings",
  "nucleo_seats",
  "nucleo_skill_admissions",
  "nucleo_thread_messages",
  "nucleo_tool_withholds",
];

/** The workflow list's order (migration 0007), as Postgres reports it. */
const LIST_ORDER = `COALESCE(submitted_at, '-infinity'::timestamp with time zone) DESC, id COLLATE "C" DESC`;

// Every index the migrations make, primary keys included, with the column list Postgres reports.
const INDEXES: Readonly<Record<string, string>> = {
  nucleo_jobs_pkey: "btree (id)",
  nucleo_jobs_root: "btree (root_id)",
  nucleo_jobs_children: "btree (parent_id, ordinal, started_at)",
  nucleo_jobs_ancestors: "gin (ancestors)",
  nucleo_jobs_class: "btree (job_class)",
  nucleo_model_calls_pk: "btree (job_id, seq)",
  nucleo_model_calls_root: "btree (root_id)",
  nucleo_model_calls_ancestors: "gin (ancestors)",
  nucleo_model_calls_class: "btree (job_class, at)",
  nucleo_model_calls_at: "btree (at)",
  nucleo_model_calls_entry_root: "btree (entry_id, root_id)",
  nucleo_jobs_workflows: `btree (${LIST_ORDER}) WHERE (parent_id IS NULL)`,
  nucleo_jobs_workflows_status: `btree (status, ${LIST_ORDER}) WHERE (parent_id IS NULL)`,
  nucleo_jobs_workflows_name: `btree (job_name, ${LIST_ORDER}) WHERE (parent_id IS NULL)`,
  nucleo_jobs_workflows_tenant: `btree (((scope_axes ->> 'tenant'::text)), ${LIST_ORDER}) WHERE (parent_id IS NULL)`,
  nucleo_seats_pkey: "btree (seat_id)",
  nucleo_seats_job: "btree (job_id)",
  nucleo_tool_withholds_pk: "btree (job_id, seq)",
  nucleo_tool_withholds_root: "btree (root_id)",
  nucleo_skill_admissions_pk: "btree (job_id, seq)",
  nucleo_skill_admissions_root: "btree (root_id)",
  nucleo_benchmark_reports_pkey: "btree (job_id)",
  nucleo_benchmark_rows_pk: "btree (job_id, run)",
  nucleo_conversations_pkey: "btree (id)",
  nucleo_cost_attribution_ancestor:
    "btree (ancestor_id) INCLUDE (currency, calls, input_tokens, cache_read_input_tokens, cache_creation_input_tokens, output_tokens, reasoning_output_tokens, cost)",
  nucleo_entry_budgets_pkey: "btree (entry_id)",
  nucleo_seat_bookings_pkey: "btree (id)",
  nucleo_seat_bookings_entry_time: "btree (entry_id, booked_at, id)",
  nucleo_job_content_pkey: "btree (job_id)",
  nucleo_job_content_root: "btree (root_id)",
  nucleo_job_content_search: "gin (search)",
  nucleo_messages_pkey: "btree (root_id, hash)",
  nucleo_messages_search: "gin (search)",
  nucleo_model_call_content_pkey: "btree (job_id, seq)",
  nucleo_model_call_content_root: "btree (root_id)",
  nucleo_thread_messages_pkey: 'btree (root_id, thread, "position")',
  nucleo_replay_checkpoints_pkey: 'btree (root_id, "position")',
};

async function recorderTables(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_name like 'nucleo\\_%' and table_name not like 'nucleo\\_recorder\\_%'
    order by table_name`.execute(db);
  return rows.map((row) => row.name);
}

async function recorderIndexes(db: Kysely<any>): Promise<Record<string, string>> {
  const { rows } = await sql<{ name: string; definition: string }>`
    select indexname as name, indexdef as definition from pg_indexes
    where schemaname = current_schema() and tablename like 'nucleo\\_%' and tablename not like 'nucleo\\_recorder\\_%'`.execute(
    db,
  );
  // "CREATE INDEX x ON public.t USING gin (ancestors)" -> "gin (ancestors)"
  return Object.fromEntries(
    rows.map((row) => [row.name, row.definition.replace(/^.* USING /, "")]),
  );
}

describeOnBothDatabases("migrateToLatest", (open, backend) => {
  it("applies every migration, in order, to a fresh database", async () => {
    const { db } = await open({ migrate: false });
    expect(await recorderTables(db)).toEqual([]);

    const { applied } = await migrateToLatest(db);

    expect(applied).toEqual(Object.keys(RECORDER_MIGRATIONS));
    expect(await recorderTables(db)).toEqual(TABLES);
  });

  it("is idempotent: a second run applies nothing and changes nothing", async () => {
    const { db } = await open({ migrate: false });
    await migrateToLatest(db);
    const before = await recorderIndexes(db);

    expect(await migrateToLatest(db)).toEqual({ applied: [] });
    expect(await recorderIndexes(db)).toEqual(before);
  });

  it("creates every table and index of the migrations, ancestor arrays and search vectors GIN-indexed", async () => {
    const { db } = await open();
    expect(await recorderTables(db)).toEqual(TABLES);
    expect(await recorderIndexes(db)).toEqual(INDEXES);
  });

  it("keeps its history in its own tables, apart from an application's Kysely migrations", async () => {
    const { db } = await open();
    const { rows } = await sql<{
      name: string;
    }>`select name from ${sql.table(MIGRATION_TABLE)} order by name`.execute(db);
    expect(rows.map((row) => row.name)).toEqual(Object.keys(RECORDER_MIGRATIONS));
    const lock = await sql<{
      name: string;
    }>`select table_name as name from information_schema.tables where table_name = ${MIGRATION_LOCK_TABLE}`.execute(
      db,
    );
    expect(lock.rows).toHaveLength(1);
    const kyselyDefault =
      await sql`select 1 from information_schema.tables where table_name = 'kysely_migration'`.execute(
        db,
      );
    expect(kyselyDefault.rows).toEqual([]);
  });

  it("runs once when several migrations start at the same time", async () => {
    const first = await open({ migrate: false });
    // On a server, a second pool stands for a second process; PGlite allows one connection
    // per database, so there the concurrent runs share it.
    const second =
      backend === "postgres" && first.url !== undefined
        ? await openRecorderDatabase({ url: first.url, migrate: false })
        : first;
    try {
      const runs = await Promise.all([
        migrateToLatest(first.db),
        migrateToLatest(second.db),
        migrateToLatest(first.db),
        migrateToLatest(second.db),
      ]);
      expect(runs.flatMap((run) => run.applied).sort()).toEqual(Object.keys(RECORDER_MIGRATIONS));
      expect(await recorderIndexes(first.db)).toEqual(INDEXES);
    } finally {
      if (second !== first) await second.close();
    }
  });
});
