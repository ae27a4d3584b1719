import {
  AnthropicError,
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
} from "@anthropic-ai/sdk";
import {
  ExternalServiceError,
  InvalidInputError,
  LLMReadableError,
  RetrySignal,
  ThrottleSignal,
} from "@nucleo/core";
import { describeFailure, knownErrorType, safeErrorCode } from "./describe-failure.js";
import { retryAfterMs } from "./retry-after.js";
import { notWireFormat, SERVICE, type Step } from "./wire-error.js";

const THROTTLE_TYPES = new Set(["rate_limit_error", "overloaded_error"]);
const AUTH_TYPES = new Set(["authentication_error", "permission_error"]);

/**
 * Turns whatever a call threw into Nucleo's outcome for it. Our own abort comes back as the
 * signal's reason, untouched. Nothing of the provider's message, headers or body reaches the
 * result, nor the SDK's error itself (its message quotes the body): each result's `cause` is a
 * summary of status, error type and request id.
 *
 * | what | result |
 * |---|---|
 * | 429, 529, a `rate_limit_error` / `overloaded_error` event | `ThrottleSignal` with `retryAfterMs` |
 * | 400, 422 | `InvalidInputError` naming `request` |
 * | 404 | `InvalidInputError` naming `model` |
 * | 401, 403 | `ExternalServiceError`: authentication failed |
 * | other 4xx, 5xx, error events, timeouts, connection failures | `ExternalServiceError` |
 * | a body that is not JSON | `ExternalServiceError`: not the wire format |
 *
 * @internal
 */
export function toNucleoError(error: unknown, step: Step, signal: AbortSignal): unknown {
  if (signal.aborted) return signal.reason;
  if (RetrySignal.isInstance(error) || LLMReadableError.isInstance(error)) return error;
  const cause = describeFailure(error);
  if (error instanceof APIUserAbortError)
    return serviceError(step, "the request was aborted", cause);
  if (error instanceof APIConnectionTimeoutError) return serviceError(step, "timed out", cause);
  if (error instanceof APIConnectionError)
    return serviceError(step, "the connection failed", cause);
  if (error instanceof APIError) return fromApiError(error, step, cause);
  // The SDK's own refusals can quote what it was given (a key function's return value among them).
  if (error instanceof AnthropicError) return serviceError(step, "the SDK refused the call", cause);
  if (error instanceof SyntaxError) return notWireFormat(step, "not JSON", cause);
  return serviceError(step, "the call failed before a complete response arrived", cause);
}

function fromApiError(error: APIError, step: Step, cause: Error): unknown {
  const status = error.status;
  const type = knownErrorType(error.type);
  if (status === 429 || status === 529 || (type !== undefined && THROTTLE_TYPES.has(type))) {
    return new ThrottleSignal({
      service: SERVICE,
      retryAfterMs: retryAfterMs(error.headers),
      cause,
    });
  }
  if (status === 401 || status === 403 || (type !== undefined && AUTH_TYPES.has(type))) {
    return serviceError(step, "authentication failed", cause);
  }
  if (status === 400 || status === 422) {
    const code = safeErrorCode(error.errorCode);
    const answered = [`HTTP ${status}`, type, code].filter((word) => word !== undefined).join(" ");
    return new InvalidInputError({
      parameter: "request",
      expected: `a request the Anthropic Messages API accepts (it answered ${answered})`,
      cause,
    });
  }
  if (status === 404) {
    return new InvalidInputError({
      parameter: "model",
      expected: "a model the Anthropic API serves (the catalog entry's `model`)",
      cause,
    });
  }
  if (status === undefined)
    return serviceError(step, `an error event${type === undefined ? "" : ` (${type})`}`, cause);
  return serviceError(step, `HTTP ${status}${type === undefined ? "" : ` ${type}`}`, cause);
}

function serviceError(step: Step, detail: string, cause: Error): ExternalServiceError {
  return new ExternalServiceError({ service: SERVICE, step, detail, cause });
}
