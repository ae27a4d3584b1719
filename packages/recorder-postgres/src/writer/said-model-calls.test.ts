import { sql, type Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import type { RecorderDatabase } from "../schema/database.js";
import { describeOnBothDatabases } from "../test-support/databases.js";
import { OpenModelCalls } from "./said-model-calls.js";
import { EventScript } from "./test-support/index.js";
import { record } from "./test-support/record-deliveries.js";

const ANSWER = "The hinge claim is novel.";

/** A root, an LLMCall child answering `ANSWER`, and a tool child; every input and output kept. */
function turn() {
  const run = new EventScript();
  const root = run.submit({ role: "agent" });
  run.started(root, 1, { input: { task: "rootword" } });
  const call = run.submit({ parent: root, role: "model_call", jobClass: "LLMCall" });
  run.started(call, 1, { input: { prompt: "callword" } });
  run.llmCall(call, {
    content: {
      system: "",
      messages: [{ role: "user", parts: [{ type: "text", text: "Is it novel?" }] }],
      tools: [],
      response: { text: ANSWER, toolCalls: [], thinking: [] },
    },
  });
  const tool = run.submit({ parent: root, jobClass: "Lookup" });
  run.started(tool, 1, { input: { claim: "toolword" } });
  run.finished(tool, { output: "registerword" });
  run.finished(call, { output: { text: ANSWER, toolCalls: [], thinking: [] } });
  run.finished(root, { output: { novel: "outputword" } });
  return { run, root, call, tool };
}

async function matchingJobs(db: Kysely<RecorderDatabase>, word: string): Promise<string[]> {
  const { rows } = await sql<{ job_id: string }>`
    select job_id from nucleo_job_content
    where search @@ plainto_tsquery('simple', ${word}) order by job_id`.execute(db);
  return rows.map((row) => row.job_id);
}

async function matchingMessages(db: Kysely<RecorderDatabase>, word: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from nucleo_messages
    where search @@ plainto_tsquery('simple', ${word})`.execute(db);
  return rows[0]!.n;
}

describeOnBothDatabases("an LLMCall's output is indexed once, as its response", (open) => {
  it("a model call's output is kept whole but left out of the search vector; other jobs' inputs and outputs are searchable", async () => {
    const { db } = await open();
    const { run, root, call, tool } = turn();
    expect(await record(db, [run.events])).toEqual([]);

    const rows = await db
      .selectFrom("nucleo_job_content")
      .select(["job_id", "output", "output_repeats_call"])
      .orderBy("job_id")
      .execute();
    expect(rows).toContainEqual({
      job_id: call.id,
      output: { text: ANSWER, toolCalls: [], thinking: [] },
      output_repeats_call: true,
    });
    expect(await matchingJobs(db, "hinge")).toEqual([]);
    expect(await matchingMessages(db, "hinge")).toBe(1);
    expect(await matchingJobs(db, "rootword")).toEqual([root.id]);
    expect(await matchingJobs(db, "outputword")).toEqual([root.id]);
    expect(await matchingJobs(db, "toolword")).toEqual([tool.id]);
    expect(await matchingJobs(db, "registerword")).toEqual([tool.id]);
  });

  it("the mark travels with the output: a model call submitted in one batch and finished in a later one, after its input, is marked", async () => {
    const { db } = await open();
    const { run, call } = turn();
    const finished = run.events.findIndex(
      (event) => event.type === "job.finished" && event.jobId === call.id,
    );
    expect(
      await record(db, [
        run.events.slice(0, 3),
        run.events.slice(3, finished),
        run.events.slice(finished),
      ]),
    ).toEqual([]);
    expect(await matchingJobs(db, "hinge")).toEqual([]);
    const { rows } = await sql<{ marked: boolean }>`
      select output_repeats_call as marked from nucleo_job_content where job_id = ${call.id}`.execute(
      db,
    );
    expect(rows).toEqual([{ marked: true }]);
    expect(await matchingJobs(db, "callword")).toEqual([call.id]);
  });

  it("a recorder that never saw the submission (a restart) indexes the output: found twice, never lost", async () => {
    const { db } = await open();
    const { run, call } = turn();
    const submitted = run.events.findIndex(
      (event) => event.type === "job.submitted" && event.jobId === call.id,
    );
    expect(await record(db, [run.events.slice(0, submitted + 1)])).toEqual([]);
    expect(await record(db, [run.events.slice(submitted + 1)])).toEqual([]);
    expect(await matchingJobs(db, "hinge")).toEqual([call.id]);
  });
});

describe("OpenModelCalls", () => {
  it("remembers a bounded number of open model calls, forgetting the oldest, and each until its output is committed", () => {
    const calls = new OpenModelCalls(2);
    calls.submitted("a");
    calls.submitted("b");
    calls.submitted("c");
    expect(["a", "b", "c"].map((id) => calls.has(id))).toEqual([false, true, true]);
    calls.committed("b");
    expect(calls.has("b")).toBe(false);
    calls.submitted("d");
    expect(["c", "d"].map((id) => calls.has(id))).toEqual([true, true]);
  });
});
