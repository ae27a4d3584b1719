import { sql } from "kysely";
import { expect, it } from "vitest";
import { describeOnBothDatabases } from "../test-support/databases.js";
import { RecorderQueries } from "./recorder-queries.js";
import { messageHash } from "./test-support/said-rows.js";
import {
  FIRST_ANSWER,
  FINAL_ANSWER,
  QUESTION,
  SUPPORT_SYSTEM,
  TOOL_RESULT,
  seedSaidRuns,
} from "./test-support/said-runs.js";

const asRecorded = (message: { role: string; parts: unknown[] }) => ({
  hash: messageHash(message as Parameters<typeof messageHash>[0]),
  ...message,
});

describeOnBothDatabases("RecorderQueries.modelCall", (open) => {
  it("answers a call's metadata, with its cost as exact decimal text", async () => {
    const { db } = await open();
    await seedSaidRuns(db);
    const call = await new RecorderQueries(db).modelCall("turn-2", 1);
    expect(call).toMatchObject({
      jobId: "turn-2",
      seq: 1,
      rootId: "chat-1",
      at: Date.UTC(2025, 2, 3, 9, 10, 4),
      entryId: "model-a",
      responseModel: "model-a",
      tokens: { input: 180, cacheRead: 100, cacheCreation: 0, output: 12, reasoning: 0 },
      cost: "0.002",
      currency: "USD",
      latencyMs: 650,
      finishReason: "end",
      attempt: 1,
    });
    // Stored as 0.0010: read in its shortest exact form.
    expect((await new RecorderQueries(db).modelCall("turn-1", 1))!.cost).toBe("0.001");
  });

  it("resolves the request's messages from their hashes, in request order, with the system text, tools and answer", async () => {
    const { db } = await open();
    await seedSaidRuns(db);
    const call = await new RecorderQueries(db).modelCall("turn-2", 1);
    expect(call!.content).toEqual({
      system: SUPPORT_SYSTEM,
      messages: [QUESTION, FIRST_ANSWER, TOOL_RESULT].map(asRecorded),
      tools: ["search_policy"],
      toolChoice: "auto",
      responseFormat: null,
      response: asRecorded(FINAL_ANSWER),
      missingMessages: 0,
    });
    const summary = await new RecorderQueries(db).modelCall("summary", 1);
    expect(summary!.content!.responseFormat).toEqual({
      name: "summary",
      schema: { type: "object" },
    });
  });

  it("stores a message re-sent by a loop once, and still gives every request whole", async () => {
    const { db } = await open();
    await seedSaidRuns(db);
    const { rows } = await sql<{ count: string }>`
      select count(*) as count from nucleo_messages where hash = ${messageHash(QUESTION)}`.execute(
      db,
    );
    expect(rows[0]!.count).toBe("1");
    const first = await new RecorderQueries(db).modelCall("turn-1", 1);
    expect(first!.content!.messages).toEqual([asRecorded(QUESTION)]);
  });

  it("answers a call recorded without content with its metadata, content absent, not an error", async () => {
    const { db } = await open();
    await seedSaidRuns(db);
    const call = await new RecorderQueries(db).modelCall("quiet", 1);
    expect(call).toMatchObject({ jobId: "quiet", seq: 1, cost: "0.0001" });
    expect(call!.content).toBeUndefined();
  });

  it("answers undefined for a call not recorded, and refuses an event number that is not one", async () => {
    const { db } = await open();
    await seedSaidRuns(db);
    const queries = new RecorderQueries(db);
    expect(await queries.modelCall("turn-1", 2)).toBeUndefined();
    expect(await queries.modelCall("no-such-job", 1)).toBeUndefined();
    for (const seq of [0, -1, 1.5, Number.NaN, 2 ** 31])
      await expect(queries.modelCall("turn-1", seq)).rejects.toMatchObject({
        code: "invalid_input",
        parameter: "seq",
      });
  });

  it("counts a referenced message that is not stored instead of failing", async () => {
    const { db } = await open();
    await seedSaidRuns(db);
    await sql`delete from nucleo_messages where hash = ${messageHash(TOOL_RESULT)}`.execute(db);
    const call = await new RecorderQueries(db).modelCall("turn-2", 1);
    expect(call!.content!.messages.map((message) => message.hash)).toEqual(
      [QUESTION, FIRST_ANSWER].map(messageHash),
    );
    expect(call!.content!.missingMessages).toBe(1);
  });

  it("reads a part it does not know, or a malformed one, without failing", async () => {
    const { db } = await open();
    await seedSaidRuns(db);
    await sql`update nucleo_messages set parts = ${JSON.stringify([
      { type: "audio", seconds: 3 },
      { type: "text", text: 42 },
      "not a part",
    ])}::jsonb where hash = ${messageHash(QUESTION)}`.execute(db);
    const call = await new RecorderQueries(db).modelCall("turn-1", 1);
    expect(call!.content!.messages[0]!.parts).toEqual([
      { type: "unrecognized", partType: "audio" },
      { type: "text", text: "" },
      { type: "unrecognized", partType: "undefined" },
    ]);
  });
});
