import {
  ExternalServiceError,
  InvalidInputError,
  LLMReadableError,
  RetrySignal,
  ThrottleSignal,
} from "@nucleo/core";
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";
import type { WireStep } from "../response/to-llm-response.js";
import { reportedFailure } from "./response-failure.js";
import { retryAfterMs } from "./retry-after.js";

/**
 * Turns whatever a call threw into Nucleo's outcome:
 *
 * | what happened | becomes |
 * |---|---|
 * | our signal aborted | the signal's reason, rethrown (the dispatcher's cancellation or timeout) |
 * | 429 | `ThrottleSignal` with the server's retry-after (an exhausted quota is an `ExternalServiceError`: waiting will not help) |
 * | 503 (OpenAI's "slow down" / "overloaded") | `ThrottleSignal` |
 * | 400, 422 | `InvalidInputError` on `request` (the API's `param` when it names one) |
 * | 404 | `InvalidInputError` on `model` |
 * | 401, 403 | `ExternalServiceError`, "authentication failed" |
 * | an error event mid-stream | by its code (see {@link reportedFailure}): a throttle, a refused input, else `ExternalServiceError` |
 * | other statuses, connection failures, time-outs, unreadable bodies | `ExternalServiceError` naming the service and step |
 *
 * Our messages are our own words. The provider's message is never quoted (it can echo part of
 * a key), nor the URL or headers; the `cause` is a summary of the same kind (status, request
 * id, error code), not the SDK's error, because loggers print causes too.
 *
 * @internal
 */
export function toNucleoError(error: unknown, where: WireStep, signal: AbortSignal): unknown {
  if (signal.aborted) return signal.reason;
  if (LLMReadableError.isInstance(error) || RetrySignal.isInstance(error)) return error;
  const cause = new Error(summary(error));
  const failed = (detail: string): ExternalServiceError =>
    new ExternalServiceError({ ...where, detail, cause });
  // The SDK aborts on its own only for our signal, checked above; anything else is its fault.
  if (error instanceof APIUserAbortError) return failed("the request was aborted");
  if (error instanceof APIConnectionTimeoutError) return failed("the request timed out");
  if (error instanceof APIConnectionError) return failed("the connection failed");
  if (!(error instanceof APIError)) return failed("the response could not be read");
  const { status } = error;
  // An error event inside a streamed 200: its code says whose fault it is.
  if (status === undefined)
    return reportedFailure(error.code, where, "the server reported an error mid-stream", cause);
  if (status === 429) {
    if (error.code === "insufficient_quota")
      return failed("the account's quota is exhausted (HTTP 429)");
    return new ThrottleSignal({
      service: where.service,
      retryAfterMs: retryAfterMs(error.headers),
      cause,
    });
  }
  if (status === 503)
    return new ThrottleSignal({
      service: where.service,
      retryAfterMs: retryAfterMs(error.headers),
      cause,
    });
  if (status === 401 || status === 403) return failed(`authentication failed (HTTP ${status})`);
  if (status === 404) {
    return new InvalidInputError({
      parameter: "model",
      expected: `a model the ${where.service} server serves (HTTP 404); check the catalog entry's model name`,
      cause,
    });
  }
  if (status === 400 || status === 422) {
    const parameter = safeToken(error.param) ?? "request";
    const code = safeToken(error.code);
    return new InvalidInputError({
      parameter,
      expected: `a value the ${where.service} service accepts (HTTP ${status}${code ? `, ${code}` : ""})`,
      cause,
    });
  }
  return failed(`HTTP ${status}`);
}

/** What the cause says: the error's kind and the server's structured fields, no prose. */
function summary(error: unknown): string {
  if (!(error instanceof APIError))
    return `${error instanceof Error ? error.name : typeof error} during an OpenAI SDK call`;
  const fields = [
    error.status === undefined ? undefined : `HTTP ${error.status}`,
    safeToken(error.code) && `code ${safeToken(error.code)}`,
    safeToken(error.param) && `param ${safeToken(error.param)}`,
    safeToken(error.requestID) && `request ${safeToken(error.requestID)}`,
  ].filter((field) => typeof field === "string");
  return `${error.constructor.name}${fields.length > 0 ? `: ${fields.join(", ")}` : ""}`;
}

// The API's `code`, `param` and request id are short identifiers; anything else (such as a
// value a server echoed back) is not repeated.
function safeToken(value: string | null | undefined): string | undefined {
  return typeof value === "string" && /^[\w.[\]-]{1,64}$/.test(value) && !/^sk-/i.test(value)
    ? value
    : undefined;
}
