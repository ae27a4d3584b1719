import { ExternalServiceError } from "@nucleo/core";
import type { z } from "zod";

/** The service name every error of this client carries. */
export const SERVICE = "anthropic";

/** The two steps a call can fail in: a whole message, or a streamed one. */
export type Step = "messages" | "stream";

/**
 * The failure for a body that is not what the Messages API sends. Names the service and the
 * step, never the body (it may quote the request back).
 *
 * @internal
 */
export function notWireFormat(step: Step, what: string, cause?: unknown): ExternalServiceError {
  return new ExternalServiceError({
    service: SERVICE,
    step,
    detail: `the response is not the Messages wire format (${what})`,
    cause,
  });
}

/**
 * Reads `value` with `schema`, or throws {@link notWireFormat}. The zod error stays off the
 * error (its messages can quote values of the body); the cause keeps only where and what kind
 * of mismatch it was.
 *
 * @internal
 */
export function readWire<TSchema extends z.ZodType>(
  schema: TSchema,
  value: unknown,
  step: Step,
  what: string,
): z.output<TSchema> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const where = parsed.error.issues.map(
    (issue) => `${issue.path.map(String).join(".") || "(body)"}: ${issue.code}`,
  );
  throw notWireFormat(step, what, new Error(`mismatch at ${where.join("; ")}`));
}
