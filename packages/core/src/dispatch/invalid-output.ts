import type { z } from "zod";
import { SystemError } from "../errors/system-error.js";
import { describeIssue } from "../schema/describe-issue.js";

/**
 * The error a job fails with when its output breaks its own output schema: our failure, not
 * the caller's, so a `SystemError` naming the job and the first failing field, with zod's
 * error kept as the cause.
 *
 * @internal
 */
export function invalidOutputError(jobName: string, error: z.ZodError): SystemError {
  const issue = describeIssue(error.issues[0]!);
  return new SystemError({
    code: "invalid_output",
    message: `Job "${jobName}" returned output that fails its schema at "${issue.path}": expected ${issue.expected}.`,
    cause: error,
  });
}
