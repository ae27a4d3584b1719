import { expect, it } from "vitest";
import { describeOnBothDatabases } from "../test-support/databases.js";
import { RecorderQueries } from "./recorder-queries.js";
import { seedExampleRuns } from "./test-support/example-runs.js";
import { seedRows } from "./test-support/seed-rows.js";

describeOnBothDatabases("RecorderQueries.seatSizing", (open) => {
  it("per job class: max and p95 output tokens (percentile_disc), max_tokens stops, the rung", async () => {
    const { db } = await open();
    await seedExampleRuns(db);
    const rows = await new RecorderQueries(db).seatSizing();
    expect(rows.map((row) => row.jobClass)).toEqual([
      "Condense",
      "Fetch",
      "Lookup",
      "ResearchWorkflow",
      "Search",
      "Summarize",
    ]);
    // Outputs 8, 16, ..., 800: the 95th of 100 values is 760; ×1.25 = 950 fits VERDICT's 1,024.
    expect(rows.at(-1)).toEqual({
      jobClass: "Summarize",
      calls: 100,
      maxOutputTokens: 800,
      p95OutputTokens: 760,
      maxTokensStops: 3,
      recommendedRung: "VERDICT",
    });
    // 900 tokens would fit VERDICT's 1,024 bare; with the headroom (1,125) it needs COMPACT.
    expect(rows[0]).toMatchObject({
      jobClass: "Condense",
      p95OutputTokens: 900,
      recommendedRung: "COMPACT",
    });
    expect(rows.find((row) => row.jobClass === "Lookup")).toMatchObject({
      calls: 1,
      maxTokensStops: 1,
      p95OutputTokens: 1,
    });
  });

  it("p95 is a value some call produced, not an interpolation", async () => {
    const { db } = await open();
    // 19 calls of 100 tokens and one of 5,000: p95 is 100 (the 19th of 20), interpolation would say 345.
    await seedRows(db, {
      jobs: [{ id: "root", jobClass: "Draft" }],
      calls: [
        ...Array.from({ length: 19 }, () => ({ jobId: "root", cost: "0", outputTokens: 100 })),
        { jobId: "root", cost: "0", outputTokens: 5_000 },
      ],
    });
    expect(await new RecorderQueries(db).seatSizing({ jobClass: "Draft" })).toEqual([
      {
        jobClass: "Draft",
        calls: 20,
        maxOutputTokens: 5_000,
        p95OutputTokens: 100,
        maxTokensStops: 0,
        recommendedRung: "VERDICT",
      },
    ]);
  });

  it("recommends a larger rung when answers grow, MAX when none holds them", async () => {
    const { db } = await open();
    await seedRows(db, {
      jobs: [
        { id: "w1", jobClass: "Essay" },
        { id: "w2", jobClass: "Book" },
      ],
      calls: [
        ...Array.from({ length: 20 }, (_, index) => ({
          jobId: "w1",
          cost: "0",
          outputTokens: 10_000 + index * 100,
        })),
        ...Array.from({ length: 20 }, () => ({
          jobId: "w2",
          cost: "0",
          outputTokens: 30_000,
          finishReason: "max_tokens",
        })),
      ],
    });
    const rows = await new RecorderQueries(db).seatSizing();
    // Essay: p95 11,800 × 1.25 = 14,750 ≤ 16,384. Book: 37,500 > 32,768.
    expect(
      rows.map((row) => [
        row.jobClass,
        row.p95OutputTokens,
        row.recommendedRung,
        row.maxTokensStops,
      ]),
    ).toEqual([
      ["Book", 30_000, "MAX", 20],
      ["Essay", 11_800, "STANDARD", 0],
    ]);
  });

  it("a class with no calls gives an empty report", async () => {
    const { db } = await open();
    await seedExampleRuns(db);
    expect(await new RecorderQueries(db).seatSizing({ jobClass: "Nothing" })).toEqual([]);
  });
});
