import { expect, it } from "vitest";
import { describeOnBothDatabases } from "../test-support/databases.js";
import { RecorderQueries } from "./recorder-queries.js";
import { seedSaidRuns } from "./test-support/said-runs.js";

describeOnBothDatabases("RecorderQueries.jobContent", (open) => {
  it("answers a job's input and output as recorded", async () => {
    const { db } = await open();
    await seedSaidRuns(db);
    expect(await new RecorderQueries(db).jobContent("search")).toEqual({
      jobId: "search",
      input: { query: "refund window" },
      output: "Refunds are granted within 30 days.",
    });
  });

  it("tells a value not recorded (undefined) from one recorded as JSON null", async () => {
    const { db } = await open();
    await seedSaidRuns(db);
    const queries = new RecorderQueries(db);
    // `summary` returned nothing (kept as null); `pending` has not finished; `quiet` ran with
    // content off: its job row is there, no content row.
    const summary = await queries.jobContent("summary");
    expect(summary).toHaveProperty("output", null);
    const pending = await queries.jobContent("pending");
    expect(pending).toMatchObject({ input: { to: "customer@example.com" } });
    expect(pending!.output).toBeUndefined();
    expect(await queries.jobContent("quiet")).toEqual({
      jobId: "quiet",
      input: undefined,
      output: undefined,
    });
  });

  it("answers undefined for a job nothing is recorded under", async () => {
    const { db } = await open();
    await seedSaidRuns(db);
    expect(await new RecorderQueries(db).jobContent("no-such-job")).toBeUndefined();
  });
});
