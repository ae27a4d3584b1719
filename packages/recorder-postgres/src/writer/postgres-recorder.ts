import {
  stderrLogger,
  systemClock,
  systemTimers,
  type Clock,
  type Logger,
  type RunEvent,
  type RunObserver,
  type Timers,
} from "@nucleo/core";
import type { Kysely } from "kysely";
import { classifyDatabaseFailure } from "../db/classify-database-failure.js";
import type { RecorderDatabase } from "../schema/database.js";
import {
  AttributionCompactionTracker,
  compactCostAttribution,
  isMergeRace,
} from "./attribution-compaction.js";
import { buildBatchRows, type BatchRows } from "./batch-rows.js";
import { BatchSizing } from "./batch-sizing.js";
import { EventQueue } from "./event-queue.js";
import { logWriteError } from "./log-write-error.js";
import { readRecorderOptions, type PostgresRecorderOptions } from "./postgres-recorder-options.js";
import { describeDriverError, RecorderWriteError } from "./recorder-write-error.js";
import { BatchStatementError, writeBatch } from "./write-batch.js";

interface FlushWaiter {
  readonly upTo: number;
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
}

interface Batch {
  readonly events: readonly RunEvent[];
  readonly rows: BatchRows;
}

interface Deferred {
  readonly promise: Promise<void>;
  readonly resolve: () => void;
}

/**
 * The recorder as a {@link RunObserver}: every run event written to PostgreSQL or PGlite.
 * `onEvent` only appends to a buffer; a writer behind it takes up to `batchSize` events at a
 * time and writes each batch in one transaction of idempotent multi-row upserts (see
 * `writeBatch`), one batch in flight at a time. When the database is away (connections refused
 * or lost, a restart, a deadlock, a failover: see `classifyDatabaseFailure`) the batch is kept
 * and retried with exponential back-off, each failure told to its `logger`, for as long
 * as it takes; nothing is dropped and nothing is written twice. A batch that fails twice in a
 * row is halved (down to one event; see `BatchSizing`), so a batch too large for the server — a
 * statement_timeout it always exceeds, a backend killed for its memory — cannot stop the writer;
 * a single event that still fails on such a limit (five times, over two minutes: `BatchSizing`)
 * is refused. When the database refuses the batch for a reason a retry cannot change (a
 * revoked permission, a dropped table, a constraint) the recorder stops at once: it reports a
 * `recorder_write_refused` error naming the statement, records nothing more, and fails every
 * `flush` and `close` with it, rather than retrying for ever while the run is held back. Past
 * `maxBuffered` waiting events, {@link pressure} holds the dispatcher's new job attempts back
 * until the buffer has drained below half. Between batches it merges the cost attribution rows
 * of a job it has written below many times (see `compactCostAttribution`), so a subtree's sum
 * stays a short read however long its workflow records.
 *
 * @example
 * const { db, close } = await openRecorderDatabase({ url: process.env.DATABASE_URL });
 * const recorder = new PostgresRecorder({ db });
 * const dispatcher = new JobDispatcher({ observers: [recorder] });
 * await dispatcher.submit(workflow, input);
 * await recorder.close(); // everything written
 * await close();
 */
export class PostgresRecorder implements RunObserver {
  readonly #db: Kysely<RecorderDatabase>;
  readonly #batchSize: number;
  readonly #flushIntervalMs: number;
  readonly #maxBuffered: number;
  readonly #retryInitialMs: number;
  readonly #retryMaxMs: number;
  readonly #timers: Timers;
  readonly #clock: Clock;
  readonly #logger: Logger;

  readonly #queue = new EventQueue<RunEvent>();
  /** The batch being written, kept until it is: retries write it again (or its first half, see {@link BatchSizing}). */
  #batch: Batch | undefined;
  /** The rest of a halved batch, in order, written before the queue; their problems were reported when first taken. */
  #held: RunEvent[] = [];
  readonly #sizing: BatchSizing;
  /** Events handed to `onEvent`, and events written (or left out as unwritable), in order. */
  #accepted = 0;
  #done = 0;
  /** True from a write's start until the queue is empty again, back-off waits included. */
  #writing = false;
  #timer: unknown;
  #failures = 0;
  #failingSince = 0;
  #flushWaiters: FlushWaiter[] = [];
  #pressure: Deferred | undefined;
  #closed = false;
  /** Set by {@link abandon}: why the recorder gave up, what flushes now fail with. */
  #abandoned: RecorderWriteError | undefined;
  /** Set when the database refused a batch for good: flushes and close fail with it, later events are dropped. */
  #refused: RecorderWriteError | undefined;
  readonly #compaction = new AttributionCompactionTracker();
  /** A compaction under way (see {@link compactCostAttribution}); `close` waits for it. */
  #compacting: Promise<void> | undefined;

  constructor(options: PostgresRecorderOptions) {
    const settings = readRecorderOptions(options);
    this.#db = options.db;
    this.#batchSize = settings.batchSize;
    this.#sizing = new BatchSizing(settings.batchSize);
    this.#flushIntervalMs = settings.flushIntervalMs;
    this.#maxBuffered = settings.maxBuffered;
    this.#retryInitialMs = settings.retry.initialMs;
    this.#retryMaxMs = settings.retry.maxMs;
    this.#timers = options.timers ?? systemTimers;
    this.#clock = options.clock ?? systemClock;
    this.#logger = options.logger ?? stderrLogger;
  }

  /** Events taken and not yet written (the batch in flight included). */
  get buffered(): number {
    return this.#accepted - this.#done;
  }

  /** Appends the event to the buffer and makes sure a write is coming. Cheap: never touches the database. */
  onEvent(event: RunEvent): void {
    if (this.#closed) {
      throw new RecorderWriteError({
        code: "recorder_closed",
        jobId: event.jobId,
        seq: event.seq,
        message: `The recorder is closed: ${event.type} event ${event.seq} of job ${event.jobId} is not recorded.`,
      });
    }
    // The refusal was reported and every flush fails with it: later events go, unannounced,
    // rather than throwing into the dispatcher once per event.
    if (this.#refused) return;
    this.#queue.push(event);
    this.#accepted += 1;
    if (this.#writing) return;
    if (this.#timer === undefined)
      this.#timer = this.#timers.setTimeout(this.#onTimer, this.#flushIntervalMs);
    else if (this.#queue.length === this.#batchSize) {
      // A full batch need not wait out the interval (but is still written off this call stack).
      this.#timers.clearTimeout(this.#timer);
      this.#timer = this.#timers.setTimeout(this.#onTimer, 0);
    }
  }

  /**
   * A promise while more than `maxBuffered` events wait to be written (the database is away or
   * slower than the run), resolved once fewer than half that many wait; else `undefined`.
   */
  pressure(): Promise<void> | undefined {
    if (this.#refused) return undefined;
    if (this.#pressure !== undefined) return this.#pressure.promise;
    if (this.#accepted - this.#done <= this.#maxBuffered) return undefined;
    this.#pressure = deferred();
    return this.#pressure.promise;
  }

  /**
   * Resolves once every event handed over so far is written, however many retries an outage
   * takes; rejects with the `recorder_write_refused` error once the database has refused a batch.
   */
  flush(): Promise<void> {
    if (this.#refused) return Promise.reject(this.#refused);
    const upTo = this.#accepted;
    if (this.#done >= upTo) return Promise.resolve();
    if (this.#abandoned) return Promise.reject(this.#abandoned);
    const promise = new Promise<void>((resolve, reject) =>
      this.#flushWaiters.push({ upTo, resolve, reject }),
    );
    if (!this.#writing) {
      if (this.#timer !== undefined) this.#timers.clearTimeout(this.#timer);
      this.#timer = undefined;
      void this.#write();
    }
    return promise;
  }

  /**
   * Writes everything (waiting, retrying, for as long as the database takes to come back),
   * then stops: later events are refused. Close the database after this. Fails, still
   * stopping, when the database refused a batch or the recorder was abandoned.
   */
  async close(): Promise<void> {
    try {
      while (this.#done < this.#accepted || this.#compacting !== undefined || this.#refused) {
        await this.flush();
        await this.#compacting;
      }
    } finally {
      this.#stop();
    }
  }

  /**
   * Gives up on the events not written yet: stops retrying, refuses later events, and fails
   * every pending and later `flush` and `close` with a `recorder_abandoned` error that says how
   * many events were lost. For an operator who stops a process while its database is away
   * (the worker's third signal); nothing else drops events but a write the database refused.
   * Returns how many it gave up on.
   */
  abandon(reason: string): number {
    // After a refusal nothing is waiting to be written: those events are already reported lost.
    const lost = this.#refused ? 0 : this.#accepted - this.#done;
    if (this.#abandoned === undefined && lost > 0) {
      this.#abandoned = new RecorderWriteError({
        code: "recorder_abandoned",
        events: lost,
        message: `The recorder gave up on ${lost} event(s) not yet written (${reason}); they are not recorded.`,
      });
      this.#report(this.#abandoned);
      for (const waiter of this.#flushWaiters.splice(0)) waiter.reject(this.#abandoned);
    }
    this.#stop();
    return lost;
  }

  #stop(): void {
    this.#closed = true;
    if (this.#timer !== undefined) this.#timers.clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#releasePressure(true);
  }

  readonly #onTimer = (): void => {
    this.#timer = undefined;
    void this.#write();
  };

  async #write(): Promise<void> {
    this.#writing = true;
    for (;;) {
      if (this.#abandoned) break;
      if (this.#batch === undefined) {
        if (this.#held.length > 0) {
          this.#batch = rebuilt(this.#held.splice(0, this.#sizing.limit));
        } else {
          if (this.#queue.length === 0) break;
          const events = this.#queue.take(this.#sizing.limit);
          const { rows, problems } = buildBatchRows(events);
          for (const problem of problems) this.#report(problem);
          this.#batch = { events, rows };
        }
      }
      const batch = this.#batch;
      try {
        await writeBatch(this.#db, batch.rows);
      } catch (error) {
        const { statement, cause } =
          error instanceof BatchStatementError
            ? error
            : { statement: "the batch's transaction", cause: error };
        const kind = classifyDatabaseFailure(cause);
        const givenUp =
          kind === "limit" &&
          batch.events.length === 1 &&
          this.#sizing.singleEventFailed(this.#clock.now());
        if (kind === "refusal") this.#refuse(cause, statement, batch.events.length);
        else if (givenUp) this.#refuseSingleEvent(cause, statement, batch.events[0]!);
        else this.#retryLater(cause, statement, batch);
        return;
      }
      this.#done += batch.events.length;
      this.#compaction.noteWrite(batch.rows.modelCalls);
      this.#batch = undefined;
      this.#failures = 0;
      this.#sizing.written();
      this.#afterProgress();
      const due = this.#compaction.takeDue();
      if (due.length > 0) {
        this.#compacting = this.#compact(due);
        await this.#compacting;
        this.#compacting = undefined;
      }
    }
    this.#writing = false;
  }

  /**
   * Merges the attribution rows of ancestors written below many times. Between batches, after
   * their flushes are answered; a failure is reported (a lost race with another worker's merge
   * is not) and not retried: the sums stay exact, only the rows stay many until the ancestor
   * is due again.
   */
  async #compact(ancestorIds: readonly string[]): Promise<void> {
    try {
      await compactCostAttribution(this.#db, ancestorIds);
    } catch (error) {
      const { driverCode, detail } = describeDriverError(error);
      if (isMergeRace(driverCode)) return;
      this.#report(
        new RecorderWriteError({
          code: "recorder_compaction_failed",
          driverCode,
          message: `Merging the cost attribution rows of ${ancestorIds.length} job(s) failed: ${driverCode === undefined ? "" : `${driverCode}: `}${detail}. Their sums stay exact; they are merged when next due.`,
        }),
      );
    }
  }

  /**
   * Backs off and retries the batch: whole, or — once it has failed twice in a row — its first
   * half, the rest held to go next in order (see {@link BatchSizing}).
   */
  #retryLater(error: unknown, statement: string, batch: Batch): void {
    if (this.#abandoned) return;
    const now = this.#clock.now();
    if (this.#failures === 0) this.#failingSince = now;
    this.#failures += 1;
    const delay = Math.min(
      this.#retryMaxMs,
      this.#retryInitialMs * 2 ** Math.min(this.#failures - 1, 30),
    );
    const events = batch.events.length;
    const size = this.#sizing.failed(events);
    if (size < events) {
      this.#held = [...batch.events.slice(size), ...this.#held];
      this.#batch = rebuilt(batch.events.slice(0, size));
    }
    const { driverCode, detail } = describeDriverError(error);
    const since =
      this.#failures === 1
        ? ""
        : `, failing for ${Math.round((now - this.#failingSince) / 1000)} s`;
    const retry =
      size < events
        ? `Retrying in ${delay} ms with its first ${size} event(s), the rest after them (a batch that keeps failing is halved, in case it fails for its size)`
        : `Retrying in ${delay} ms`;
    this.#report(
      new RecorderWriteError({
        code: "recorder_write_failed",
        events,
        attempt: this.#failures,
        retryInMs: delay,
        driverCode,
        statement,
        message:
          `Writing a batch of ${events} events failed (attempt ${this.#failures}${since}): ${driverCode === undefined ? "" : `${driverCode}: `}${detail}. ` +
          `${retry}; ${this.#accepted - this.#done} events wait, none is dropped.`,
      }),
    );
    this.#timer = this.#timers.setTimeout(this.#onTimer, delay);
  }

  /**
   * The database refused the batch, and would refuse it again: no retry. Stops the writer,
   * reports once, and fails the waiting flushes; later events are dropped (see `onEvent`).
   */
  #refuse(error: unknown, statement: string, events: number): void {
    const { driverCode, detail } = describeDriverError(error);
    const lost = this.#accepted - this.#done;
    this.#stopRefused(
      new RecorderWriteError({
        code: "recorder_write_refused",
        events: lost,
        driverCode,
        statement,
        message:
          `The database refused the recorder's ${statement}: ${driverCode === undefined ? "" : `${driverCode}: `}${detail}. ` +
          `Not retried, since the same write would be refused again: the recorder has stopped, and the ${events} event(s) of the batch, ` +
          `${lost - events} more waiting behind it and every later one are not recorded.`,
      }),
    );
  }

  /**
   * A batch of one event kept failing on a limit (a timeout, a size; see `BatchSizing`): it
   * cannot be halved, so it would fail for ever. Refused as a refusal is, naming the statement
   * and the event (its job and number, never its values).
   */
  #refuseSingleEvent(error: unknown, statement: string, event: RunEvent): void {
    const { driverCode, detail } = describeDriverError(error);
    const lost = this.#accepted - this.#done;
    this.#stopRefused(
      new RecorderWriteError({
        code: "recorder_write_refused",
        events: lost,
        driverCode,
        statement,
        jobId: event.jobId,
        seq: event.seq,
        message:
          `The database failed the recorder's ${statement} for one event alone (${event.type} event ${event.seq} of job ${event.jobId}) ` +
          `${this.#sizing.singleEventFailures} times in a row, over ${Math.round(this.#sizing.singleEventFailingForMs(this.#clock.now()) / 1_000)} s: ${driverCode === undefined ? "" : `${driverCode}: `}${detail}. ` +
          `Not retried further, since a batch of one event cannot be made smaller: the recorder has stopped, and that event, ` +
          `${lost - 1} more waiting behind it and every later one are not recorded.`,
      }),
    );
  }

  /** Stops the writer after a refusal: reports it once, fails the waiting flushes; later events are dropped (see `onEvent`). */
  #stopRefused(refusal: RecorderWriteError): void {
    if (this.#abandoned) return;
    this.#refused = refusal;
    this.#report(this.#refused);
    for (const waiter of this.#flushWaiters.splice(0)) waiter.reject(this.#refused);
    this.#batch = undefined;
    this.#held = [];
    this.#queue.take(this.#queue.length);
    this.#writing = false;
    this.#releasePressure(true);
  }

  #afterProgress(): void {
    if (this.#flushWaiters.length > 0) {
      const waiting: FlushWaiter[] = [];
      for (const waiter of this.#flushWaiters) {
        if (this.#done >= waiter.upTo) waiter.resolve();
        else waiting.push(waiter);
      }
      this.#flushWaiters = waiting;
    }
    this.#releasePressure(false);
  }

  #releasePressure(always: boolean): void {
    if (this.#pressure === undefined) return;
    if (!always && this.#accepted - this.#done >= this.#maxBuffered / 2) return;
    this.#pressure.resolve();
    this.#pressure = undefined;
  }

  #report(error: RecorderWriteError): void {
    logWriteError(this.#logger, error);
  }
}

/** A batch of events taken before: its rows built again, its problems not reported again. */
function rebuilt(events: readonly RunEvent[]): Batch {
  return { events, rows: buildBatchRows(events).rows };
}

function deferred(): Deferred {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}
