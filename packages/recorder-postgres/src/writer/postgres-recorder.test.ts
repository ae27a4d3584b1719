import { SystemError } from "@nucleo/core";
import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import type { RecorderDatabase } from "../schema/database.js";
import { describeOnBothDatabases } from "../test-support/databases.js";
import { PostgresRecorder } from "./postgres-recorder.js";
import { EventScript } from "./test-support/event-script.js";
import { settledYet } from "./test-support/settled-yet.js";
import { FaultyDatabase, until } from "./test-support/faulty-database.js";
import { countRows } from "./test-support/count-rows.js";
import { expectRefusedWrite, faultyRecorder } from "./test-support/faulty-recorder.js";
import { problemsLogger, type LoggedProblem } from "./test-support/logged-problems.js";

/** A run of `calls` model calls by one job: `calls + 1` events. */
function calls(script: EventScript, calls: number) {
  const root = script.submit();
  for (let index = 0; index < calls; index++) script.llmCall(root, { cost: "0.001" });
  return script.events;
}

describeOnBothDatabases("PostgresRecorder's writer", (open) => {
  it("onEvent only buffers: nothing touches the database until the flush interval has passed", async () => {
    const { faulty, time, recorder } = await faultyRecorder(open);
    for (const event of calls(new EventScript(), 3)) recorder.onEvent(event);
    expect(faulty.statements).toEqual([]);
    expect(recorder.buffered).toBe(4);
    expect(time.pendingDelays()).toEqual([10]);

    time.advance(10);
    await until(() => recorder.buffered === 0, "the batch is written");
    expect(faulty.transactions).toBe(1);
    expect(await countRows(faulty.db, "nucleo_model_calls")).toBe(3);
    expect(time.pendingDelays()).toEqual([]);
  });

  it("a full batch goes at once; batches of batchSize, one transaction in flight at a time", async () => {
    const { faulty, time, recorder } = await faultyRecorder(open, { batchSize: 4 });
    const release = faulty.hold();
    const events = calls(new EventScript(), 9);
    for (const event of events.slice(0, 4)) recorder.onEvent(event);
    expect(time.pendingDelays()).toEqual([0]);
    time.advance(0);
    for (const event of events.slice(4)) recorder.onEvent(event);
    await until(() => faulty.statements.length > 0, "the first batch is being written");
    expect(time.pendingDelays()).toEqual([]); // the writer takes what came meanwhile itself
    release();
    await until(() => recorder.buffered === 0, "everything is written");
    expect([faulty.transactions, faulty.maxOpenTransactions]).toEqual([3, 1]);
    expect(await countRows(faulty.db, "nucleo_model_calls")).toBe(9);
  });

  it("a failing database: the batch is kept, retried with doubling back-off (halved after two failures in a row), reported without secrets, written once", async () => {
    const { faulty, time, problems, recorder } = await faultyRecorder(open, {
      retry: { initialMs: 100, maxMs: 300 },
    });
    // The failure comes after the batch's jobs were upserted, inside its transaction.
    const secretive = () =>
      Object.assign(
        new Error(
          "could not connect to postgres://app:s3cret@db.internal:5432/nucleo (password=s3cret)",
        ),
        { code: "57P01" },
      );
    faulty.failTransactions(4, { atStatement: 2, error: secretive });
    for (const event of calls(new EventScript(), 2)) recorder.onEvent(event);
    time.advance(10);

    // The batch of 3 fails twice and is halved: its first 2 events fail twice more, and are halved too.
    for (const [attempt, delay, events] of [
      [1, 100, 3],
      [2, 200, 3],
      [3, 300, 2],
      [4, 300, 2],
    ] as const) {
      await until(() => problems.length === attempt, `attempt ${attempt} fails`);
      expect(problems[attempt - 1]).toMatchObject({
        code: "recorder_write_failed",
        attempt,
        retryInMs: delay,
        events,
        driverCode: "57P01",
      });
      expect(time.pendingDelays()).toEqual([delay]);
      expect(await countRows(faulty.db, "nucleo_jobs")).toBe(0); // rolled back with the batch
      time.advance(delay);
    }
    await until(() => recorder.buffered === 0, "the batch is written after the database recovers");
    expect(await countRows(faulty.db, "nucleo_model_calls")).toBe(2);
    expect(await countRows(faulty.db, "nucleo_jobs")).toBe(1);
    for (const problem of problems) {
      // The whole logged line, fields and all, is what a JSON logger writes.
      expect(problem.level).toBe("warn");
      expect(JSON.stringify(problem)).not.toMatch(/s3cret|postgres:\/\/|db\.internal/);
    }
    expect(problems[0]?.fields).toEqual({
      component: "recorder",
      code: "recorder_write_failed",
      events: 3,
      attempt: 1,
      retryInMs: 100,
      driverCode: "57P01",
      statement: "insert into nucleo_model_calls",
    });
    // Masking is greedy (to the next space): a password holding ")" leaks no part of itself.
    expect(problems[1]?.message).toMatch(
      /^Writing a batch of 3 events failed \(attempt 2, failing for 0 s\): 57P01: could not connect to \[url\] \(password=\*\*\*\. Retrying in 200 ms with its first 2 event\(s\), the rest after them \(a batch that keeps failing is halved, in case it fails for its size\); 3 events wait, none is dropped\.$/,
    );
    expect(problems[0]?.message).toMatch(
      /\. Retrying in 100 ms; 3 events wait, none is dropped\.$/,
    );
  });

  it("a write the database refuses (a revoked permission) fails at once: not retried, reported once naming the statement, flush and close fail, later events are dropped without holding the run", async () => {
    const { faulty, time, problems, recorder } = await faultyRecorder(open, {
      batchSize: 3,
      maxBuffered: 4,
    });
    faulty.failTransactions(1_000, {
      atStatement: 2,
      error: () =>
        Object.assign(new Error("permission denied for table nucleo_model_calls"), {
          code: "42501",
        }),
    });
    const events = calls(new EventScript(), 5); // 6 events: a batch of 3 and 3 waiting
    for (const event of events) recorder.onEvent(event);
    const pressure = recorder.pressure();
    expect(pressure).toBeInstanceOf(Promise);
    const flushing = recorder.flush();

    await expectRefusedWrite(flushing, problems, {
      driverCode: "42501",
      statement: "insert into nucleo_model_calls",
      events: 6,
    });
    expect(problems[0]?.message).toBe(
      "The database refused the recorder's insert into nucleo_model_calls: 42501: permission denied for table nucleo_model_calls. " +
        "Not retried, since the same write would be refused again: the recorder has stopped, and the 3 event(s) of the batch, 3 more waiting behind it and every later one are not recorded.",
    );
    expect(time.pendingDelays()).toEqual([]); // no retry is coming
    expect(faulty.transactions).toBe(1);
    expect(await settledYet(pressure)).toBe(true); // the run is not held back by a recorder that stopped
    expect(recorder.pressure()).toBeUndefined();

    for (const event of calls(new EventScript(), 3)) recorder.onEvent(event); // dropped, not thrown
    await expect(recorder.flush()).rejects.toThrow(problems[0]!.message);
    await expect(recorder.close()).rejects.toThrow(problems[0]!.message);
    expect(recorder.abandon("stopping")).toBe(0);
    expect(problems).toHaveLength(1);
    expect(faulty.transactions).toBe(1);
    expect(await countRows(faulty.db, "nucleo_jobs")).toBe(0);
  });

  it("a value the database refuses is reported by its SQLSTATE, without the value the server quoted", async () => {
    const faulty = new FaultyDatabase((await open()).db);
    const problems: LoggedProblem[] = [];
    const recorder = new PostgresRecorder({ db: faulty.db, logger: problemsLogger(problems) });
    faulty.failTransactions(1, {
      error: () =>
        Object.assign(new Error('invalid input syntax for type integer: "row-secret-42"'), {
          code: "22P02",
        }),
    });
    for (const event of calls(new EventScript(), 1)) recorder.onEvent(event);
    await expectRefusedWrite(recorder.flush(), problems, {
      driverCode: "22P02",
      statement: "insert into nucleo_jobs",
      message: "22P02: a value the column's type refused",
    });
    expect(problems[0]?.message).not.toContain("row-secret-42");
  });

  it("past maxBuffered, pressure() holds until the buffer has drained below half", async () => {
    const { faulty, time, problems, recorder } = await faultyRecorder(open, {
      batchSize: 4,
      maxBuffered: 10,
    });
    faulty.failTransactions(1);
    const events = calls(new EventScript(), 11); // 12 events
    for (const event of events.slice(0, 10)) recorder.onEvent(event);
    expect(recorder.pressure()).toBeUndefined(); // at the bound, not past it
    for (const event of events.slice(10)) recorder.onEvent(event);
    const pressure = recorder.pressure();
    expect(pressure).toBeInstanceOf(Promise);
    expect(recorder.pressure()).toBe(pressure); // one promise while it lasts

    let waitingWhenReleased: number | undefined;
    void pressure?.then(() => (waitingWhenReleased = recorder.buffered));

    time.advance(0);
    await until(() => problems.length === 1, "the database fails");
    expect(await settledYet(pressure)).toBe(false);
    time.advance(100); // the retry writes 4 (8 still wait: not below half of 10), then 4 more
    await until(() => waitingWhenReleased !== undefined, "the pressure is released");
    expect(waitingWhenReleased).toBe(4);
    expect(recorder.pressure()).toBeUndefined();
    await recorder.flush();
    expect(await countRows(faulty.db, "nucleo_model_calls")).toBe(11);
  });

  it("flush() waits for everything handed over so far, retries included; close() flushes, stops its timers and refuses later events", async () => {
    const faulty = new FaultyDatabase((await open()).db);
    const problems: LoggedProblem[] = [];
    const recorder = new PostgresRecorder({
      db: faulty.db,
      retry: { initialMs: 5 },
      logger: problemsLogger(problems),
    });
    faulty.failTransactions(2);
    const script = new EventScript();
    for (const event of calls(script, 5)) recorder.onEvent(event);
    await recorder.flush(); // real timers: starts at once, backs off twice
    expect(problems.map((problem) => problem.attempt)).toEqual([1, 2]);
    expect(await countRows(faulty.db, "nucleo_model_calls")).toBe(5);

    const root = script.submit();
    recorder.onEvent(script.events.at(-1)!);
    await recorder.close();
    expect(await countRows(faulty.db, "nucleo_jobs")).toBe(2);
    expect(() => recorder.onEvent(script.finished(root))).toThrow(
      /recorder is closed: job\.finished event 2 of job job-2 is not recorded/,
    );
    await expect(recorder.flush()).resolves.toBeUndefined();
  });

  it("abandon() gives up on what the database never took: retries stop, pending and later flushes and close fail saying how many events were lost", async () => {
    const { faulty, time, problems, recorder } = await faultyRecorder(open, {
      retry: { initialMs: 100, maxMs: 100 },
    });
    faulty.failTransactions(1_000);
    for (const event of calls(new EventScript(), 2)) recorder.onEvent(event);
    const flushing = recorder.flush();
    await until(() => problems.length === 1, "the first write fails");
    expect(time.pendingDelays()).toEqual([100]);

    expect(recorder.abandon("the operator stopped the worker")).toBe(3);
    await expect(flushing).rejects.toMatchObject({ code: "recorder_abandoned", events: 3 });
    expect(problems.at(-1)?.message).toBe(
      "The recorder gave up on 3 event(s) not yet written (the operator stopped the worker); they are not recorded.",
    );
    expect(time.pendingDelays()).toEqual([]); // no retry is coming
    await expect(recorder.close()).rejects.toMatchObject({ code: "recorder_abandoned" });
    expect(() => recorder.onEvent(calls(new EventScript(), 0)[0]!)).toThrow(/recorder is closed/);
    expect(faulty.transactions).toBe(1);
  });

  it("abandon() with everything written loses nothing and close() still resolves", async () => {
    const { db } = await open();
    const recorder = new PostgresRecorder({ db });
    for (const event of calls(new EventScript(), 1)) recorder.onEvent(event);
    await recorder.flush();
    expect(recorder.abandon("stopping")).toBe(0);
    await expect(recorder.close()).resolves.toBeUndefined();
  });

  it("a throwing logger does not stop the writer", async () => {
    const faulty = new FaultyDatabase((await open()).db);
    const broken = () => {
      throw new Error("logger broke");
    };
    const recorder = new PostgresRecorder({
      db: faulty.db,
      retry: { initialMs: 1 },
      logger: { error: broken, warn: broken, info: broken, debug: broken },
    });
    faulty.failTransactions(1);
    for (const event of calls(new EventScript(), 2)) recorder.onEvent(event);
    await recorder.close();
    expect(await countRows(faulty.db, "nucleo_model_calls")).toBe(2);
  });
});

describe("PostgresRecorder's options", () => {
  const db = { transaction: () => {} } as unknown as Kysely<RecorderDatabase>;

  it("refuses numbers that make no sense, naming the option", () => {
    expect(() => new PostgresRecorder({ db, batchSize: 0 })).toThrow(/options\.batchSize must be/);
    expect(() => new PostgresRecorder({ db, retry: { maxMs: -1 } })).toThrow(
      /options\.retry\.maxMs must be/,
    );
    expect(() => new PostgresRecorder({ db: undefined as never })).toThrow(SystemError);
  });
});
