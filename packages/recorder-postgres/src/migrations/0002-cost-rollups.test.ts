import { sql, type Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { expect, it } from "vitest";
import { RecorderQueries } from "../queries/recorder-queries.js";
import { seedExampleRuns } from "../queries/test-support/example-runs.js";
import type { RecorderDatabase } from "../schema/database.js";
import { describeOnBothDatabases } from "../test-support/databases.js";
import { PostgresRecorder } from "../writer/postgres-recorder.js";
import { EventScript } from "../writer/test-support/event-script.js";
import * as initial from "./0001-initial.js";
import * as costRollups from "./0002-cost-rollups.js";
import { MIGRATION_LOCK_TABLE, MIGRATION_TABLE, migrateToLatest } from "./migrate.js";

type Db = Kysely<RecorderDatabase>;

/** Brings a fresh database to 0001 only, as a database recorded by the previous release is. */
async function migrateTo0001(db: Db): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => ({ "0001-initial": initial }) },
    migrationTableName: MIGRATION_TABLE,
    migrationLockTableName: MIGRATION_LOCK_TABLE,
  });
  const { error } = await migrator.migrateToLatest();
  if (error !== undefined) throw error;
}

/** A job's subtree as the calls themselves say (the GIN predicate), per currency: the reference the attribution must match. */
async function subtreeFromCalls(db: Db, jobId: string) {
  const { rows } = await sql<{ currency: string; calls: string; tokens: string; cost: string }>`
    select currency, count(*) as calls, sum(input_tokens + cache_read_input_tokens + cache_creation_input_tokens + output_tokens + reasoning_output_tokens) as tokens,
           sum(cost) as cost
      from nucleo_model_calls where job_id = ${jobId} or ancestors @> array[${jobId}]::text[]
     group by currency order by currency`.execute(db);
  return Object.fromEntries(
    rows.map((row) => [
      row.currency,
      { calls: Number(row.calls), tokens: Number(row.tokens), cost: Number(row.cost) },
    ]),
  );
}

async function subtreeFromApi(db: Db, jobId: string) {
  const { calls, tokens, cost } = await new RecorderQueries(db).subtreeCost(jobId);
  return {
    calls,
    tokens:
      tokens.input + tokens.cacheRead + tokens.cacheCreation + tokens.output + tokens.reasoning,
    cost,
  };
}

async function expectAttributionMatchesCalls(db: Db, jobIds: readonly string[]): Promise<void> {
  for (const jobId of jobIds) {
    const reference = await subtreeFromCalls(db, jobId);
    const answer = await subtreeFromApi(db, jobId);
    const calls = Object.values(reference).reduce((total, entry) => total + entry.calls, 0);
    const tokens = Object.values(reference).reduce((total, entry) => total + entry.tokens, 0);
    expect({ calls: answer.calls, tokens: answer.tokens }, jobId).toEqual({ calls, tokens });
    expect(
      Object.fromEntries(
        Object.entries(answer.cost).map(([currency, cost]) => [currency, Number(cost)]),
      ),
      jobId,
    ).toEqual(
      Object.fromEntries(
        Object.entries(reference).map(([currency, entry]) => [currency, entry.cost]),
      ),
    );
  }
}

const EXAMPLE_JOB_IDS = ["wf-1", "a", "a1", "b", "b1", "p1", "p2", "raw", "wf-2", "s", "bench-1"];

describeOnBothDatabases("migration 0002 (cost rollups)", (open) => {
  it("a database at 0001 with recorded calls migrates forward, every call attributed to every ancestor", async () => {
    const { db } = await open({ migrate: false });
    await migrateTo0001(db);
    await seedExampleRuns(db);

    const { applied } = await migrateToLatest(db);

    expect(applied).toContain("0002-cost-rollups");
    await expectAttributionMatchesCalls(db, EXAMPLE_JOB_IDS);
    // One row per ancestor and currency: wf-1 (USD, EUR), a (USD), b (USD), wf-2 (USD), s (none: no descendants' calls).
    const { rows } = await sql<{
      ancestor_id: string;
      currency: string;
    }>`select ancestor_id, currency from nucleo_cost_attribution order by 1, 2`.execute(db);
    expect(rows.map((row) => `${row.ancestor_id} ${row.currency}`)).toEqual([
      "a USD",
      "b USD",
      "wf-1 EUR",
      "wf-1 USD",
      "wf-2 USD",
    ]);
  });

  it("running it again attributes nothing twice and keeps one trigger of each kind", async () => {
    const { db } = await open();
    await seedExampleRuns(db);
    const before = await sql`select * from nucleo_cost_attribution order by 1, 2, 3`.execute(db);

    await db.transaction().execute((trx) => costRollups.up(trx));

    expect(
      (await sql`select * from nucleo_cost_attribution order by 1, 2, 3`.execute(db)).rows,
    ).toEqual(before.rows);
    const triggers = await sql<{ name: string }>`
      select tgname as name from pg_trigger where tgrelid = 'nucleo_model_calls'::regclass and not tgisinternal order by 1`.execute(
      db,
    );
    expect(triggers.rows.map((row) => row.name)).toEqual([
      "nucleo_model_calls_attribute_delete",
      "nucleo_model_calls_attribute_insert",
      "nucleo_model_calls_attribute_truncate",
      "nucleo_model_calls_attribute_update",
    ]);
    await expectAttributionMatchesCalls(db, EXAMPLE_JOB_IDS);
  });

  it("the writer delivering every event twice attributes each call once", async () => {
    const { db } = await open();
    const run = new EventScript();
    const root = run.submit({ jobClass: "Root" });
    const child = run.submit({ parent: root });
    const grandchild = run.submit({ parent: child });
    run.llmCall(root, { cost: "0.1" });
    run.llmCall(child, { cost: "0.2" });
    run.llmCall(grandchild, { cost: "0.000000000000000001" });
    run.llmCall(grandchild, { cost: "0.05", currency: "EUR" });
    const recorder = new PostgresRecorder({ db });
    for (const delivery of [run.events, run.events, run.events.slice(3)]) {
      for (const event of delivery) recorder.onEvent(event);
      await recorder.flush();
    }
    await recorder.close();

    const calls = await db
      .selectFrom("nucleo_model_calls")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(calls.n)).toBe(4);
    const queries = new RecorderQueries(db);
    expect(await queries.subtreeCost(root.id)).toMatchObject({
      calls: 4,
      cost: { EUR: "0.05", USD: "0.300000000000000001" },
    });
    expect(await queries.subtreeCost(child.id)).toMatchObject({
      calls: 3,
      cost: { EUR: "0.05", USD: "0.200000000000000001" },
    });
    expect(await queries.subtreeCost(grandchild.id)).toMatchObject({
      calls: 2,
      cost: { EUR: "0.05", USD: "0.000000000000000001" },
    });
  });

  it("one write of many calls appends one row per ancestor and currency", async () => {
    const { db } = await open();
    const run = new EventScript();
    const root = run.submit();
    const children = Array.from({ length: 50 }, () => run.submit({ parent: root }));
    for (const child of children) run.llmCall(child, { cost: "0.01" });
    const recorder = new PostgresRecorder({ db });
    for (const event of run.events) recorder.onEvent(event);
    await recorder.close();

    const { rows } = await sql<{
      ancestor_id: string;
      calls: string;
      cost: string;
    }>`select ancestor_id, calls, cost from nucleo_cost_attribution`.execute(db);
    expect(rows).toEqual([{ ancestor_id: root.id, calls: "50", cost: "0.50" }]);
  });

  it("follows calls deleted, changed and truncated, by appending rows only", async () => {
    const { db } = await open();
    await seedExampleRuns(db);
    const appended = async () =>
      Number(
        (await sql<{ n: string }>`select count(*) as n from nucleo_cost_attribution`.execute(db))
          .rows[0]!.n,
      );
    const rowsBefore = await appended();

    await db
      .updateTable("nucleo_model_calls")
      .set({ cost: "0.3", currency: "EUR" })
      .where("job_id", "=", "a1")
      .execute();
    await expectAttributionMatchesCalls(db, EXAMPLE_JOB_IDS);
    await db.deleteFrom("nucleo_model_calls").where("job_id", "in", ["a", "p1"]).execute();
    await expectAttributionMatchesCalls(db, EXAMPLE_JOB_IDS);
    expect(await appended()).toBeGreaterThan(rowsBefore);
    // A change that changes no sum appends nothing.
    const unchanged = await appended();
    await db
      .updateTable("nucleo_model_calls")
      .set({ finish_reason: "stop" })
      .where("job_id", "=", "a1")
      .execute();
    expect(await appended()).toBe(unchanged);

    await sql`truncate nucleo_model_calls`.execute(db);
    expect(await appended()).toBe(0);
    expect(await new RecorderQueries(db).subtreeCost("wf-1")).toMatchObject({ calls: 0, cost: {} });
  });

  it("gives the planner statistics on a call's UTC day, so the ledger by day expects days, not calls", async () => {
    const { db } = await open();
    const run = new EventScript({ start: Date.UTC(2025, 0, 1) });
    const root = run.submit();
    for (let index = 0; index < 300; index += 1) run.llmCall(root, { cost: "0.001" });
    const recorder = new PostgresRecorder({ db });
    for (const [index, event] of run.events.entries())
      recorder.onEvent({ ...event, at: event.at + (index % 3) * 86_400_000 + index * 1_000 });
    await recorder.close();
    await sql`analyze nucleo_model_calls`.execute(db);

    const { rows } = await sql<Record<string, string>>`
      explain select (at at time zone 'UTC')::date, count(*) from nucleo_model_calls group by 1`.execute(
      db,
    );
    const estimate = /rows=(\d+)/.exec(Object.values(rows[0]!).join(" "))?.[1];
    // Three days; without the statistics the planner takes each distinct time for a group (300).
    expect(Number(estimate)).toBeLessThanOrEqual(10);
  });
});
