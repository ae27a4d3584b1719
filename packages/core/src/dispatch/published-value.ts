import { SystemError } from "../errors/system-error.js";
import { assertPlainJson } from "./plain-json.js";

/**
 * Checks what a job hands `context.publish(key, value)`: a non-empty key, plain JSON data (what
 * a recorder can store as written), and a job that has not ended — published after its end, a
 * value would land on a job already recorded as finished or failed.
 *
 * @throws {SystemError} naming the job and the key: `invalid_metadata` or `job_ended`.
 * @internal
 */
export function assertPublishable(
  key: string,
  value: unknown,
  job: { readonly jobName: string; readonly jobId: string; readonly ended: boolean },
): void {
  if (typeof key !== "string" || key.length === 0) {
    throw new SystemError({
      code: "invalid_metadata",
      message: `Job "${job.jobName}": publish(key, value) needs a non-empty key.`,
    });
  }
  if (job.ended)
    throw new SystemError({
      code: "job_ended",
      message: `Job "${job.jobName}" (${job.jobId}) has already ended: publish("${key}", value) comes too late.`,
    });
  assertPlainJson(value, `Job "${job.jobName}": publish("${key}", value)`);
}
