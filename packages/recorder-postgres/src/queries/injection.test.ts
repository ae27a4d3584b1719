import { sql } from "kysely";
import { expect, it } from "vitest";
import { describeOnBothDatabases } from "../test-support/databases.js";
import { RecorderQueries } from "./recorder-queries.js";
import { RecorderQueryError } from "./recorder-query-error.js";
import { seedExampleRuns } from "./test-support/example-runs.js";
import { kept, seedSaid } from "./test-support/said-rows.js";
import { seedSaidRuns } from "./test-support/said-runs.js";
import { seedRows } from "./test-support/seed-rows.js";

const HOSTILE = [
  "'; DROP TABLE nucleo_jobs; --",
  "' OR '1'='1",
  "wf-1' --",
  '"; DROP TABLE nucleo_model_calls; --',
  "\\'; DELETE FROM nucleo_model_calls; --",
  "\\",
  "$1",
  "x'); DROP TABLE nucleo_jobs CASCADE; SELECT ('",
  "ancestors @> '{}'",
];

describeOnBothDatabases("recorder queries and hostile input", (open) => {
  it("ids, classes and currencies shaped as SQL are only ever parameters: nothing matches, the tables survive", async () => {
    const { db } = await open();
    await seedExampleRuns(db);
    const queries = new RecorderQueries(db);
    for (const value of HOSTILE) {
      const attempts = [
        () => queries.trajectory(value),
        () => queries.subtreeCost(value),
        () => queries.costLedger({ by: "day", rootId: value }),
        () => queries.benchmarkReports({ rootId: value }),
        () => queries.benchmarkReport(value),
      ];
      for (const attempt of attempts) {
        const error = await attempt().catch((caught: unknown) => caught);
        expect(RecorderQueryError.isInstance(error), value).toBe(true);
        expect((error as RecorderQueryError).id).toBe(value);
        expect((error as RecorderQueryError).code).toMatch(/^unknown_/);
      }
      expect(await queries.seatSizing({ jobClass: value })).toEqual([]);
      expect(await queries.costLedger({ by: "model", currency: value })).toEqual([]);
      expect(await queries.benchmarkReports({ rootId: "wf-2" })).toHaveLength(1);
    }
    const { rows } = await sql<{
      jobs: string;
      calls: string;
    }>`select (select count(*) from nucleo_jobs) as jobs, (select count(*) from nucleo_model_calls) as calls`.execute(
      db,
    );
    expect(rows[0]).toEqual({ jobs: "11", calls: "106" });
    expect((await queries.trajectory("wf-1")).jobCount).toBe(8);
  });

  it("a workflow whose id is hostile text is found by exactly that id", async () => {
    const { db } = await open();
    const id = "wf'; DROP TABLE nucleo_jobs; --\\";
    await seedRows(db, {
      jobs: [
        { id, jobClass: "Cls' OR 1=1 --" },
        { id: "child\\'", parentId: id, ordinal: 1 },
      ],
      calls: [{ jobId: "child\\'", cost: "0.5" }],
    });
    const queries = new RecorderQueries(db);
    const trajectory = await queries.trajectory(id);
    expect(trajectory.root.children[0]!.job.jobId).toBe("child\\'");
    expect(trajectory.root.job.cost.subtree.cost).toEqual({ USD: "0.5" });
    expect((await queries.seatSizing({ jobClass: "Job" }))[0]!.calls).toBe(1);
    expect(await queries.costLedger({ by: "workflow", rootId: id })).toMatchObject([
      { key: id, cost: "0.5" },
    ]);
  });

  it("ids and search text shaped as SQL are only ever parameters to the queries of what was said", async () => {
    const { db } = await open();
    await seedSaidRuns(db);
    const queries = new RecorderQueries(db);
    for (const value of HOSTILE) {
      expect(await queries.jobContent(value)).toBeUndefined();
      expect(await queries.modelCall(value, 1)).toBeUndefined();
      await expect(queries.workflowTranscript(value)).rejects.toMatchObject({
        code: "unknown_workflow",
        id: value,
      });
      expect(await queries.searchSaid(value)).toEqual([]);
    }
    const { rows } = await sql<{ messages: string; calls: string; jobs: string }>`
      select (select count(*) from nucleo_messages) as messages,
             (select count(*) from nucleo_model_call_content) as calls,
             (select count(*) from nucleo_job_content) as jobs`.execute(db);
    expect(rows[0]).toEqual({ messages: "8", calls: "3", jobs: "7" });
  });

  it("text shaped as SQL that was said is found by searching for it, as text", async () => {
    const { db } = await open();
    const id = "wf'; DROP TABLE nucleo_messages; --";
    const { rootOf } = await seedRows(db, {
      jobs: [{ id }],
      calls: [{ jobId: id, cost: "0" }],
    });
    await seedSaid(db, {
      rootOf,
      jobs: [{ jobId: id, input: { sql: "x'); DROP TABLE nucleo_jobs; --" } }],
      calls: [
        {
          jobId: id,
          seq: 1,
          messages: [kept.user("'; DELETE FROM nucleo_messages; --")],
          response: kept.assistant("ok"),
        },
      ],
    });
    const queries = new RecorderQueries(db);
    const [hit] = await queries.searchSaid("DELETE FROM nucleo_messages");
    expect(hit).toMatchObject({ rootId: id, matches: 1 });
    expect((await queries.searchSaid('"drop table nucleo_jobs"'))[0]).toMatchObject({ rootId: id });
    expect(
      (await queries.workflowTranscript(id)).jobs[0]!.calls[0]!.content!.messages,
    ).toHaveLength(1);
  });

  it("an id with a NUL character is refused as invalid input before reaching the database", async () => {
    const { db } = await open();
    await expect(new RecorderQueries(db).subtreeCost("a\u0000b")).rejects.toMatchObject({
      code: "invalid_input",
      parameter: "jobId",
    });
  });
});
