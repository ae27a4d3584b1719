import { expect, it } from "vitest";
import { describeOnBothDatabases } from "../test-support/databases.js";
import { RecorderQueries } from "./recorder-queries.js";
import { seedExampleRuns } from "./test-support/example-runs.js";
import { seedRows } from "./test-support/seed-rows.js";

const lines = (rows: readonly { key: string; currency: string; calls: number; cost: string }[]) =>
  rows.map((row) => `${row.key} ${row.currency} ${row.calls} ${row.cost}`);

describeOnBothDatabases("RecorderQueries.costLedger", (open) => {
  it("by workflow: one row per workflow and currency, currencies never summed together", async () => {
    const { db } = await open();
    await seedExampleRuns(db);
    const rows = await new RecorderQueries(db).costLedger({ by: "workflow" });
    expect(lines(rows)).toEqual([
      "wf-1 EUR 2 0.75",
      "wf-1 USD 4 0.400000000000000001",
      "wf-2 USD 100 0.1",
    ]);
    expect(rows[1]!.tokens).toEqual({
      input: 3_301,
      cacheRead: 500,
      cacheCreation: 40,
      output: 1_201,
      reasoning: 50,
    });
  });

  it("by job class, by model and by UTC day", async () => {
    const { db } = await open();
    await seedExampleRuns(db);
    const queries = new RecorderQueries(db);
    expect(lines(await queries.costLedger({ by: "jobClass" }))).toEqual([
      "Condense USD 1 0.1",
      "Fetch EUR 1 0.7",
      "Lookup USD 1 0.000000000000000001",
      "ResearchWorkflow USD 1 0.1",
      "Search EUR 1 0.05",
      "Search USD 1 0.2",
      "Summarize USD 100 0.1",
    ]);
    expect(lines(await queries.costLedger({ by: "model" }))).toEqual([
      "model-a USD 4 0.400000000000000001",
      "model-b USD 100 0.1",
      "model-eu EUR 2 0.75",
    ]);
    expect(lines(await queries.costLedger({ by: "day" }))).toEqual([
      "2025-01-06 EUR 2 0.75",
      "2025-01-06 USD 4 0.400000000000000001",
      "2025-01-07 USD 100 0.1",
    ]);
  });

  it("filters by workflow, by a half-open time range and by currency", async () => {
    const { db } = await open();
    await seedExampleRuns(db);
    const queries = new RecorderQueries(db);
    expect(lines(await queries.costLedger({ by: "model", rootId: "wf-2" }))).toEqual([
      "model-b USD 100 0.1",
    ]);
    expect(lines(await queries.costLedger({ by: "model", currency: "EUR" }))).toEqual([
      "model-eu EUR 2 0.75",
    ]);
    const range = { from: new Date("2025-01-06T10:00:07Z"), to: new Date("2025-01-06T10:00:13Z") };
    // 10:00:07 is in (two calls), 10:00:13 is not (the range is half-open).
    expect(lines(await queries.costLedger({ by: "jobClass", ...range }))).toEqual([
      "Condense USD 1 0.1",
      "Lookup USD 1 0.000000000000000001",
      "Search EUR 1 0.05",
    ]);
  });

  it('by tenant: each call under its workflow root\'s tenant, "" for a workflow without one or whose root is not recorded', async () => {
    const { db } = await open();
    await seedRows(db, {
      jobs: [
        { id: "t-1", scopeAxes: { tenant: "acme", ticket: "T-1" } },
        // A job's own axes do not move its calls: the workflow's tenant does.
        { id: "t-1-child", parentId: "t-1", scopeAxes: { tenant: "other" } },
        { id: "t-2", scopeAxes: { tenant: "acme" } },
        { id: "t-3", scopeAxes: { tenant: "globex" } },
        { id: "t-4" },
        { id: "ghost" },
        { id: "ghost-child", parentId: "ghost" },
      ],
      missingJobs: ["ghost"],
      calls: [
        { jobId: "t-1", cost: "0.1" },
        { jobId: "t-1-child", cost: "0.2" },
        { jobId: "t-2", cost: "0.5", currency: "EUR" },
        { jobId: "t-3", cost: "1" },
        { jobId: "t-4", cost: "0.01" },
        { jobId: "ghost-child", cost: "0.02" },
      ],
    });
    const queries = new RecorderQueries(db);
    expect(lines(await queries.costLedger({ by: "tenant" }))).toEqual([
      " USD 2 0.03",
      "acme EUR 1 0.5",
      "acme USD 2 0.3",
      "globex USD 1 1",
    ]);
    expect(lines(await queries.costLedger({ by: "tenant", rootId: "t-1" }))).toEqual([
      "acme USD 2 0.3",
    ]);
    expect(lines(await queries.costLedger({ by: "tenant", currency: "EUR" }))).toEqual([
      "acme EUR 1 0.5",
    ]);
  });

  it("sums exactly: ten calls of 0.1 make 1, and 0.1 + 0.2 make 0.3", async () => {
    const { db } = await open();
    await seedRows(db, {
      jobs: [{ id: "root" }],
      calls: [
        ...Array.from({ length: 10 }, () => ({ jobId: "root", cost: "0.1" })),
        { jobId: "root", cost: "0.1", currency: "GBP" },
        { jobId: "root", cost: "0.2", currency: "GBP" },
      ],
    });
    expect(lines(await new RecorderQueries(db).costLedger({ by: "workflow" }))).toEqual([
      "root GBP 2 0.3",
      "root USD 10 1",
    ]);
  });

  it("a ledger for an unknown workflow is refused naming it; a known one without calls is empty", async () => {
    const { db } = await open();
    await seedExampleRuns(db);
    const queries = new RecorderQueries(db);
    await expect(queries.costLedger({ by: "model", rootId: "wf-9" })).rejects.toMatchObject({
      code: "unknown_workflow",
      id: "wf-9",
    });
    await seedRows(db, { jobs: [{ id: "idle" }] });
    expect(await queries.costLedger({ by: "model", rootId: "idle" })).toEqual([]);
  });

  it("a grouping it does not know is refused naming the parameter", async () => {
    const { db } = await open();
    const queries = new RecorderQueries(db);
    await expect(queries.costLedger({ by: "provider" as never })).rejects.toMatchObject({
      code: "invalid_input",
      parameter: "by",
    });
    await expect(
      queries.costLedger({ by: "day", from: new Date("nonsense") }),
    ).rejects.toMatchObject({ parameter: "from" });
  });
});
