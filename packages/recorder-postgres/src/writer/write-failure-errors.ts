import type { RunEvent } from "@nucleo/core";
import { describeDriverError, RecorderWriteError } from "./recorder-write-error.js";
import type { RetryDelay } from "./retry-backoff.js";

/** What every report of a failed batch names: the driver's error and the statement it failed in. */
interface FailedStatement {
  /** What the driver threw: described secret-free (see `describeDriverError`), never kept. */
  readonly error: unknown;
  readonly statement: string;
  /** Events taken and not yet written, the failed batch's included. */
  readonly waiting: number;
}

/**
 * The errors the {@link PostgresRecorder}'s writer reports when a batch fails: kept together,
 * apart from the writer's control flow, because their sentences are what an operator reads
 * during an outage, and say what happens next (retried, halved, or given up) and what is lost.
 * Each names the statement and the driver's code, never a value of the batch.
 *
 * @internal
 */
export const writeFailureErrors = {
  /** The batch failed for a reason that may pass (`recorder_write_failed`): it is retried after `retry.delayMs`, whole or its first `retrySize` events. */
  retrying(
    failure: FailedStatement & {
      readonly events: number;
      readonly retry: RetryDelay;
      readonly retrySize: number;
    },
  ): RecorderWriteError {
    const { events, retry, retrySize } = failure;
    const { driverCode, detail } = describeDriverError(failure.error);
    const since =
      retry.attempt === 1 ? "" : `, failing for ${Math.round(retry.failingForMs / 1000)} s`;
    const next =
      retrySize < events
        ? `Retrying in ${retry.delayMs} ms with its first ${retrySize} event(s), the rest after them (a batch that keeps failing is halved, in case it fails for its size)`
        : `Retrying in ${retry.delayMs} ms`;
    return new RecorderWriteError({
      code: "recorder_write_failed",
      events,
      attempt: retry.attempt,
      retryInMs: retry.delayMs,
      driverCode,
      statement: failure.statement,
      message:
        `Writing a batch of ${events} events failed (attempt ${retry.attempt}${since}): ${codeAndDetail(driverCode, detail)}. ` +
        `${next}; ${failure.waiting} events wait, none is dropped.`,
    });
  },

  /** The database refused the batch of `events` events for good (`recorder_write_refused`): the writer stops. */
  batchRefused(failure: FailedStatement & { readonly events: number }): RecorderWriteError {
    const { statement, events, waiting } = failure;
    return refusal(
      failure,
      undefined,
      (driver) =>
        `The database refused the recorder's ${statement}: ${driver}. ` +
        `Not retried, since the same write would be refused again: the recorder has stopped, and the ${events} event(s) of the batch, ` +
        `${waiting - events} more waiting behind it and every later one are not recorded.`,
    );
  },

  /**
   * A batch of one event kept failing on a limit, `failures` times over `failingForMs`
   * (`recorder_write_refused`): it cannot be halved, so the writer stops. Names the event by
   * its job and number, never its values.
   */
  eventRefused(
    failure: FailedStatement & {
      readonly event: RunEvent;
      readonly failures: number;
      readonly failingForMs: number;
    },
  ): RecorderWriteError {
    const { statement, event, waiting } = failure;
    return refusal(
      failure,
      event,
      (driver) =>
        `The database failed the recorder's ${statement} for one event alone (${event.type} event ${event.seq} of job ${event.jobId}) ` +
        `${failure.failures} times in a row, over ${Math.round(failure.failingForMs / 1_000)} s: ${driver}. ` +
        `Not retried further, since a batch of one event cannot be made smaller: the recorder has stopped, and that event, ` +
        `${waiting - 1} more waiting behind it and every later one are not recorded.`,
    );
  },
};

/**
 * The writer stops (`recorder_write_refused`): every event waiting is lost. Both refusals (a
 * batch's, one event's) name the same things; `event` is the one event, when it is the cause.
 * `sentence` words the refusal around the driver's code and text.
 */
function refusal(
  failure: FailedStatement,
  event: RunEvent | undefined,
  sentence: (driver: string) => string,
): RecorderWriteError {
  const { driverCode, detail } = describeDriverError(failure.error);
  return new RecorderWriteError({
    code: "recorder_write_refused",
    events: failure.waiting,
    driverCode,
    statement: failure.statement,
    ...(event === undefined ? {} : { jobId: event.jobId, seq: event.seq }),
    message: sentence(codeAndDetail(driverCode, detail)),
  });
}

/** `57P01: terminating connection…`, or the detail alone when the driver gave no code. */
function codeAndDetail(driverCode: string | undefined, detail: string): string {
  return `${driverCode === undefined ? "" : `${driverCode}: `}${detail}`;
}
