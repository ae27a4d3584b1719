import type { ManualTimers } from "@nucleo/core/testing";
import { expect, it } from "vitest";
import { describeOnBothDatabases } from "../test-support/databases.js";
import {
  SINGLE_EVENT_ATTEMPTS,
  SINGLE_EVENT_PATIENCE_MS,
  WRITES_BEFORE_GROWING,
} from "./batch-sizing.js";
import { EventScript } from "./test-support/event-script.js";
import { settledYet } from "./test-support/settled-yet.js";
import { until } from "./test-support/faulty-database.js";
import { countRows } from "./test-support/count-rows.js";
import { faultyRecorder } from "./test-support/faulty-recorder.js";
import type { LoggedProblem } from "./test-support/logged-problems.js";

const failure = (message: string, code?: string): Error =>
  Object.assign(new Error(message), code === undefined ? {} : { code });

/** A recorder over a database that fails on command, backing off from 100 ms to 10 s. */
const failingRecorder = (open: Parameters<typeof faultyRecorder>[0], batchSize = 5_000) =>
  faultyRecorder(open, { batchSize, retry: { initialMs: 100, maxMs: 10_000 } });

/**
 * Moves the manual clock on to each timer (the flush interval, every back-off) as it is set,
 * until `done` holds; fails past 200 timers (a writer retrying for ever).
 */
async function moveTimeUntil(time: ManualTimers, done: () => boolean, what: string): Promise<void> {
  for (let moves = 0; moves < 200; moves++) {
    await until(() => done() || time.nextDelay() !== undefined, what);
    if (done()) return;
    time.advance(time.nextDelay()!);
  }
  throw new Error(`Still not the case after 200 timers: ${what}`);
}

/** Whether the recorder has stopped on a refusal. */
function refused(problems: readonly LoggedProblem[]): boolean {
  return problems.some((problem) => problem.code === "recorder_write_refused");
}

describeOnBothDatabases("PostgresRecorder, a batch that keeps failing", (open) => {
  it.each([
    [
      "a statement_timeout every batch past 100 model calls exceeds (57014)",
      () => failure("canceling statement due to statement timeout", "57014"),
    ],
    [
      "the driver's query timeout every batch past 100 model calls exceeds",
      () => failure("Query read timeout"),
    ],
    [
      "a backend killed for the memory of every batch past 100 model calls (ECONNRESET)",
      () => failure("Connection terminated unexpectedly", "ECONNRESET"),
    ],
    [
      "a crash restart caused by every batch past 100 model calls (57P02)",
      () => failure("terminating connection due to crash of another server process", "57P02"),
    ],
    [
      "a message past the server's size limit for every batch past 100 model calls (08P01)",
      () => failure("invalid message length", "08P01"),
    ],
  ])(
    "a batch that fails twice in a row is halved until it passes, so progress is made and close() returns: %s",
    async (_what, error) => {
      const { faulty, time, problems, recorder } = await failingRecorder(open);
      faulty.failWhen((statement) =>
        statement.table === "nucleo_model_calls" && statement.rows > 100 ? error() : undefined,
      );
      const script = new EventScript();
      const root = script.submit();
      for (let index = 0; index < 399; index++) script.llmCall(root, { cost: "0.001" });
      for (const event of script.events) recorder.onEvent(event);

      const closing = recorder.close();
      await moveTimeUntil(time, () => recorder.buffered === 0, "every event is written");
      await expect(closing).resolves.toBeUndefined();
      // 400 events fail twice, then 200 twice; 100 pass, then the rest 100 at a time.
      expect(problems.map((problem) => [problem.code, problem.events])).toEqual([
        ["recorder_write_failed", 400],
        ["recorder_write_failed", 400],
        ["recorder_write_failed", 200],
        ["recorder_write_failed", 200],
      ]);
      expect(problems[1]?.message).toMatch(
        /Retrying in 200 ms with its first 200 event\(s\), the rest after them \(a batch that keeps failing is halved, in case it fails for its size\); 400 events wait, none is dropped\.$/,
      );
      expect(await countRows(faulty.db, "nucleo_model_calls")).toBe(399);
      expect(await countRows(faulty.db, "nucleo_jobs")).toBe(1);
    },
  );

  it("a single event that keeps failing on a limit is refused after a bounded number of attempts, naming the statement and the event, never its values", async () => {
    const { faulty, time, problems, recorder } = await failingRecorder(open);
    faulty.failWhen((statement) =>
      statement.table === "nucleo_model_calls"
        ? failure("canceling statement due to statement timeout", "57014")
        : undefined,
    );
    const script = new EventScript();
    const root = script.submit();
    for (let index = 0; index < 3; index++)
      script.llmCall(root, { cost: "0.001", providerModel: "private-model-name-77" });
    for (const event of script.events) recorder.onEvent(event);

    const closing = recorder.close();
    closing.catch(() => {}); // it rejects while time is being moved; checked below
    await moveTimeUntil(time, () => refused(problems), "the event is refused");
    const refusal = problems.at(-1)!;
    await expect(closing).rejects.toThrow(refusal.message);
    expect(refusal).toMatchObject({
      code: "recorder_write_refused",
      driverCode: "57014",
      statement: "insert into nucleo_model_calls",
      jobId: root.id,
      seq: 2,
      events: 3,
    });
    expect(refusal.message).toMatch(
      new RegExp(
        `^The database failed the recorder's insert into nucleo_model_calls for one event alone \\(llm\\.call event 2 of job ${root.id}\\) \\d+ times in a row, over \\d+ s: ` +
          "57014: canceling statement due to statement timeout\\. Not retried further, since a batch of one event cannot be made smaller: " +
          "the recorder has stopped, and that event, 2 more waiting behind it and every later one are not recorded\\.$",
      ),
    );
    // Not before the patience has passed: a lock another session holds a while must not stop it.
    const singleFailures = problems.filter((problem) => problem.events === 1).length;
    expect(singleFailures).toBeGreaterThanOrEqual(SINGLE_EVENT_ATTEMPTS - 1);
    expect(Number(/over (\d+) s/.exec(refusal.message)![1])).toBeGreaterThanOrEqual(
      SINGLE_EVENT_PATIENCE_MS / 1_000,
    );
    for (const problem of problems)
      expect(problem.message).not.toMatch(/private-model-name-77|0\.001/);
    // 4 events twice, 2 twice, then the submission alone was written; then the call alone failed until given up.
    expect(problems.map((problem) => problem.events)).toEqual([
      4,
      4,
      2,
      2,
      ...Array(singleFailures).fill(1),
      3,
    ]);
    expect(time.pendingDelays()).toEqual([]); // no retry is coming
    expect(await countRows(faulty.db, "nucleo_jobs")).toBe(1);
    expect(await countRows(faulty.db, "nucleo_model_calls")).toBe(0);
  });

  it("a server that stays away is waited out for ever, even for a single event: an outage is never capped", async () => {
    const { faulty, time, problems, recorder } = await failingRecorder(open);
    const refusedConnection = () =>
      Object.assign(failure("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"), {
        syscall: "connect",
      });
    faulty.failWhen(refusedConnection);
    const script = new EventScript();
    const root = script.submit();
    script.llmCall(root, { cost: "0.001" });
    script.llmCall(root, { cost: "0.002" });
    for (const event of script.events) recorder.onEvent(event);

    const closing = recorder.close();
    // Far past halving down to one event and past SINGLE_EVENT_ATTEMPTS more.
    const attempts = 10 * SINGLE_EVENT_ATTEMPTS;
    await moveTimeUntil(
      time,
      () => problems.length >= attempts || refused(problems),
      `${attempts} attempts fail`,
    );
    expect(problems.every((problem) => problem.code === "recorder_write_failed")).toBe(true);
    expect(problems.at(-1)?.events).toBe(1);
    expect(await settledYet(closing)).toBe(false);

    faulty.failWhen(undefined); // the server is back
    await moveTimeUntil(time, () => recorder.buffered === 0, "every event is written");
    await expect(closing).resolves.toBeUndefined();
    expect(await countRows(faulty.db, "nucleo_model_calls")).toBe(2);
  });

  it("a server that stays away is waited out for ever, even when every attempt at a single event is cut off mid-write (57P01, ECONNRESET)", async () => {
    const { faulty, time, problems, recorder } = await failingRecorder(open);
    let attempt = 0;
    faulty.failWhen(() =>
      ++attempt % 2 === 0
        ? failure("read ECONNRESET", "ECONNRESET")
        : failure("terminating connection due to administrator command", "57P01"),
    );
    const script = new EventScript();
    script.submit();
    for (const event of script.events) recorder.onEvent(event);

    const closing = recorder.close();
    await moveTimeUntil(
      time,
      () => problems.length >= 10 * SINGLE_EVENT_ATTEMPTS || refused(problems),
      "many attempts fail",
    );
    expect(
      problems.every((problem) => problem.code === "recorder_write_failed" && problem.events === 1),
    ).toBe(true);
    expect(await settledYet(closing)).toBe(false);
    faulty.failWhen(undefined);
    await moveTimeUntil(time, () => recorder.buffered === 0, "the event is written");
    await expect(closing).resolves.toBeUndefined();
  });

  it("once the failures stop, the batch size grows back to batchSize, doubling after a run of writes", async () => {
    const { faulty, time, problems, recorder } = await failingRecorder(open, 8);
    let failing = true;
    faulty.failWhen(() =>
      failing ? failure("Connection terminated unexpectedly", "ECONNRESET") : undefined,
    );
    const script = new EventScript();
    const root = script.submit();
    for (let index = 0; index < 7; index++) script.llmCall(root, { cost: "0.001" });
    for (const event of script.events) recorder.onEvent(event);
    const flushing = recorder.flush();
    // 8 events fail twice, 4 twice, 2 twice: down to one event.
    await moveTimeUntil(time, () => problems.length === 6, "six attempts fail");
    failing = false;
    await moveTimeUntil(time, () => recorder.buffered === 0, "the first events are written");
    await flushing;
    const before = faulty.statements.length;

    for (let index = 0; index < 64; index++)
      recorder.onEvent(script.llmCall(root, { cost: "0.001" }));
    await recorder.close();
    const sizes = faulty.statements
      .slice(before)
      .filter((statement) => statement.table === "nucleo_model_calls")
      .map((statement) => statement.rows);
    const run = (size: number) => Array<number>(WRITES_BEFORE_GROWING).fill(size);
    // The first 8 events went one at a time (8 writes at size 1): then 2, 4, and 8 again.
    expect(sizes).toEqual([...run(2), ...run(4), 8, 8]);
    expect(await countRows(faulty.db, "nucleo_model_calls")).toBe(7 + 64);
  });
});
