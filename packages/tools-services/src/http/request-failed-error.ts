/**
 * A request that never produced a usable answer: connection refused, reset, DNS failure
 * inside the HTTP client, a body cut off half-way. Thrown inside `wrapWithContext`, which
 * turns it into an `ExternalServiceError` naming the service and the step.
 *
 * It replaces the HTTP client's own error rather than wrapping it: undici's messages and
 * causes can quote the request URL (e.g. "Failed to parse URL from ..."), and a URL may carry
 * an API key. Only the system error code (`ECONNREFUSED`) is kept.
 *
 * @internal
 */
export class RequestFailedError extends Error {
  /** The system error code when there was one, e.g. `ECONNREFUSED`. */
  readonly errorCode: string | undefined;

  constructor(errorCode: string | undefined) {
    super(errorCode === undefined ? "request failed" : `request failed (${errorCode})`);
    this.name = "RequestFailedError";
    this.errorCode = errorCode;
  }

  /** Replaces a thrown value with a secret-free {@link RequestFailedError}. */
  static from(error: unknown): RequestFailedError {
    return new RequestFailedError(systemErrorCode(error));
  }
}

const MAX_CAUSE_DEPTH = 4;

/** The first `code` that looks like a system error code (`ECONNREFUSED`), on the error or its causes. */
function systemErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (
    let depth = 0;
    depth < MAX_CAUSE_DEPTH && typeof current === "object" && current !== null;
    depth++
  ) {
    const code = (current as { code?: unknown }).code;
    // Only upper-case identifiers: a code is never free text, so it can never carry a secret.
    if (typeof code === "string" && /^[A-Z][A-Z0-9_]{1,40}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
