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
import { AttributionCompactionTracker } from "./attribution-compaction.js";
import { buildBatchRows, type BatchRows } from "./batch-rows.js";
import { BatchSizing } from "./batch-sizing.js";
import { BufferPressure } from "./buffer-pressure.js";
import { compactBetweenBatches } from "./compact-between-batches.js";
import { EventQueue } from "./event-queue.js";
import { FlushWaiters } from "./flush-waiters.js";
import { logWriteError } from "./log-write-error.js";
import { readRecorderOptions, type PostgresRecorderOptions } from "./postgres-recorder-options.js";
import { RecorderWriteError } from "./recorder-write-error.js";
import { RetryBackoff } from "./retry-backoff.js";
import { SaidContent } from "./said-content.js";
import { writeFailureErrors } from "./write-failure-errors.js";
import { BatchStatementError, writeBatch } from "./write-batch.js";

interface Batch {
  readonly events: readonly RunEvent[];
  readonly rows: BatchRows;
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
 * stays a short read however long its workflow records. Under the content policy `full` (the
 * default; option `content`) it also keeps what was said — jobs' inputs and outputs, model
 * calls' messages, each message once per workflow (see `SaidContent`) — in the same batches,
 * and each finished job of a resumable workflow's exact output as its replay checkpoint, in
 * the transaction that records the finish (read back by `ReplayCheckpoints`).
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
  /**
   * True when the content policy keeps what was said (`"full"`): the dispatcher then puts jobs'
   * inputs and outputs and model calls' content on the events. False for `"metadata"`.
   */
  readonly wantsContent: boolean;
  readonly #db: Kysely<RecorderDatabase>;
  /** What is kept of what was said; `undefined` under the `metadata` policy (nothing is). */
  readonly #said: SaidContent | undefined;
  readonly #batchSize: number;
  readonly #flushIntervalMs: number;
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
  readonly #backoff: RetryBackoff;
  readonly #flushWaiters = new FlushWaiters();
  readonly #pressure: BufferPressure;
  #closed = false;
  /** Set by {@link abandon}: why the recorder gave up, what flushes now fail with. */
  #abandoned: RecorderWriteError | undefined;
  /** Set when the database refused a batch for good: flushes and close fail with it, later events are dropped. */
  #refused: RecorderWriteError | undefined;
  readonly #compaction = new AttributionCompactionTracker();
  /** A compaction under way (see {@link compactBetweenBatches}); `close` waits for it. */
  #compacting: Promise<void> | undefined;

  constructor(options: PostgresRecorderOptions) {
    const settings = readRecorderOptions(options);
    this.#db = options.db;
    this.wantsContent = settings.content.mode === "full";
    this.#said = this.wantsContent ? new SaidContent(settings.content) : undefined;
    this.#batchSize = settings.batchSize;
    this.#sizing = new BatchSizing(settings.batchSize);
    this.#flushIntervalMs = settings.flushIntervalMs;
    this.#pressure = new BufferPressure(settings.maxBuffered);
    this.#backoff = new RetryBackoff(settings.retry);
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
    return this.#pressure.hold(this.#accepted - this.#done);
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
    const promise = this.#flushWaiters.wait(upTo);
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
      this.#flushWaiters.rejectAll(this.#abandoned);
    }
    this.#stop();
    return lost;
  }

  #stop(): void {
    this.#closed = true;
    if (this.#timer !== undefined) this.#timers.clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#pressure.release();
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
          this.#batch = this.#rebuilt(this.#held.splice(0, this.#sizing.limit));
        } else {
          if (this.#queue.length === 0) break;
          const events = this.#queue.take(this.#sizing.limit);
          const { rows, problems } = buildBatchRows(events, this.#said);
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
      this.#said?.committed(batch.rows);
      this.#compaction.noteWrite(batch.rows.modelCalls);
      this.#batch = undefined;
      this.#backoff.succeeded();
      this.#sizing.written();
      this.#afterProgress();
      const due = this.#compaction.takeDue();
      if (due.length > 0) {
        this.#compacting = compactBetweenBatches({
          db: this.#db,
          ancestorIds: due,
          report: (error) => this.#report(error),
        });
        await this.#compacting;
        this.#compacting = undefined;
      }
    }
    this.#writing = false;
  }

  /**
   * Backs off and retries the batch: whole, or — once it has failed twice in a row — its first
   * half, the rest held to go next in order (see {@link BatchSizing}).
   */
  #retryLater(error: unknown, statement: string, batch: Batch): void {
    if (this.#abandoned) return;
    const retry = this.#backoff.failed(this.#clock.now());
    const events = batch.events.length;
    const size = this.#sizing.failed(events);
    if (size < events) {
      this.#held = [...batch.events.slice(size), ...this.#held];
      this.#batch = this.#rebuilt(batch.events.slice(0, size));
    }
    this.#report(
      writeFailureErrors.retrying({
        error,
        statement,
        events,
        retry,
        retrySize: size,
        waiting: this.#accepted - this.#done,
      }),
    );
    this.#timer = this.#timers.setTimeout(this.#onTimer, retry.delayMs);
  }

  /**
   * The database refused the batch, and would refuse it again: no retry. Stops the writer,
   * reports once, and fails the waiting flushes; later events are dropped (see `onEvent`).
   */
  #refuse(error: unknown, statement: string, events: number): void {
    this.#stopRefused(
      writeFailureErrors.batchRefused({
        error,
        statement,
        events,
        waiting: this.#accepted - this.#done,
      }),
    );
  }

  /**
   * A batch of one event kept failing on a limit (a timeout, a size; see `BatchSizing`): it
   * cannot be halved, so it would fail for ever. Refused as a refusal is, naming the statement
   * and the event (its job and number, never its values).
   */
  #refuseSingleEvent(error: unknown, statement: string, event: RunEvent): void {
    this.#stopRefused(
      writeFailureErrors.eventRefused({
        error,
        statement,
        event,
        failures: this.#sizing.singleEventFailures,
        failingForMs: this.#sizing.singleEventFailingForMs(this.#clock.now()),
        waiting: this.#accepted - this.#done,
      }),
    );
  }

  /** Stops the writer after a refusal: reports it once, fails the waiting flushes; later events are dropped (see `onEvent`). */
  #stopRefused(refusal: RecorderWriteError): void {
    if (this.#abandoned) return;
    this.#refused = refusal;
    this.#report(this.#refused);
    this.#flushWaiters.rejectAll(this.#refused);
    this.#batch = undefined;
    this.#held = [];
    this.#queue.take(this.#queue.length);
    this.#writing = false;
    this.#pressure.release();
  }

  #afterProgress(): void {
    this.#flushWaiters.settle(this.#done);
    this.#pressure.drained(this.#accepted - this.#done);
  }

  #report(error: RecorderWriteError): void {
    logWriteError(this.#logger, error);
  }

  /**
   * A batch of events taken before: its rows built again, its problems not reported again. It
   * carries every message body its calls need that was not committed: a body first carried by
   * the part of a halved batch still waiting is carried again here.
   */
  #rebuilt(events: readonly RunEvent[]): Batch {
    return { events, rows: buildBatchRows(events, this.#said).rows };
  }
}
