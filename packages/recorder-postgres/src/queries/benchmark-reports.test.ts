import { expect, it } from "vitest";
import { describeOnBothDatabases } from "../test-support/databases.js";
import { RecorderQueries } from "./recorder-queries.js";
import { seedExampleRuns } from "./test-support/example-runs.js";

describeOnBothDatabases("RecorderQueries.benchmarkReports", (open) => {
  it("lists the recorded benchmarks with their run counts, optionally for one workflow", async () => {
    const { db } = await open();
    await seedExampleRuns(db);
    const queries = new RecorderQueries(db);
    const summary = {
      jobId: "bench-1",
      rootId: "wf-2",
      racedJob: "summarize",
      grade: "STANDARD",
      times: 2,
      startedAt: Date.parse("2025-01-07T09:01:00Z"),
      finishedAt: Date.parse("2025-01-07T09:02:00Z"),
      runs: 3,
      failedRuns: 1,
      judgeFailure: null,
      referenceFailure: null,
    };
    expect(await queries.benchmarkReports()).toEqual([summary]);
    expect(await queries.benchmarkReports({ rootId: "wf-2" })).toEqual([summary]);
    expect(await queries.benchmarkReports({ rootId: "wf-1" })).toEqual([]);
    await expect(queries.benchmarkReports({ rootId: "wf-0" })).rejects.toMatchObject({
      code: "unknown_workflow",
      id: "wf-0",
    });
  });

  it("gives one benchmark's runs in run order with exact costs, and the report as published", async () => {
    const { db } = await open();
    await seedExampleRuns(db);
    const report = await new RecorderQueries(db).benchmarkReport("bench-1");
    expect(
      report.rows.map((row) => [row.run, row.role, row.model, row.status, row.judgeScore]),
    ).toEqual([
      [0, "reference", "model-ref", "ok", null],
      [1, "candidate", "model-a", "ok", 8.5],
      [2, "candidate", "model-a", "failed", null],
    ]);
    expect(report.rows[2]).toMatchObject({
      error: "timeout: took too long",
      cost: { USD: "0.0123" },
      inputTokens: 1_000,
      wallMs: 1_500,
    });
    expect(report.report).toMatchObject({ judging: { cost: { USD: "0.02" } } });
  });

  it("an id that is no benchmark is refused, saying whether the job exists", async () => {
    const { db } = await open();
    await seedExampleRuns(db);
    const queries = new RecorderQueries(db);
    await expect(queries.benchmarkReport("zzz")).rejects.toMatchObject({
      code: "unknown_benchmark",
      id: "zzz",
      message: expect.stringContaining("no job has that id"),
    });
    await expect(queries.benchmarkReport("a")).rejects.toThrow(
      'Job "a" (Search) has no benchmark report recorded',
    );
  });
});
