import { Decimal } from "@nucleo/core";
import { sql, type Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { RecorderQueries } from "../queries/recorder-queries.js";
import { seedRows } from "../queries/test-support/seed-rows.js";
import type { RecorderDatabase } from "../schema/database.js";
import { describeOnBothDatabases } from "../test-support/databases.js";
import {
  AttributionCompactionTracker,
  COMPACT_AFTER_WRITES,
  compactCostAttribution,
} from "./attribution-compaction.js";
import { PostgresRecorder } from "./postgres-recorder.js";
import { EventScript, type ScriptJob } from "./test-support/event-script.js";
import { problemsLogger, type LoggedProblem } from "./test-support/logged-problems.js";

/** A job's subtree spending summed straight from its calls, the slow way (a GIN lookup per job). */
async function summedFromCalls(
  db: Kysely<RecorderDatabase>,
  jobId: string,
): Promise<{ calls: number; cost: Record<string, string> }> {
  const { rows } = await sql<{ currency: string; calls: string; cost: string }>`
    select currency, count(*)::text as calls, sum(cost)::text as cost from nucleo_model_calls
     where job_id = ${jobId} or ${jobId} = any(ancestors) group by currency`.execute(db);
  return {
    calls: rows.reduce((sum, row) => sum + Number(row.calls), 0),
    cost: Object.fromEntries(rows.map((row) => [row.currency, Decimal.parse(row.cost).toString()])),
  };
}

async function subtreeCost(
  db: Kysely<RecorderDatabase>,
  jobId: string,
): Promise<{ calls: number; cost: Record<string, string> }> {
  const { calls, cost } = await new RecorderQueries(db).subtreeCost(jobId);
  return { calls, cost: { ...cost } };
}

async function attributionRows(db: Kysely<RecorderDatabase>, ancestorId: string): Promise<number> {
  const rows = await db
    .selectFrom("nucleo_cost_attribution")
    .select("currency")
    .where("ancestor_id", "=", ancestorId)
    .execute();
  return rows.length;
}

describeOnBothDatabases("cost attribution compaction", (open) => {
  it("keeps a workflow whose calls come one per write to a few attribution rows per job, every subtree sum exact", async () => {
    const { db } = await open();
    const script = new EventScript({ prefix: "trickle-" });
    const root = script.submit({ id: "trickle-root" });
    const children: ScriptJob[] = [];
    for (let child = 0; child < 3; child += 1) children.push(script.submit({ parent: root }));
    const recorder = new PostgresRecorder({ db });
    for (const event of script.events.splice(0)) recorder.onEvent(event);
    await recorder.flush();
    // Three times as many writes below the root as it takes to compact it, one call each.
    for (let call = 0; call < 3 * COMPACT_AFTER_WRITES; call += 1) {
      const child = children[call % children.length]!;
      const grandchild = script.submit({ parent: child });
      script.llmCall(grandchild, { cost: `0.00${call + 1}` });
      for (const event of script.events.splice(0)) recorder.onEvent(event);
      await recorder.flush();
    }
    await recorder.close();

    expect(await attributionRows(db, "trickle-root")).toBeLessThan(COMPACT_AFTER_WRITES);
    for (const job of [root, ...children]) {
      expect(await subtreeCost(db, job.id)).toEqual(await summedFromCalls(db, job.id));
    }
    expect((await summedFromCalls(db, "trickle-root")).calls).toBe(3 * COMPACT_AFTER_WRITES);
  });

  it("reports a compaction that fails and goes on recording, the sums still exact", async () => {
    const { db } = await open();
    await sql`create function refuse_delete() returns trigger language plpgsql as $$ begin raise exception 'no deletes here'; end $$`.execute(
      db,
    );
    await sql`create trigger refuse_delete before delete on nucleo_cost_attribution for each row execute function refuse_delete()`.execute(
      db,
    );
    const script = new EventScript({ prefix: "refused-" });
    const root = script.submit({ id: "refused-root" });
    const errors: LoggedProblem[] = [];
    const recorder = new PostgresRecorder({ db, logger: problemsLogger(errors) });
    for (let call = 0; call < COMPACT_AFTER_WRITES + 1; call += 1) {
      script.llmCall(script.submit({ parent: root }), { cost: "0.01" });
      for (const event of script.events.splice(0)) recorder.onEvent(event);
      await recorder.flush();
    }
    await recorder.close();
    expect(errors.map((error) => error.code)).toEqual(["recorder_compaction_failed"]);
    expect(errors[0]!.message).toMatch(
      /Merging the cost attribution rows of 1 job\(s\) failed: .*no deletes here/,
    );
    expect(await subtreeCost(db, "refused-root")).toEqual({
      calls: COMPACT_AFTER_WRITES + 1,
      cost: { USD: "0.33" },
    });
  });

  it("counts every call once while compactions race each other and new writes of calls", async () => {
    const { db } = await open();
    await seedRows(db, { jobs: [{ id: "race-root" }] });
    // Each call its own statement, so its own attribution row.
    const writeCall = (index: number) =>
      seedRows(db, {
        jobs: [],
        calls: [
          {
            jobId: `race-${index}`,
            rootId: "race-root",
            ancestors: ["race-root"],
            cost: "0.0001",
            currency: index % 3 === 0 ? "EUR" : "USD",
          },
        ],
      });
    for (let index = 0; index < 60; index += 1) await writeCall(index);
    // On a server these run on separate connections at once; PGlite takes them in turn.
    await Promise.all([
      ...Array.from({ length: 4 }, () => compactCostAttribution(db, ["race-root"])),
      ...Array.from({ length: 40 }, (_, index) => writeCall(60 + index)),
      ...Array.from({ length: 4 }, () => compactCostAttribution(db, ["race-root"])),
    ]);
    expect((await subtreeCost(db, "race-root")).cost).toEqual({ EUR: "0.0034", USD: "0.0066" });
    await compactCostAttribution(db, ["race-root"]);
    expect(await attributionRows(db, "race-root")).toBe(2);
    expect((await subtreeCost(db, "race-root")).cost).toEqual({ EUR: "0.0034", USD: "0.0066" });
  });

  it("leaves an ancestor already down to one row per currency as it is", async () => {
    const { db } = await open();
    for (const currency of ["USD", "EUR", "USD"]) {
      await seedRows(db, {
        jobs: [],
        calls: [
          {
            jobId: `once-${currency}-${Math.random()}`,
            rootId: "once-root",
            ancestors: ["once-root"],
            cost: "0.2",
            currency,
          },
        ],
      });
    }
    await compactCostAttribution(db, ["once-root"]);
    const versions = () =>
      sql<{
        row: string;
      }>`select xmin::text || ctid::text as row from nucleo_cost_attribution where ancestor_id = 'once-root' order by currency`.execute(
        db,
      );
    const merged = (await versions()).rows;
    expect(merged).toHaveLength(2);
    await compactCostAttribution(db, ["once-root"]);
    expect((await versions()).rows).toEqual(merged);
    expect((await subtreeCost(db, "once-root")).cost).toEqual({ EUR: "0.2", USD: "0.4" });
  });

  it("leaves no row for spending that calls deleted since cancelled out", async () => {
    const { db } = await open();
    await seedRows(db, {
      jobs: [],
      calls: [{ jobId: "gone-1", rootId: "gone-root", ancestors: ["gone-root"], cost: "0.5" }],
    });
    await db.deleteFrom("nucleo_model_calls").where("job_id", "=", "gone-1").execute();
    expect(await attributionRows(db, "gone-root")).toBe(2);
    await compactCostAttribution(db, ["gone-root"]);
    expect(await attributionRows(db, "gone-root")).toBe(0);
  });
});

describe("AttributionCompactionTracker", () => {
  it("makes an ancestor due once per so many writes below it, counting a write once however many of its calls it holds", () => {
    const tracker = new AttributionCompactionTracker(3);
    const calls = (...ancestors: string[][]) => ancestors.map((list) => ({ ancestors: list }));
    tracker.noteWrite(calls(["a"], ["b", "a"], ["b", "a"]));
    tracker.noteWrite(calls(["b", "a"]));
    expect(tracker.takeDue()).toEqual([]);
    tracker.noteWrite(calls(["a"]));
    expect(tracker.takeDue()).toEqual(["a"]);
    expect(tracker.takeDue()).toEqual([]);
    tracker.noteWrite(calls(["b", "a"]));
    expect(tracker.takeDue()).toEqual(["b"]);
  });

  it("past its bound forgets the ancestor written below least recently, not the first tracked", () => {
    const tracker = new AttributionCompactionTracker(3, 2);
    tracker.noteWrite([{ ancestors: ["busy"] }]);
    tracker.noteWrite([{ ancestors: ["idle"] }]);
    tracker.noteWrite([{ ancestors: ["busy"] }]);
    tracker.noteWrite([{ ancestors: ["new"] }]); // three tracked: "idle" goes
    tracker.noteWrite([{ ancestors: ["busy"] }]);
    expect(tracker.takeDue()).toEqual(["busy"]);
    tracker.noteWrite([{ ancestors: ["idle"] }]);
    tracker.noteWrite([{ ancestors: ["idle"] }]);
    expect(tracker.takeDue()).toEqual([]);
  });

  it("forgets the longest-tracked ancestors past its bound, which only delays them", () => {
    const tracker = new AttributionCompactionTracker(2, 2);
    tracker.noteWrite([{ ancestors: ["a"] }]);
    tracker.noteWrite([{ ancestors: ["b"] }]);
    tracker.noteWrite([{ ancestors: ["c"] }]);
    tracker.noteWrite([{ ancestors: ["a", "b", "c"] }]);
    expect(tracker.takeDue().sort()).toEqual(["b", "c"]);
  });
});
