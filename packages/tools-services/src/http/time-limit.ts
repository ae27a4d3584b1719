import { ExternalServiceError, LLMReadableError, SystemError } from "@nucleo/core";

/** Where a time-limited call sits, for the outcome when the limit is reached. */
export interface TimeLimitOptions {
  /** The job's signal: cancellation or the job's own timeout. */
  readonly signal: AbortSignal;
  /** The most the operation may take, in milliseconds. */
  readonly timeoutMs: number;
  /** The service, e.g. `pubmed`. */
  readonly service: string;
  /** The step, e.g. `search`. */
  readonly step: string;
}

/**
 * Runs `operation` with a signal that aborts when the job's signal does or when `timeoutMs`
 * has passed, whichever comes first, and turns the abort into a clear outcome: the time limit
 * becomes an `ExternalServiceError` naming the service and step (a slow service is not the
 * model's fault), the job's own cancellation a `SystemError('cancelled')` (or the dispatcher's
 * own reason, which is already one of ours).
 *
 * The operation must hand the signal to every request and body read, so an abort also stops
 * a body that is still streaming.
 *
 * @internal
 */
export async function withTimeLimit<T>(
  options: TimeLimitOptions,
  operation: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const limit = new AbortController();
  const timer = setTimeout(() => limit.abort(), options.timeoutMs);
  try {
    return await operation(AbortSignal.any([options.signal, limit.signal]));
  } catch (error) {
    // The job's own signal wins: a cancelled job is not a slow service.
    if (options.signal.aborted) throw cancellationOf(options.signal.reason);
    if (limit.signal.aborted) {
      throw new ExternalServiceError({
        service: options.service,
        step: options.step,
        detail: `no complete answer within ${options.timeoutMs} ms`,
      });
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

function cancellationOf(reason: unknown): LLMReadableError {
  if (LLMReadableError.isInstance(reason)) return reason;
  return new SystemError({ code: "cancelled", message: "The call was cancelled." });
}
