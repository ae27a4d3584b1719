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

/** A job whose caller's signal aborted; the signal's reason is the cause. @internal */
export function cancelledByCallerSignal(jobId: string, signal: AbortSignal): SystemError {
  return new SystemError({
    code: "cancelled",
    message: `Job ${jobId} was cancelled by its caller's signal.`,
    cause: signal.reason,
  });
}
