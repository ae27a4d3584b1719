import { ThrottleSignal } from "@nucleo/core";
import { HttpStatusError } from "./http-status-error.js";
import { discardBody } from "./read-body.js";
import { parseRetryAfter } from "./retry-after.js";

/** What {@link checkResponse} needs to know. */
export interface CheckResponseOptions {
  /** The service, named on the throttle signal. */
  readonly service: string;
  /** Epoch milliseconds, for a `Retry-After` given as a date. */
  readonly now: number;
}

/**
 * Turns a response the call cannot use into the right throw: a 429 into a `ThrottleSignal`
 * carrying the service's `Retry-After` (the dispatcher waits and re-runs the job), any other
 * non-2xx status into an {@link HttpStatusError} for `wrapWithContext` to classify. The body
 * is discarded unread either way: error bodies may echo a key.
 *
 * @internal
 */
export async function checkResponse(
  response: Response,
  options: CheckResponseOptions,
): Promise<void> {
  if (response.ok) return;
  await discardBody(response);
  if (response.status === 429) {
    throw new ThrottleSignal({
      service: options.service,
      retryAfterMs: parseRetryAfter(response.headers.get("retry-after"), options.now),
    });
  }
  throw new HttpStatusError(response.status);
}
