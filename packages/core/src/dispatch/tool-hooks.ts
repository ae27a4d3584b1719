import type { Admission, SeatRequest } from "../admission/admission.js";
import { SystemError } from "../errors/system-error.js";
import type { AbstractJob } from "../jobs/abstract-job.js";
import type { AttemptInfo } from "../jobs/job-context.js";
import { REQUIREMENTS, TIMEOUT } from "../jobs/job-symbols.js";

type ToolHooks<TInput> = {
  [REQUIREMENTS]?: (input: TInput, attempt: AttemptInfo) => unknown;
  [TIMEOUT]?: () => unknown;
};

/**
 * The seats a tool asks for this attempt, checked; `null` for none (most tools need none).
 *
 * @throws {SystemError} when `requirements()` answers something else than an array or `null`,
 *   or asks for seats of a dispatcher without an admission.
 * @internal
 */
export function requestedSeats<TInput>(
  job: AbstractJob<TInput, unknown>,
  input: TInput,
  attempt: AttemptInfo,
  admission: Admission | undefined,
): readonly SeatRequest[] | null {
  const requests = (job as ToolHooks<TInput>)[REQUIREMENTS]?.(input, attempt);
  if (requests === null || requests === undefined) return null;
  if (!Array.isArray(requests)) {
    throw new SystemError({
      code: "invalid_requirements",
      message: `Job "${job.name}": requirements() must return an array of seat requests or null.`,
    });
  }
  if (requests.length === 0) return null;
  if (!admission) {
    throw new SystemError({
      code: "no_admission",
      message: `Job "${job.name}" needs ${requests.length} model seat(s), but the dispatcher was created without an admission.`,
    });
  }
  return requests as readonly SeatRequest[];
}

/**
 * The longest one attempt of a tool may run, in milliseconds, or `null` for no limit.
 *
 * @throws {SystemError} when `timeoutMs()` answers something else than a positive number or `null`.
 * @internal
 */
export function declaredTimeout(job: AbstractJob<unknown, unknown>): number | null {
  const timeoutMs = (job as ToolHooks<unknown>)[TIMEOUT]?.() ?? null;
  if (timeoutMs === null) return null;
  if (typeof timeoutMs !== "number" || !(timeoutMs > 0)) {
    throw new SystemError({
      code: "invalid_timeout",
      message: `Job "${job.name}": timeoutMs() must return a positive number of milliseconds or null.`,
    });
  }
  return timeoutMs;
}
