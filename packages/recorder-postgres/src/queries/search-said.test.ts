import { CompiledQuery, sql } from "kysely";
import { expect, it } from "vitest";
import { describeOnBothDatabases } from "../test-support/databases.js";
import { RecorderQueries } from "./recorder-queries.js";
import { searchSaidQuery } from "./search-said-query.js";
import { kept, seedSaid } from "./test-support/said-rows.js";
import { seedSaidRuns } from "./test-support/said-runs.js";
import { seedRows } from "./test-support/seed-rows.js";

const at = (minute: number) => new Date(Date.UTC(2025, 2, 3, 9, minute));

describeOnBothDatabases("RecorderQueries.searchSaid", (open) => {
  it("finds the workflows whose messages or job inputs and outputs match, newest first, with a count and a snippet", async () => {
    const { db } = await open();
    await seedSaidRuns(db);
    const hits = await new RecorderQueries(db).searchSaid("refund");
    expect(hits.map((hit) => [hit.rootId, hit.matches])).toEqual([
      // chat-1: the question, the first answer (thinking and tool call), the summary's answer;
      // the root's, the agent's and the tool's inputs. "refunds" is another word (no stemming).
      ["chat-1", 6],
      ["chat-2", 1],
    ]);
    expect(hits[1]).toEqual({
      rootId: "chat-2",
      jobName: "support",
      jobClass: "SupportWorkflow",
      status: "finished",
      startedAt: at(5).getTime(),
      matches: 1,
      snippet: "Where is my «refund»? On its way",
    });
    expect(hits[0]!.snippet).toContain("«refund»");
  });

  it("takes the snippet from the best-ranked match, a message before a job's input or output on a tie", async () => {
    const { db } = await open();
    // The job's id sorts before any hash: only the rule puts the message first.
    const { rootOf } = await seedRows(db, {
      jobs: [{ id: "0" }],
      calls: [{ jobId: "0", cost: "0" }],
    });
    await seedSaid(db, {
      rootOf,
      jobs: [{ jobId: "0", input: "the refund of the input" }],
      calls: [
        {
          jobId: "0",
          seq: 1,
          messages: [kept.user("the refund of the message")],
          response: kept.assistant("ok"),
        },
      ],
    });
    const [hit] = await new RecorderQueries(db).searchSaid("refund");
    expect(hit).toMatchObject({ matches: 2, snippet: "the «refund» of the message" });
    const [twice] = await new RecorderQueries(db).searchSaid("refund or input");
    expect(twice!.snippet).toBe("the «refund» of the «input»");
  });

  it("reads the query as web-search syntax: a phrase, or, a word left out", async () => {
    const { db } = await open();
    await seedSaidRuns(db);
    const queries = new RecorderQueries(db);
    const roots = async (query: string) =>
      (await queries.searchSaid(query)).map((hit) => hit.rootId);
    expect(await roots('"refund window"')).toEqual(["chat-1"]);
    expect(await roots("mars or refund")).toEqual(["chat-3", "chat-1", "chat-2"]);
    expect(await roots("refund -where")).toEqual(["chat-1"]);
    expect(await roots("search_policy")).toEqual(["chat-1"]); // a tool's name, as called
    expect(await roots("nothing-said-like-this")).toEqual([]);
  });

  it("bounds the workflows by their start (since inclusive, until exclusive) and answers at most limit", async () => {
    const { db } = await open();
    await seedSaidRuns(db);
    const queries = new RecorderQueries(db);
    const roots = async (options: Parameters<RecorderQueries["searchSaid"]>[1]) =>
      (await queries.searchSaid("refund or mars", options)).map((hit) => hit.rootId);
    expect(await roots({ since: at(10) })).toEqual(["chat-3", "chat-1"]);
    expect(await roots({ until: at(10) })).toEqual(["chat-2"]);
    expect(await roots({ since: at(5), until: at(20) })).toEqual(["chat-1", "chat-2"]);
    expect(await roots({ limit: 1 })).toEqual(["chat-3"]);
  });

  it("refuses an empty or blank query naming query, and a bad option naming it", async () => {
    const { db } = await open();
    const queries = new RecorderQueries(db);
    for (const query of ["", "   ", "\n\t"])
      await expect(queries.searchSaid(query)).rejects.toMatchObject({
        code: "invalid_input",
        parameter: "query",
      });
    const refused: [Parameters<RecorderQueries["searchSaid"]>[1], string][] = [
      [{ limit: 0 }, "limit"],
      [{ limit: 1.5 }, "limit"],
      [{ limit: 1_001 }, "limit"],
      [{ since: new Date(Number.NaN) }, "since"],
      [{ until: "2025-01-01" as unknown as Date }, "until"],
    ];
    for (const [options, parameter] of refused)
      await expect(queries.searchSaid("refund", options)).rejects.toMatchObject({ parameter });
  });

  it("searches both tables through their GIN indexes on the stored vectors", async () => {
    const { db } = await open();
    await seedSaidRuns(db);
    await sql`analyze nucleo_messages`.execute(db);
    await sql`analyze nucleo_job_content`.execute(db);
    const plan = await db.connection().execute(async (connection) => {
      // The tables are tiny here: without this the planner rightly reads them whole.
      await sql`set enable_seqscan = off`.execute(connection);
      const compiled = searchSaidQuery("refund", { since: at(0) }).compile(connection);
      const { rows } = await connection.executeQuery<Record<string, string>>(
        CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]),
      );
      await sql`reset enable_seqscan`.execute(connection);
      return rows.map((row) => Object.values(row).join(" ")).join("\n");
    });
    expect(plan).toMatch(/Bitmap Index Scan on nucleo_messages_search/);
    expect(plan).toMatch(/Bitmap Index Scan on nucleo_job_content_search/);
  });
});
