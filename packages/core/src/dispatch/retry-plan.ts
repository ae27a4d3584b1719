import { ExternalServiceError } from "../errors/external-service-error.js";
import type { LLMReadableError } from "../errors/llm-readable-error.js";
import { MAX_CORRECTIONS, type RetrySignal, type ThrottleSignal } from "../errors/retry-signals.js";
import { SystemError } from "../errors/system-error.js";
import type { AttemptInfo } from "../jobs/job-context.js";
import type { ThrottlePolicy } from "./dispatcher-options.js";

/** A job's first attempt. @internal */
export const FIRST_ATTEMPT: AttemptInfo = Object.freeze({
  number: 1,
  corrections: 0,
  throttles: 0,
  escalated: false,
});

/** What follows a retry signal: the next attempt and how long to wait for it, or the error that ends the run. @internal */
export type RetryPlan =
  | { readonly next: AttemptInfo; readonly delayMs: number }
  | { readonly error: LLMReadableError };

/**
 * The attempt after `signal`: a throttle waits (its retry-after, else a doubling back-off —
 * none when the admission took over the cooldown) and re-admits, up to the policy's limit; a
 * correction re-runs the same instance, up to `MAX_CORRECTIONS`; a truncation re-runs once,
 * escalated to the entry's output ceiling.
 *
 * @internal
 */
export function planRetry(
  signal: RetrySignal,
  attempt: AttemptInfo,
  cooledByAdmission: boolean,
  policy: Required<ThrottlePolicy>,
  jobName: string,
): RetryPlan {
  if (signal.kind === "throttle") {
    const throttle = signal as ThrottleSignal;
    const throttles = attempt.throttles + 1;
    if (throttles > policy.maxThrottles) {
      return {
        error: new ExternalServiceError({
          service: throttle.service,
          step: "admission",
          detail: `still throttled after ${throttles - 1} retries`,
          cause: signal,
        }),
      };
    }
    return {
      next: Object.freeze({ ...attempt, number: attempt.number + 1, throttles }),
      delayMs: cooledByAdmission ? 0 : backoffMs(throttle, throttles, policy),
    };
  }
  if (signal.kind === "correction") {
    if (attempt.corrections >= MAX_CORRECTIONS) {
      return {
        error: new SystemError({
          code: "correction_limit",
          message: `Job "${jobName}" asked for more than ${MAX_CORRECTIONS} corrections.`,
          cause: signal,
        }),
      };
    }
    return {
      next: Object.freeze({
        ...attempt,
        number: attempt.number + 1,
        corrections: attempt.corrections + 1,
      }),
      delayMs: 0,
    };
  }
  if (attempt.escalated) {
    return {
      error: new SystemError({
        code: "truncated",
        message: `Job "${jobName}": the answer was cut off even at the entry's output ceiling.`,
        cause: signal,
      }),
    };
  }
  return {
    next: Object.freeze({ ...attempt, number: attempt.number + 1, escalated: true }),
    delayMs: 0,
  };
}

/** The back-off before re-admitting after the `throttles`-th throttle. */
function backoffMs(
  signal: ThrottleSignal,
  throttles: number,
  policy: Required<ThrottlePolicy>,
): number {
  const suggested = signal.retryAfterMs ?? policy.initialBackoffMs * 2 ** (throttles - 1);
  return Math.min(Math.max(0, suggested), policy.maxBackoffMs);
}
