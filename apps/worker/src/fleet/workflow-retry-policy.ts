import { ExternalServiceError, LLMReadableError } from "@nucleo/core";
import { RecorderDatabaseError } from "@nucleo/recorder-postgres";

/**
 * Whether a workflow that failed is worth another attempt from the queue. Worth it: a service
 * that failed (a provider down past its client's retries, a throttle waited out too often), the
 * recorder's database away, anything unexpected (a bug in a dependency, a lost connection).
 * Not: Nucleo's other checked outcomes — an input or an answer refused, a cancellation, a
 * system error — which another attempt would only pay for again. A later attempt replays what
 * this one finished, so a retry repeats only the work that failed.
 */
export function isWorkflowRetryable(error: unknown): boolean {
  if (ExternalServiceError.isInstance(error)) return true;
  if (RecorderDatabaseError.isInstance(error)) return true;
  return !LLMReadableError.isInstance(error);
}
