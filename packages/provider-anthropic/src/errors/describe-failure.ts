import { APIError } from "@anthropic-ai/sdk";

// The Messages API's error types (the SDK's `ErrorType`). A type outside this list is not
// repeated: the field comes from the response body, and a body can say anything.
const ERROR_TYPES: ReadonlySet<string> = new Set([
  "invalid_request_error",
  "authentication_error",
  "billing_error",
  "permission_error",
  "not_found_error",
  "rate_limit_error",
  "timeout_error",
  "api_error",
  "overloaded_error",
  "memory_precondition_failed_error",
  "memory_path_conflict_error",
  "conflict_error",
]);

/**
 * The error type when it is one the API documents, else `undefined`.
 *
 * @internal
 */
export function knownErrorType(type: string | null | undefined): string | undefined {
  return type != null && ERROR_TYPES.has(type) ? type : undefined;
}

/**
 * An `error_code` worth repeating: lowercase words joined by underscores, as the API writes
 * them (`image_dimensions_too_large`). Anything else, a key-shaped string among them (keys
 * carry dashes and capitals), is dropped.
 *
 * @internal
 */
export function safeErrorCode(code: string | null | undefined): string | undefined {
  return code != null && /^[a-z][a-z0-9_]{0,63}$/.test(code) ? code : undefined;
}

/**
 * A secret-free stand-in for the SDK's error, kept as our error's `cause` for operators: the
 * error's class, HTTP status, documented error type, request id and network error code, never
 * its message (which quotes the provider's body) or its headers.
 *
 * @internal
 */
export function describeFailure(error: unknown): Error {
  const words: string[] = [error instanceof Error ? error.constructor.name : typeof error];
  if (error instanceof APIError) {
    if (error.status !== undefined) words.push(`HTTP ${error.status}`);
    const type = knownErrorType(error.type);
    if (type !== undefined) words.push(type);
    const code = safeErrorCode(error.errorCode);
    if (code !== undefined) words.push(code);
    if (error.requestID != null && /^req_[A-Za-z0-9]{1,64}$/.test(error.requestID))
      words.push(`request-id ${error.requestID}`);
  }
  const networkCode = networkCodeOf(error);
  if (networkCode !== undefined) words.push(networkCode);
  const summary = new Error(words.join(", "));
  summary.name = "AnthropicFailure";
  return summary;
}

/** The first `ECONNREFUSED`-style code along the cause chain (undici nests it). */
function networkCodeOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth += 1) {
    const code: unknown = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[A-Z][A-Z0-9_]{1,40}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
