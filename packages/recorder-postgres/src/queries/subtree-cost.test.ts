import { CompiledQuery, sql } from "kysely";
import { expect, it } from "vitest";
import { describeOnBothDatabases } from "../test-support/databases.js";
import { RecorderQueries } from "./recorder-queries.js";
import { subtreeCostQuery } from "./subtree-cost-query.js";
import { seedExampleWorld } from "./test-support/example-world.js";
import { seedRows } from "./test-support/seed-rows.js";

describeOnBothDatabases("RecorderQueries.subtreeCost", (open) => {
  it("sums a job and all its descendants, tokens by kind, exact cost per currency", async () => {
    const { db } = await open();
    await seedExampleWorld(db);
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
    expect((await new RecorderQueries(db).subtreeCost("root")).cost).toEqual({ USD: "0.300000000000000001" });
  });

  it("does not count a sibling's or a parent's calls", async () => {
    const { db } = await open();
    await seedExampleWorld(db);
    expect(await new RecorderQueries(db).subtreeCost("b")).toMatchObject({ calls: 1, cost: { USD: "0.000000000000000001" } });
  });

  it("a recorded job with no calls below it costs nothing", async () => {
    const { db } = await open();
    await seedExampleWorld(db);
    expect(await new RecorderQueries(db).subtreeCost("raw")).toEqual({
      jobId: "raw",
      calls: 0,
      tokens: { input: 0, cacheRead: 0, cacheCreation: 0, output: 0, reasoning: 0 },
      cost: {},
    });
  });

  it("an unknown job id is refused with an error naming it", async () => {
    const { db } = await open();
    await seedExampleWorld(db);
    await expect(new RecorderQueries(db).subtreeCost("nope")).rejects.toMatchObject({
      code: "unknown_job",
      id: "nope",
      message: 'No job with id "nope" is recorded.',
    });
  });

  it("the subtree predicate can use the GIN index on ancestors (no recursion, no full scan needed)", async () => {
    const { db } = await open();
    await seedExampleWorld(db);
    const plan = await db.connection().execute(async (connection) => {
      await sql`set enable_seqscan = off`.execute(connection);
      const compiled = subtreeCostQuery(db, "a").compile();
      const { rows } = await connection.executeQuery<Record<string, string>>(CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]));
      await sql`reset enable_seqscan`.execute(connection);
      return rows.map((row) => Object.values(row).join(" ")).join("\n");
    });
    expect(plan).toContain("nucleo_model_calls_ancestors");
  });
});
