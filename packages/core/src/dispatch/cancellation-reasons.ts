import { SystemError } from "../errors/system-error.js";

// Why a job was cancelled, as the `cancelled` error its handle rejects with and its
// descendants are aborted with: one builder per way a cancellation comes, kept together so
// the three messages read alike.

/**
 * A job cancelled through its handle's `cancel(reason)`; the reason, if any, ends the message.
 *
 * @example
 * cancelledByHandle("job-1", "the caller gave up").message; // "Job job-1 was cancelled: the caller gave up"
 * @internal
 */
export function cancelledByHandle(jobId: string, reason: string | undefined): SystemError {
  return new SystemError({
    code: "cancelled",
    message: reason ? `Job ${jobId} was cancelled: ${reason}` : `Job ${jobId} was cancelled.`,
  });
}

/** The running children of a job that failed: nobody will await them. The parent's error is the cause. @internal */
export function cancelledByParentFailure(parentId: string, cause: unknown): SystemError {
  return new SystemError({
    code: "cancelled",
    message: `Cancelled because parent job ${parentId} failed.`,
    cause,
  });
}

/**
 * A job whose caller's signal aborted; the signal's reason is the cause, and its message (an
 * error's, or a string) ends the message: a queue that cancels a workflow says why.
 *
 * @example
 * cancelledByCallerSignal("job-1", AbortSignal.abort(new Error("the worker is shutting down"))).message;
 * // "Job job-1 was cancelled by its caller's signal: the worker is shutting down"
 * @internal
 */
export function cancelledByCallerSignal(jobId: string, signal: AbortSignal): SystemError {
  const reason: unknown = signal.reason;
  const why =
    reason instanceof Error && reason.name !== "AbortError"
      ? reason.message
      : typeof reason === "string"
        ? reason
        : "";
  return new SystemError({
    code: "cancelled",
    message: why
      ? `Job ${jobId} was cancelled by its caller's signal: ${why}`
      : `Job ${jobId} was cancelled by its caller's signal.`,
    cause: reason,
  });
}
