import type { ManualTimers } from "@nucleo/core/testing";
import type { Kysely } from "kysely";
import { expect, it } from "vitest";
import { ReplayCheckpoints } from "../replay/replay-checkpoints.js";
import type { RecorderDatabase } from "../schema/database.js";
import { describeOnBothDatabases } from "../test-support/databases.js";
import { countRows } from "./test-support/count-rows.js";
import { EventScript, type ScriptJob } from "./test-support/event-script.js";
import { until } from "./test-support/faulty-database.js";
import { faultyRecorder } from "./test-support/faulty-recorder.js";
import { record } from "./test-support/record-deliveries.js";
import { tablesHolding } from "./test-support/scan-tables.js";

/** A resumable workflow: a root (position "") and `children` under it, each with its replay mark. */
function resumable(children = 1, run = new EventScript()) {
  const root = run.submit({ replay: { position: "", fingerprint: "fp-root" } });
  const kids: ScriptJob[] = [];
  for (let index = 0; index < children; index++)
    kids.push(
      run.submit({
        parent: root,
        replay: { position: `/1.childtool.${index}`, fingerprint: `fp-${index}` },
      }),
    );
  return { run, root, children: kids };
}

function checkpoints(db: Kysely<RecorderDatabase>) {
  return db
    .selectFrom("nucleo_replay_checkpoints")
    .select(["root_id", "position", "fingerprint", "job_id", "output"])
    .orderBy("position")
    .execute();
}

async function statusOf(db: Kysely<RecorderDatabase>, job: ScriptJob): Promise<string> {
  const row = await db
    .selectFrom("nucleo_jobs")
    .select("status")
    .where("id", "=", job.id)
    .executeTakeFirstOrThrow();
  return row.status;
}

/** Moves the manual clock on to each timer as it is set until `done` holds (at most 200 timers). */
async function moveTimeUntil(time: ManualTimers, done: () => boolean, what: string) {
  for (let moves = 0; moves < 200 && !done(); moves++) {
    await until(() => done() || time.nextDelay() !== undefined, what);
    if (!done()) time.advance(time.nextDelay()!);
  }
  expect(done(), what).toBe(true);
}

const connectionLost = () =>
  Object.assign(new Error("Connection terminated unexpectedly"), { code: "ECONNRESET" });

describeOnBothDatabases("replay checkpoints, as the writer keeps them", (open) => {
  it("a resumable workflow's finished job gets its checkpoint in the transaction that records the finish: one never lands without the other", async () => {
    const { faulty, time, problems, recorder } = await faultyRecorder(open);
    const {
      run,
      root,
      children: [child],
    } = resumable();
    run.started(root);
    run.started(child!);
    for (const event of run.events) recorder.onEvent(event);
    await recorder.flush(); // the marks are recorded in this batch, the finish in the next

    let failures = 0;
    faulty.failWhen((statement) =>
      statement.table === "nucleo_replay_checkpoints" && failures++ === 0
        ? connectionLost()
        : undefined,
    );
    recorder.onEvent(run.finished(child!, { output: { verdict: "novel" } }));
    const flushing = recorder.flush();
    await until(() => problems.length === 1, "the batch with the finish fails at its checkpoint");
    // Rolled back together: not finished, no checkpoint.
    expect(await statusOf(faulty.db, child!)).toBe("running");
    expect(await checkpoints(faulty.db)).toEqual([]);

    time.advance(time.nextDelay()!);
    await flushing;
    expect(await statusOf(faulty.db, child!)).toBe("finished");
    expect(await checkpoints(faulty.db)).toEqual([
      {
        root_id: root.id,
        position: "/1.childtool.0",
        fingerprint: "fp-0",
        job_id: child!.id,
        output: { verdict: "novel" },
      },
    ]);
    const written = faulty.statements.at(-1)!.transaction;
    expect(
      faulty.statements
        .filter((statement) => statement.transaction === written)
        .map((statement) => statement.table),
    ).toEqual(["nucleo_jobs", "nucleo_job_content", "nucleo_replay_checkpoints"]);
  });

  it("no checkpoint for a finish without an output, for the root, for a failed job, or for a job of a workflow not submitted as resumable", async () => {
    const { db } = await open();
    const { run, root, children } = resumable(2);
    const [withoutOutput, failed] = children as [ScriptJob, ScriptJob];
    run.finished(withoutOutput); // no `output` key: no observer asked for what was said
    run.failed(failed);
    run.finished(root, { output: { result: "root output" } });
    const plain = run.submit();
    const plainChild = run.submit({ parent: plain });
    run.finished(plainChild, { output: "plain" });
    expect(await record(db, [run.events])).toEqual([]);
    expect(await checkpoints(db)).toEqual([]);
  });

  it("the output is kept exactly as the job returned it, past the content policy's size cap and redaction, NUL and lone surrogates included", async () => {
    const { db } = await open();
    const {
      run,
      root,
      children: [child, voidChild, lookalike],
    } = resumable(3);
    const exact = {
      note: "write to ann@example.com",
      long: "x".repeat(500),
      nul: "a\u0000b",
      lone: "half \ud800 a pair",
      numbers: [1, 2.5, -0.125, 1e21],
      nested: { empty: {}, none: null, yes: true },
    };
    run.finished(child!, { output: exact });
    run.finished(voidChild!, { output: undefined }); // a job that returns nothing
    run.finished(lookalike!, { output: { "nucleo:json": null } });
    const policy = {
      mode: "full" as const,
      maxFieldChars: 100,
      redact: (text: string) => text.replace(/[\w.]+@[\w.]+/g, "[email]"),
    };
    expect(await record(db, [run.events], { content: policy })).toEqual([]);

    const source = await new ReplayCheckpoints(db).load([root.id]);
    expect(source.size).toBe(3);
    expect(source.recall("/1.childtool.0", "fp-0")).toEqual({ jobId: child!.id, output: exact });
    const replayed = source.recall("/1.childtool.0", "fp-0")!.output as typeof exact;
    expect([replayed.nul, replayed.lone, replayed.note]).toEqual([
      exact.nul,
      exact.lone,
      exact.note,
    ]);
    const nothing = source.recall("/1.childtool.1", "fp-1");
    expect(nothing).toEqual({ jobId: voidChild!.id, output: undefined });
    expect(nothing !== undefined && "output" in nothing).toBe(true);
    expect(source.recall("/1.childtool.2", "fp-2")?.output).toEqual({ "nucleo:json": null });
    // What was said is still kept by the policy: redacted, capped.
    const content = await db
      .selectFrom("nucleo_job_content")
      .select("output")
      .where("job_id", "=", child!.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(content.output)).not.toContain("ann@example.com");
    expect(content.output).toHaveProperty("nucleo_truncated");
  });

  it("under the metadata policy no checkpoint is kept and no column holds the output, though the marks are recorded", async () => {
    const { db } = await open();
    const {
      run,
      children: [child],
    } = resumable();
    // Another observer asked for what was said: the event carries it; this recorder keeps none.
    run.finished(child!, { output: { secret: "output-only-a-full-recorder-keeps" } });
    expect(await record(db, [run.events], { content: "metadata" })).toEqual([]);
    expect(await countRows(db, "nucleo_replay_checkpoints")).toBe(0);
    expect(await tablesHolding(db, ["output-only-a-full-recorder-keeps"])).toEqual({});
    expect(
      await db
        .selectFrom("nucleo_jobs")
        .select(["position", "fingerprint", "status"])
        .where("id", "=", child!.id)
        .execute(),
    ).toEqual([{ position: "/1.childtool.0", fingerprint: "fp-0", status: "finished" }]);
  });

  it("a batch delivered again writes its checkpoint once, unchanged", async () => {
    const { db } = await open();
    const {
      run,
      children: [child],
    } = resumable();
    const finished = run.finished(child!, { output: ["first"] });
    const again = { ...finished, output: ["not what was first recorded"] };
    expect(await record(db, [run.events, run.events, [again]])).toEqual([]);
    expect((await checkpoints(db)).map((row) => row.output)).toEqual([["first"]]);
  });

  it("a mark recorded by an earlier batch (a recorder before a restart) still yields the checkpoint when the finish comes", async () => {
    const { db } = await open();
    const {
      run,
      children: [child],
    } = resumable();
    run.started(child!);
    expect(await record(db, [run.events])).toEqual([]);
    // A new recorder, which never saw the submission: the job's row has the mark.
    expect(await record(db, [[run.finished(child!, { output: 42 })]])).toEqual([]);
    expect(await checkpoints(db)).toMatchObject([{ job_id: child!.id, output: 42 }]);
  });

  it("a batch halved until it passes still writes every checkpoint, marks and finishes split between halves", async () => {
    const { faulty, time, recorder } = await faultyRecorder(open, {
      retry: { initialMs: 100, maxMs: 10_000 },
    });
    faulty.failWhen((statement) =>
      statement.table === "nucleo_replay_checkpoints" && statement.rows > 1
        ? Object.assign(new Error("canceling statement due to statement timeout"), {
            code: "57014",
          })
        : undefined,
    );
    const { run, children } = resumable(3);
    for (const [index, child] of children.entries()) run.finished(child, { output: { index } });
    for (const event of run.events) recorder.onEvent(event);
    const closing = recorder.close();
    await moveTimeUntil(time, () => recorder.buffered === 0, "every event is written");
    await closing;
    expect((await checkpoints(faulty.db)).map((row) => [row.job_id, row.output])).toEqual(
      children.map((child, index) => [child.id, { index }]),
    );
  });

  it("a replayed job is recorded as replayed, and its checkpoint names the job that produced the output", async () => {
    const { db } = await open();
    const run = new EventScript();
    const root = run.submit({ replay: { position: "", fingerprint: "fp-root" } });
    const replayed = run.submit({
      parent: root,
      replay: { position: "/1.childtool.0", fingerprint: "fp-0", replayedFrom: "earlier-job" },
    });
    run.finished(replayed, { output: "recalled" });
    expect(await record(db, [run.events])).toEqual([]);
    expect(
      await db
        .selectFrom("nucleo_jobs")
        .select(["id", "replayed_from", "status"])
        .where("id", "=", replayed.id)
        .execute(),
    ).toEqual([{ id: replayed.id, replayed_from: "earlier-job", status: "finished" }]);
    expect(await checkpoints(db)).toMatchObject([{ job_id: "earlier-job", output: "recalled" }]);
  });

  it("a malformed replay mark is reported naming its field, and its submission is left out", async () => {
    const { db } = await open();
    const run = new EventScript();
    const root = run.submit({
      replay: { position: 7 as unknown as string, fingerprint: "fp-root" },
    });
    const problems = await record(db, [run.events]);
    expect(problems.map(({ code, jobId, seq }) => ({ code, jobId, seq }))).toEqual([
      { code: "recorder_event_rejected", jobId: root.id, seq: 1 },
    ]);
    expect(problems[0]!.message).toContain("replay.position is 7, not text");
    expect(await countRows(db, "nucleo_jobs")).toBe(0);
  });

  it("an ordinary workflow's outputs are not sent a second time for checkpoints", async () => {
    const { faulty, recorder } = await faultyRecorder(open);
    const run = new EventScript();
    const root = run.submit();
    const child = run.submit({ parent: root });
    run.finished(child, { output: "kept once" });
    run.finished(root, { output: "kept once too" });
    for (const event of run.events) recorder.onEvent(event);
    await recorder.close();
    expect(faulty.statements.map((statement) => statement.table)).not.toContain(
      "nucleo_replay_checkpoints",
    );
    expect(await countRows(faulty.db, "nucleo_job_content")).toBe(2);
  });
});
