import { requestHashes } from "./test-support/request-hashes.js";
import { Parts } from "@nucleo/conversation";
import { TRUNCATION_MARKER, WITHHELD_TEXT, type ModelCallContent } from "@nucleo/core";
import type { Kysely } from "kysely";
import { expect, it } from "vitest";
import type { RecorderDatabase } from "../schema/database.js";
import { describeOnBothDatabases } from "../test-support/databases.js";
import { PostgresRecorder } from "./postgres-recorder.js";
import { countRows } from "./test-support/count-rows.js";
import { danglingReferences } from "./test-support/dangling-references.js";
import { EventScript, FaultyDatabase } from "./test-support/index.js";
import { record } from "./test-support/record-deliveries.js";

const TASK = { role: "user", parts: [Parts.text("Is claim 1 novel?")] } as const;
const ANSWER = { role: "assistant", parts: [Parts.toolCall("c1", "lookup", { n: 1 })] } as const;
const RESULT = {
  role: "user",
  parts: [Parts.toolResult("c1", "lookup", "Found it.", false)],
} as const;

function content(extra: Partial<ModelCallContent> = {}): ModelCallContent {
  return {
    system: "Check the claim.",
    messages: [TASK],
    tools: ["lookup"],
    response: { text: "", toolCalls: [Parts.toolCall("c1", "lookup", { n: 1 })], thinking: [] },
    ...extra,
  };
}

/** A workflow: a root with input and output, and a child that makes two model calls of one loop. */
function loop() {
  const run = new EventScript();
  const root = run.submit({ role: "agent" });
  run.started(root, 1, { input: { claim: "A widget with a hinge." } });
  const call = run.submit({ parent: root, role: "model_call" });
  run.started(call);
  run.llmCall(call, { content: content() });
  run.llmCall(call, {
    content: content({
      messages: [TASK, ANSWER, RESULT],
      toolChoice: "auto",
      responseFormat: { name: "verdict", schema: { type: "object" } },
      response: { text: "Novel.", toolCalls: [], thinking: [] },
    }),
  });
  run.finished(call, { output: { text: "Novel." } });
  run.finished(root, { output: { novel: true } });
  return { run, root, call };
}

async function messageTexts(db: Kysely<RecorderDatabase>): Promise<string[]> {
  const rows = await db.selectFrom("nucleo_messages").select("parts").execute();
  return rows.flatMap((row) => (row.parts as { text?: string }[]).map((part) => part.text ?? ""));
}

describeOnBothDatabases("what was said, as the writer stores it", (open) => {
  it("a job's role, input and output land; input and output written in different batches both land", async () => {
    const { db } = await open();
    const { run, root, call } = loop();
    const started = run.events.findIndex((event) => event.type === "job.started");
    expect(
      await record(db, [run.events.slice(0, started + 1), run.events.slice(started + 1)]),
    ).toEqual([]);

    const jobs = await db.selectFrom("nucleo_jobs").select(["id", "role"]).orderBy("id").execute();
    expect(jobs).toEqual([
      { id: root.id, role: "agent" },
      { id: call.id, role: "model_call" },
    ]);
    const kept = await db
      .selectFrom("nucleo_job_content")
      .select(["job_id", "root_id", "input", "output"])
      .orderBy("job_id")
      .execute();
    expect(kept).toEqual([
      {
        job_id: root.id,
        root_id: root.id,
        input: { claim: "A widget with a hinge." },
        output: { novel: true },
      },
      // An LLMCall's input is `undefined`: absent, not stored.
      { job_id: call.id, root_id: root.id, input: null, output: { text: "Novel." } },
    ]);
  });

  it("a model call is stored as references to its workflow's messages: system, request in order, the response as an assistant message", async () => {
    const { db } = await open();
    const { run, call } = loop();
    expect(await record(db, [run.events])).toEqual([]);

    const calls = await db
      .selectFrom("nucleo_model_call_content as c")
      .select([
        "c.job_id",
        "c.seq",
        "c.system_hash",
        "c.response_hash",
        "c.tools",
        "c.tool_choice",
        "c.response_format",
      ])
      .orderBy("c.seq")
      .execute();
    expect(calls.map((row) => [row.job_id, row.seq])).toEqual([
      [call.id, 3],
      [call.id, 4],
    ]);
    const [firstRow, secondRow] = calls;
    const first = { ...firstRow!, message_hashes: await requestHashes(db, call.id, 3) };
    const second = { ...secondRow!, message_hashes: await requestHashes(db, call.id, 4) };
    expect(second).toMatchObject({ tools: ["lookup"], tool_choice: "auto" });
    expect(second!.response_format).toEqual({ name: "verdict", schema: { type: "object" } });
    expect(first).toMatchObject({ tool_choice: null, response_format: null });
    // The same system text and task: the same rows. The first answer is the second request's turn.
    expect(second!.system_hash).toBe(first!.system_hash);
    expect(second!.message_hashes[0]).toBe(first!.message_hashes[0]);
    expect(second!.message_hashes[1]).toBe(first!.response_hash);

    const messages = await db
      .selectFrom("nucleo_messages")
      .select(["hash", "role", "parts"])
      .execute();
    const byHash = new Map(messages.map((message) => [message.hash, message]));
    // System, task, first answer, tool result, final answer: each once.
    expect(messages).toHaveLength(5);
    expect(byHash.get(first!.system_hash!)).toMatchObject({
      role: "system",
      parts: [{ type: "text", text: "Check the claim." }],
    });
    expect(second!.message_hashes.map((hash) => byHash.get(hash)?.parts)).toEqual([
      [{ type: "text", text: "Is claim 1 novel?" }],
      [{ type: "tool_call", id: "c1", name: "lookup", text: '{"n":1}' }],
      [{ type: "tool_result", callId: "c1", name: "lookup", text: "Found it.", isError: false }],
    ]);
    expect(byHash.get(second!.response_hash)).toMatchObject({
      role: "assistant",
      parts: [{ type: "text", text: "Novel." }],
    });
  });

  it("an event handed twice writes what it said once, in one batch or in two", async () => {
    const { db } = await open();
    const { run } = loop();
    expect(await record(db, [[...run.events, ...run.events], run.events])).toEqual([]);
    expect(await countRows(db, "nucleo_messages")).toBe(5);
    expect(await countRows(db, "nucleo_model_call_content")).toBe(2);
    expect(await countRows(db, "nucleo_job_content")).toBe(2);
  });

  it("a malformed content value is reported and the event is written without it: nothing it said is kept, everything else is", async () => {
    const { db } = await open();
    const run = new EventScript();
    const root = run.submit();
    const hostile = {
      get claim() {
        throw new Error("no reading this");
      },
    };
    run.started(root, 1, { input: hostile });
    run.llmCall(root, {
      content: content({
        messages: [
          TASK,
          { role: "user", parts: [{ type: "text", text: 42 as unknown as string }] },
        ],
      }),
    });
    run.finished(root, { output: "fine" });

    const problems = await record(db, [run.events]);
    expect(problems.map(({ code, jobId, seq, level }) => ({ code, jobId, seq, level }))).toEqual([
      { code: "recorder_content_unreadable", jobId: root.id, seq: 2, level: "error" },
      { code: "recorder_content_unreadable", jobId: root.id, seq: 3, level: "error" },
    ]);
    expect(problems[1]!.message).toContain("content.messages[1].parts[0].text is not text");
    expect(await countRows(db, "nucleo_model_calls")).toBe(1);
    expect(await db.selectFrom("nucleo_jobs").select(["status", "attempts"]).execute()).toEqual([
      { status: "finished", attempts: 1 },
    ]);
    // Not even the call's valid messages: a malformed call leaves no trace of what it said.
    expect(await countRows(db, "nucleo_messages")).toBe(0);
    expect(await countRows(db, "nucleo_model_call_content")).toBe(0);
    expect(await db.selectFrom("nucleo_job_content").select(["input", "output"]).execute()).toEqual(
      [{ input: null, output: "fine" }],
    );
  });

  it("the size cap cuts text with the explicit marker, and keeps a long input or output valid JSON", async () => {
    const { db } = await open();
    const run = new EventScript();
    const root = run.submit();
    const long = "x".repeat(500);
    run.started(root, 1, { input: { claim: long } });
    run.llmCall(root, {
      content: content({ messages: [{ role: "user", parts: [Parts.text(long)] }] }),
    });
    run.finished(root, { output: ["short"] });
    expect(
      await record(db, [run.events], { content: { mode: "full", maxFieldChars: 100 } }),
    ).toEqual([]);

    expect(await messageTexts(db)).toContain(`${"x".repeat(100)}${TRUNCATION_MARKER}500]`);
    const [kept] = await db.selectFrom("nucleo_job_content").select(["input", "output"]).execute();
    const truncated = (kept!.input as { nucleo_truncated: { length: number; head: string } })
      .nucleo_truncated;
    expect(truncated.length).toBe(JSON.stringify({ claim: long }).length);
    expect(truncated.head.startsWith('{"claim":"xxx')).toBe(true);
    expect(kept!.output).toEqual(["short"]);
  });

  it("the redaction hook runs on every text; one that throws gets the text withheld, never kept as it was", async () => {
    const { db } = await open();
    const { run } = loop();
    const fields = new Set<string>();
    const redact = (text: string, field: string) => {
      fields.add(field);
      if (text.includes("Found")) throw new Error("the hook failed");
      return text.replace("claim", "[claim]");
    };
    expect(await record(db, [run.events], { content: { mode: "full", redact } })).toEqual([]);

    const texts = await messageTexts(db);
    expect(texts).toContain(WITHHELD_TEXT);
    expect(texts).toContain("Is [claim] 1 novel?");
    expect(texts.join(" ")).not.toContain("Found");
    expect([...fields].sort()).toEqual([
      "input",
      "message",
      "output",
      "response",
      "system",
      "tool_call",
      "tool_result",
    ]);
  });

  it("under the metadata policy the recorder asks for no content, and stores none even from events that carry it", async () => {
    const { db } = await open();
    const { run } = loop();
    const problems = await record(db, [run.events], { content: "metadata" });
    expect(problems).toEqual([]);
    for (const table of [
      "nucleo_job_content",
      "nucleo_messages",
      "nucleo_model_call_content",
    ] as const)
      expect(await countRows(db, table), table).toBe(0);
    // A job's role is not something said.
    expect(await countRows(db, "nucleo_model_calls")).toBe(2);
    const roles = await db.selectFrom("nucleo_jobs").select("role").orderBy("id").execute();
    expect(roles.map((row) => row.role)).toEqual(["agent", "model_call"]);
  });

  it("options.content is checked when the recorder is made, naming the field; only full content asks for content", async () => {
    const { db } = await open();
    expect(() => new PostgresRecorder({ db, content: "everything" as never })).toThrow(
      /PostgresRecorder options\.content/,
    );
    expect(
      () => new PostgresRecorder({ db, content: { mode: "full", redact: "no" } as never }),
    ).toThrow(/PostgresRecorder options\.content\.redact/);
    expect(new PostgresRecorder({ db }).wantsContent).toBe(true);
    expect(new PostgresRecorder({ db, content: "full" }).wantsContent).toBe(true);
    expect(
      new PostgresRecorder({ db, content: { mode: "full", maxFieldChars: 64 } }).wantsContent,
    ).toBe(true);
    expect(new PostgresRecorder({ db, content: "metadata" }).wantsContent).toBe(false);
    expect(new PostgresRecorder({ db, content: { mode: "metadata" } }).wantsContent).toBe(false);
  });

  it("a batch halved after failing still carries every message its calls reference", async () => {
    const { db } = await open();
    const faulty = new FaultyDatabase(db);
    faulty.failTransactions(2, { atStatement: 3 });
    const { run } = loop();
    const problems = await record(faulty.db, [run.events], { retry: { initialMs: 1, maxMs: 1 } });
    expect(problems.map((problem) => problem.code)).toEqual([
      "recorder_write_failed",
      "recorder_write_failed",
    ]);
    expect(await danglingReferences(db)).toEqual([]);
    expect(await countRows(db, "nucleo_messages")).toBe(5);
    expect(await countRows(db, "nucleo_model_call_content")).toBe(2);
  });
});
