import { CompiledQuery, sql } from "kysely";
import { expect, it } from "vitest";
import { describeOnBothDatabases } from "../test-support/databases.js";
import { RecorderQueries } from "./recorder-queries.js";
import { subtreeCostQuery } from "./subtree-cost-query.js";
import { seedExampleRuns } from "./test-support/example-runs.js";
import { seedRows } from "./test-support/seed-rows.js";

describeOnBothDatabases("RecorderQueries.subtreeCost", (open) => {
  it("sums a job and all its descendants, tokens by kind, exact cost per currency", async () => {
    const { db } = await open();
    await seedExampleRuns(db);
    expect(await new RecorderQueries(db).subtreeCost("a")).toEqual({
      jobId: "a",
      calls: 3,
      tokens: { input: 2_310, cacheRead: 0, cacheCreation: 40, output: 1_120, reasoning: 50 },
      cost: { EUR: "0.05", USD: "0.3" },
    });
  });

  it("adds decimals exactly: 0.1 + 0.2 is 0.3, and a 10^-18 share is kept", async () => {
    const { db } = await open();
    await seedRows(db, {
      jobs: [{ id: "root" }, { id: "x", parentId: "root", ordinal: 1 }],
      calls: [
        { jobId: "root", cost: "0.1" },
        { jobId: "x", cost: "0.2" },
        { jobId: "x", cost: "0.000000000000000001" },
      ],
    });
    expect((await new RecorderQueries(db).subtreeCost("root")).cost).toEqual({
      USD: "0.300000000000000001",
    });
  });

  it("does not count a sibling's or a parent's calls", async () => {
    const { db } = await open();
    await seedExampleRuns(db);
    expect(await new RecorderQueries(db).subtreeCost("b")).toMatchObject({
      calls: 1,
      cost: { USD: "0.000000000000000001" },
    });
  });

  it("a recorded job with no calls below it costs nothing", async () => {
    const { db } = await open();
    await seedExampleRuns(db);
    expect(await new RecorderQueries(db).subtreeCost("raw")).toEqual({
      jobId: "raw",
      calls: 0,
      tokens: { input: 0, cacheRead: 0, cacheCreation: 0, output: 0, reasoning: 0 },
      cost: {},
    });
  });

  it("an unknown job id is refused with an error naming it", async () => {
    const { db } = await open();
    await seedExampleRuns(db);
    await expect(new RecorderQueries(db).subtreeCost("nope")).rejects.toMatchObject({
      code: "unknown_job",
      id: "nope",
      message: 'No job with id "nope" is recorded.',
    });
  });

  it("reads the descendants' spending from the attribution index alone, whatever the size of the subtree", async () => {
    const { db } = await open();
    await seedExampleRuns(db);
    await sql`vacuum analyze nucleo_cost_attribution`.execute(db);
    const plan = await db.connection().execute(async (connection) => {
      await sql`set enable_seqscan = off`.execute(connection);
      const compiled = subtreeCostQuery(db, "a").compile();
      const { rows } = await connection.executeQuery<Record<string, string>>(
        CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
      );
      await sql`reset enable_seqscan`.execute(connection);
      return rows.map((row) => Object.values(row).join(" ")).join("\n");
    });
    expect(plan).toMatch(/Index Only Scan using nucleo_cost_attribution_ancestor/);
    expect(plan).toContain("nucleo_model_calls_pk");
    expect(plan).not.toContain("nucleo_model_calls_ancestors");
  });

  it("counts a call once however many writes it took, and forgets a deleted one", async () => {
    const { db } = await open();
    await seedExampleRuns(db);
    const queries = new RecorderQueries(db);
    const before = await queries.subtreeCost("wf-1");
    // The same call written again (as a redelivered event would be) changes nothing...
    const [call] = await db
      .selectFrom("nucleo_model_calls")
      .selectAll()
      .where("job_id", "=", "a1")
      .execute();
    await db
      .insertInto("nucleo_model_calls")
      .values({
        ...call!,
        input_tokens: 300,
        cache_read_input_tokens: 0,
        cache_creation_input_tokens: 40,
        cache_creation_1h_input_tokens: 0,
        output_tokens: 900,
        reasoning_output_tokens: 0,
      })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    expect(await queries.subtreeCost("wf-1")).toEqual(before);
    // ...and a deleted call leaves every ancestor's total.
    await db.deleteFrom("nucleo_model_calls").where("job_id", "=", "a1").execute();
    expect(await queries.subtreeCost("wf-1")).toMatchObject({
      calls: 5,
      cost: { EUR: "0.75", USD: "0.300000000000000001" },
    });
    expect(await queries.subtreeCost("a")).toMatchObject({
      calls: 2,
      cost: { EUR: "0.05", USD: "0.2" },
    });
    expect(await queries.subtreeCost("a1")).toMatchObject({ calls: 0, cost: {} });
  });
});
