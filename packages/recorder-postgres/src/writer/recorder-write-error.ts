import { SystemError } from "@nucleo/core";
import { brandError, hasErrorBrand } from "../db/error-brand.js";
import { sqlStateOf } from "../db/classify-database-failure.js";

const RECORDER_WRITE = Symbol.for("nucleo.error.recorder-write");

/** What went wrong while recording. */
export type RecorderWriteErrorCode =
  /**
   * A batch could not be written, for a reason that may pass: the database is away (refused or
   * lost connections, a restart, a deadlock) or the batch hit a limit a smaller one may get
   * past (a statement timeout): it is kept and retried, halved when it keeps failing.
   */
  | "recorder_write_failed"
  /**
   * The database refused a batch for a reason a retry cannot change (a revoked permission, a
   * missing table, a constraint), or failed one event alone again and again on a limit (a
   * statement timeout, a message too large; `jobId` and `seq` name it): not retried. The
   * recorder stops: the batch, the events waiting behind it and every later one are not
   * recorded, and `flush` and `close` fail with this.
   */
  | "recorder_write_refused"
  /** An event could not be turned into rows (a cost that is not decimal text, say): it is not recorded. */
  | "recorder_event_rejected"
  /** A benchmark report was published but did not read as one: it stays in the job's metadata only. */
  | "recorder_report_unreadable"
  /**
   * What an event said (a job's input or output, a model call's messages) could not be read as
   * such (`jobId` and `seq` name the event): the event is recorded without it.
   */
  | "recorder_content_unreadable"
  /** Merging cost attribution rows failed (nothing is lost: the sums stay exact, the rows stay many for a while). */
  | "recorder_compaction_failed"
  /** An event came after `close()`: it is not recorded. */
  | "recorder_closed"
  /** `abandon()` gave up on events not yet written (an operator stopped the process while the database was away). */
  | "recorder_abandoned";

/** What a {@link RecorderWriteError} names. */
export interface RecorderWriteErrorOptions {
  readonly code: RecorderWriteErrorCode;
  /** A secret-free sentence. */
  readonly message: string;
  /** Events in the batch that failed (`recorder_write_failed`), or lost (`recorder_write_refused`, `recorder_abandoned`). */
  readonly events?: number;
  /** How many times in a row the batch has failed (`recorder_write_failed`). */
  readonly attempt?: number;
  /** When the batch is tried again (`recorder_write_failed`). */
  readonly retryInMs?: number;
  /** The event's job and number (`recorder_event_rejected`, `recorder_report_unreadable`, `recorder_content_unreadable`, a single event's `recorder_write_refused`). */
  readonly jobId?: string;
  readonly seq?: number;
  /** The driver's or the database's error code (`ECONNREFUSED`, SQLSTATE `57P01`), when it gave one. */
  readonly driverCode?: string;
  /** The statement that failed (`insert into nucleo_jobs`, `the batch's transaction (commit)`), for a failed or refused write. */
  readonly statement?: string;
}

/**
 * A problem the {@link PostgresRecorder} tells its `logger` of (it never throws into the
 * dispatcher), and what `flush` and `close` fail with after a refusal or `abandon()`. Secret-free: the message names the failure and the driver's code and text with
 * every URL and password scrubbed; the driver's own error is deliberately not kept on `cause`,
 * since some (Node's URL parser's, say) carry the connection string.
 */
export class RecorderWriteError extends SystemError {
  override readonly code: RecorderWriteErrorCode;
  readonly events: number | undefined;
  readonly attempt: number | undefined;
  readonly retryInMs: number | undefined;
  readonly jobId: string | undefined;
  readonly seq: number | undefined;
  readonly driverCode: string | undefined;
  readonly statement: string | undefined;

  constructor(options: RecorderWriteErrorOptions) {
    super({ code: options.code, message: options.message });
    brandError(this, RECORDER_WRITE);
    this.code = options.code;
    this.events = options.events;
    this.attempt = options.attempt;
    this.retryInMs = options.retryInMs;
    this.jobId = options.jobId;
    this.seq = options.seq;
    this.driverCode = options.driverCode;
    this.statement = options.statement;
  }

  /** True for any {@link RecorderWriteError}, from whichever copy of this package it came. */
  static override isInstance(value: unknown): value is RecorderWriteError {
    return hasErrorBrand(value, RECORDER_WRITE);
  }
}

/**
 * A driver error as one secret-free line: its code, and its message with URLs and
 * `password=` values replaced. Driver messages are short (`connect ECONNREFUSED
 * 127.0.0.1:5432`, `terminating connection due to administrator command`). A data exception
 * (SQLSTATE class 22) is described by its code alone: its message may quote the value the
 * column refused (`invalid input syntax for type integer: "…"`), which is recorded data.
 *
 * @internal
 */
export function describeDriverError(error: unknown): {
  readonly driverCode: string | undefined;
  readonly detail: string;
} {
  const record =
    typeof error === "object" && error !== null ? (error as Record<string, unknown>) : {};
  const code = typeof record.code === "string" && record.code !== "" ? record.code : undefined;
  if (sqlStateOf(error)?.startsWith("22"))
    return {
      driverCode: code,
      detail:
        "a value the column's type refused (data exception; the server's message is not shown, since it may quote the value)",
    };
  const raw = error instanceof Error ? error.message : typeof error === "string" ? error : "";
  const detail = scrub(raw === "" ? (error instanceof Error ? error.name : "unknown error") : raw);
  return { driverCode: code, detail: detail.length > 300 ? `${detail.slice(0, 300)}…` : detail };
}

function scrub(text: string): string {
  return text
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, "[url]")
    .replace(/(password\s*[=:]\s*)("[^"]*"|'[^']*'|\S+)/gi, "$1***");
}
