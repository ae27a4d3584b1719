import type { Logger } from "@nucleo/core";
import type { RecorderWriteError, RecorderWriteErrorCode } from "./recorder-write-error.js";

/**
 * `warn` for what is retried or loses nothing; `error` for what is not recorded. A retried
 * outage is a warning until someone gives up on it (`recorder_abandoned`).
 */
const LEVEL: Record<RecorderWriteErrorCode, "warn" | "error"> = {
  recorder_write_failed: "warn",
  recorder_compaction_failed: "warn",
  recorder_report_unreadable: "warn",
  recorder_write_refused: "error",
  recorder_event_rejected: "error",
  recorder_content_unreadable: "error",
  recorder_closed: "error",
  recorder_abandoned: "error",
};

/**
 * Tells `logger` of a recorder problem: its secret-free sentence as the message, its facts
 * (`code`, `events`, `attempt`, `retryInMs`, `jobId`, `seq`, `driverCode`, `statement`, those
 * it has) as fields. A throwing logger is ignored: it must not stop the writer.
 *
 * @internal
 */
export function logWriteError(logger: Logger, error: RecorderWriteError): void {
  const fields: Record<string, unknown> = { component: "recorder", code: error.code };
  for (const key of [
    "events",
    "attempt",
    "retryInMs",
    "jobId",
    "seq",
    "driverCode",
    "statement",
  ] as const) {
    if (error[key] !== undefined) fields[key] = error[key];
  }
  try {
    logger[LEVEL[error.code]](fields, error.message);
  } catch {
    // A throwing logger must not stop the writer.
  }
}
