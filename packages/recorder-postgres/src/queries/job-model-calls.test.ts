import { expect, it } from "vitest";
import { describeOnBothDatabases } from "../test-support/databases.js";
import { RecorderQueries } from "./recorder-queries.js";
import { seedRows } from "./test-support/seed-rows.js";

describeOnBothDatabases("RecorderQueries.modelCalls", (open) => {
  it("answers a job's calls in the order it made them, each with its metadata and exact cost", async () => {
    const { db } = await open();
    await seedRows(db, {
      jobs: [{ id: "root" }, { id: "turns", parentId: "root", jobClass: "Chat" }],
      calls: [
        {
          jobId: "turns",
          cost: "0.1",
          model: "entry-a",
          at: "2025-01-01T12:00:02Z",
          inputTokens: 1_200,
          cacheReadTokens: 300,
          cacheCreationTokens: 40,
          cacheCreation1hTokens: 30,
          outputTokens: 250,
          reasoningTokens: 12,
          latencyMs: 830,
          finishReason: "tool_use",
        },
        { jobId: "turns", cost: "0.2", model: "entry-b", at: "2025-01-01T12:00:01Z" },
        {
          jobId: "turns",
          cost: "0.000000000000000001",
          currency: "EUR",
          finishReason: "max_tokens",
        },
        { jobId: "root", cost: "9" },
      ],
    });
    const calls = await new RecorderQueries(db).modelCalls("turns");
    // By seq, whatever the times say.
    expect(calls.map((call) => [call.seq, call.cost, call.currency])).toEqual([
      [1, "0.1", "USD"],
      [2, "0.2", "USD"],
      [3, "0.000000000000000001", "EUR"],
    ]);
    expect(calls[0]).toEqual({
      jobId: "turns",
      seq: 1,
      rootId: "root",
      at: Date.parse("2025-01-01T12:00:02Z"),
      entryId: "entry-a",
      providerName: null,
      requestModel: null,
      responseModel: "entry-a",
      tokens: { input: 1_200, cacheRead: 300, cacheCreation: 40, output: 250, reasoning: 12 },
      cacheCreation1hTokens: 30,
      cost: "0.1",
      currency: "USD",
      latencyMs: 830,
      finishReason: "tool_use",
      attempt: 1,
    });
  });

  it("a job without calls and an id no job has both answer no calls; a malformed id is refused naming jobId", async () => {
    const { db } = await open();
    await seedRows(db, { jobs: [{ id: "quiet" }] });
    const queries = new RecorderQueries(db);
    expect(await queries.modelCalls("quiet")).toEqual([]);
    expect(await queries.modelCalls("never-recorded")).toEqual([]);
    expect(await queries.modelCalls("'; DROP TABLE nucleo_model_calls; --")).toEqual([]);
    await expect(queries.modelCalls("")).rejects.toMatchObject({
      code: "invalid_input",
      parameter: "jobId",
    });
  });
});
