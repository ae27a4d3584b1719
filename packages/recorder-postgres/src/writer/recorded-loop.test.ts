import type { LlmClient } from "@nucleo/conversation";
import { requestHashes } from "./test-support/request-hashes.js";
import { Parts } from "@nucleo/conversation";
import type { LlmCallEvent } from "@nucleo/core";
import { afterEach, expect, it, vi } from "vitest";
import { describeOnBothDatabases } from "../test-support/databases.js";
import { PostgresRecorder } from "./postgres-recorder.js";
import type { PostgresRecorderOptions } from "./postgres-recorder-options.js";
import { countRows } from "./test-support/count-rows.js";
import { danglingReferences } from "./test-support/dangling-references.js";
import { FaultyDatabase } from "./test-support/index.js";
import { problemsLogger, type LoggedProblem } from "./test-support/logged-problems.js";
import { tablesHolding } from "./test-support/scan-tables.js";
import { runToolLoop, type ToolLoopOptions } from "./test-support/tool-loop.js";

const TURNS = 50;
/** What a 50-call loop says, each once: the system text, the task, 50 answers, 49 tool results. */
const DISTINCT_MESSAGES = 1 + 1 + TURNS + (TURNS - 1);

/** Runs the loop with a recorder on `db` as an observer, closes the recorder, returns what it logged. */
async function recordLoop(
  db: PostgresRecorderOptions["db"],
  recorderOptions: Partial<PostgresRecorderOptions> = {},
  loopOptions: Partial<ToolLoopOptions> = {},
) {
  const problems: LoggedProblem[] = [];
  const recorder = new PostgresRecorder({
    db,
    logger: problemsLogger(problems),
    ...recorderOptions,
  });
  const run = await runToolLoop({ turns: TURNS, observers: [recorder], ...loopOptions });
  await recorder.close();
  return { ...run, problems };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describeOnBothDatabases("a real LLMCall loop through the recorder", (open) => {
  it("a 50-turn loop stores each message once (101 rows), not every request whole (2,600)", async () => {
    const { db } = await open();
    const { events, problems, rootId } = await recordLoop(db);
    expect(problems).toEqual([]);
    const calls = events.filter((event): event is LlmCallEvent => event.type === "llm.call");
    expect(calls).toHaveLength(TURNS);
    // Stored whole, every request would be its system text and turns, plus its response.
    const whole = calls.reduce((sum, call) => sum + 1 + call.content!.messages.length + 1, 0);
    expect(whole).toBe(2_600);

    expect(await countRows(db, "nucleo_messages")).toBe(DISTINCT_MESSAGES);
    expect(await countRows(db, "nucleo_model_call_content")).toBe(TURNS);
    expect(await danglingReferences(db)).toEqual([]);
    const lastCall = await db
      .selectFrom("nucleo_model_call_content")
      .select(["job_id", "seq", "root_id"])
      .orderBy("job_id", "desc")
      .executeTakeFirstOrThrow();
    const last = {
      root_id: lastCall.root_id,
      message_hashes: await requestHashes(db, lastCall.job_id, lastCall.seq),
    };
    const first = await db
      .selectFrom("nucleo_messages")
      .select("parts")
      .where("hash", "=", last.message_hashes[0]!)
      .executeTakeFirstOrThrow();
    expect([last.root_id, last.message_hashes.length]).toEqual([rootId, 2 * TURNS - 1]);
    expect(first.parts).toEqual([{ type: "text", text: "Is claim 1 novel?" }]);
    // Thinkers are agents, their turns model calls; the loop here is a plain doer and its tools work.
    const roles = await db
      .selectFrom("nucleo_jobs")
      .select((eb) => ["role", eb.fn.countAll<string>().as("jobs")])
      .groupBy("role")
      .orderBy("role")
      .execute();
    expect(roles.map((row) => [row.role, Number(row.jobs)])).toEqual([
      ["model_call", TURNS],
      [null, TURNS],
    ]);
    // Each LLMCall's output and each tool's input and output.
    expect(await countRows(db, "nucleo_job_content")).toBe(1 + 2 * TURNS - 1);
  });

  it("a 50-turn loop stores each request as its new positions only: 99 references, not 2,500", async () => {
    const { db } = await open();
    const { events, problems } = await recordLoop(db);
    expect(problems).toEqual([]);
    const calls = events.filter((event): event is LlmCallEvent => event.type === "llm.call");
    const referenced = calls.reduce((sum, call) => sum + call.content!.messages.length, 0);
    expect(referenced).toBe(2_500);
    // One thread, each position written once: the references grow with the turns, not their square.
    expect(await countRows(db, "nucleo_thread_messages")).toBe(2 * TURNS - 1);
    for (const call of [calls[0]!, calls[TURNS - 1]!])
      expect(await requestHashes(db, call.jobId, call.seq)).toHaveLength(
        call.content!.messages.length,
      );
  });

  it("a message body the recorder already wrote is not sent again, however many later calls re-send it", async () => {
    const faulty = new FaultyDatabase((await open()).db);
    // Small batches: most calls' turns were written by an earlier batch.
    const { problems } = await recordLoop(faulty.db, { batchSize: 4 });
    expect(problems).toEqual([]);
    expect(faulty.transactions).toBeGreaterThan(TURNS);
    const sent = faulty.statements
      .filter((statement) => statement.table === "nucleo_messages")
      .reduce((sum, statement) => sum + statement.rows, 0);
    expect(sent).toBe(DISTINCT_MESSAGES);
    expect(await danglingReferences(faulty.db)).toEqual([]);
  });

  it("under the metadata policy the run builds no content for the recorder: events carry none, and nothing said is stored", async () => {
    const { db } = await open();
    const { events, problems } = await recordLoop(db, { content: "metadata" });
    expect(problems).toEqual([]);
    const carrying = events.filter(
      (event) =>
        ("content" in event && event.content !== undefined) ||
        ("input" in event && event.input !== undefined) ||
        ("output" in event && event.output !== undefined),
    );
    expect(carrying).toEqual([]);
    for (const table of [
      "nucleo_job_content",
      "nucleo_messages",
      "nucleo_model_call_content",
    ] as const)
      expect(await countRows(db, table), table).toBe(0);
    expect(await countRows(db, "nucleo_model_calls")).toBe(TURNS);
  });

  it("the redaction hook runs before anything is written: a masked e-mail address appears in no row of any table", async () => {
    const { db } = await open();
    const email = /[\w.+-]+@[\w-]+\.example/g;
    const { problems } = await recordLoop(
      db,
      { content: { mode: "full", redact: (text) => text.replace(email, "[email]") } },
      {
        task: "Is claim 1 novel? Answer to alice@mail.example.",
        answer: (call) => ({
          content: `Turn ${call}: copying bob@mail.example.`,
          thinking: ["Maybe carol@mail.example knows."],
        }),
        found: (n) => `Claim ${n}: filed by dave@mail.example.`,
      },
    );
    expect(problems).toEqual([]);
    expect(await tablesHolding(db, ["@mail.example"])).toEqual({});
    // The texts are there, masked: the hook did not simply drop them.
    const masked = await tablesHolding(db, ["[email]"]);
    expect(Object.keys(masked).sort()).toEqual(["nucleo_job_content", "nucleo_messages"]);
  });

  it("no secret reaches a row: the client's API key, the environment's, thinking signatures, redacted thinking and media bytes", async () => {
    const { db } = await open();
    const key = "sk-canary-DO-NOT-LEAK-5501";
    const signature = "sig-canary-5502";
    const redacted = "redacted-canary-5503";
    const media = "bWVkaWEtY2FuYXJ5LTU1MDQ=";
    vi.stubEnv("OPENAI_API_KEY", key);
    /** A provider client as real ones are: it holds its key, and answers with opaque thinking. */
    const keyed = (scripted: LlmClient): LlmClient & { apiKey: string } => ({
      apiKey: key,
      async send(request, binding, signal) {
        const response = await scripted.send(request, binding, signal);
        const opaque = { type: "thinking", text: "", redacted } as const;
        return { ...response, thinking: [...response.thinking, opaque] };
      },
      stream: (request, binding, signal) => scripted.stream(request, binding, signal),
    });
    const { problems } = await recordLoop(
      db,
      {},
      {
        client: keyed,
        answer: (call) => ({ content: `Turn ${call}.`, thinking: [{ text: "Hmm.", signature }] }),
        prepare: (conversation) =>
          conversation.addUser([
            Parts.text("The drawing and the filing:"),
            Parts.image("image/png", { kind: "base64", data: media }),
            Parts.file("application/pdf", "filing.pdf", media),
          ]),
      },
    );
    expect(problems).toEqual([]);
    expect(await tablesHolding(db, [key, "sk-canary", signature, redacted, media])).toEqual({});
    // What stands in for them was recorded: the test saw those parts go by.
    const parts = JSON.stringify(await db.selectFrom("nucleo_messages").select("parts").execute());
    expect(parts).toContain('"redacted":true');
    expect(parts).toContain(`"omittedChars":${media.length}`);
  });
});
