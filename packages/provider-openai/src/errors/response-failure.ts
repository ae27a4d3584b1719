import { ExternalServiceError, InvalidInputError, ThrottleSignal } from "@nucleo/core";
import type { WireStep } from "../response/to-llm-response.js";

// Codes a failed response or a mid-stream error carries that blame the request: an input the
// model cannot read. Anything else is the service's fault.
const INPUT_CODES = new Set([
  "invalid_prompt",
  "data_residency_mismatch",
  "invalid_image",
  "invalid_image_format",
  "invalid_base64_image",
  "invalid_image_url",
  "image_too_large",
  "image_too_small",
  "image_parse_error",
  "invalid_image_mode",
  "image_file_too_large",
  "unsupported_image_media_type",
  "empty_image_file",
  "failed_to_download_image",
  "image_file_not_found",
]);

/**
 * The outcome of a failure the server reports inside a 200 answer: a response whose status is
 * `failed`, a `response.failed` or `error` stream event, an error event mid-stream on Chat
 * Completions. Only the `code` is read (a short identifier) — never the message, which can
 * quote the request.
 *
 * | code | becomes |
 * |---|---|
 * | `rate_limit_exceeded` | `ThrottleSignal` (no retry-after: the dispatcher backs off) |
 * | an input code (`invalid_prompt`, `invalid_image…`, …) | `InvalidInputError` on `request`, correctable |
 * | anything else, or none | `ExternalServiceError` naming the service and step |
 *
 * @param code the failure's `code`, as the server sent it (repeated only when it is a short identifier)
 * @param where the service and step the outcome names
 * @param what what went wrong, in our words (`the response failed`)
 * @param summary the cause to attach; default a summary of `what` and the code
 * @internal
 */
export function reportedFailure(
  code: string | null | undefined,
  where: WireStep,
  what: string,
  summary?: Error,
): ThrottleSignal | InvalidInputError | ExternalServiceError {
  const safe = safeCode(code);
  const cause = summary ?? new Error(`${what}${safe === undefined ? "" : `, code ${safe}`}`);
  if (safe === "rate_limit_exceeded")
    return new ThrottleSignal({ service: where.service, retryAfterMs: undefined, cause });
  if (safe !== undefined && INPUT_CODES.has(safe))
    return new InvalidInputError({
      parameter: "request",
      expected: `a value the ${where.service} service accepts (${what}: ${safe})`,
      cause,
    });
  return new ExternalServiceError({
    ...where,
    detail: safe === undefined ? what : `${what} (code ${safe})`,
    cause,
  });
}

// The API's codes are short identifiers; anything else (such as a value a server echoed back)
// is not repeated.
function safeCode(value: string | null | undefined): string | undefined {
  return typeof value === "string" && /^[\w.-]{1,64}$/.test(value) && !/^sk-/i.test(value)
    ? value
    : undefined;
}
