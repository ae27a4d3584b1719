import type { FetchFunction } from "./fetch-function.js";
import { RequestFailedError } from "./request-failed-error.js";

/**
 * Calls `fetch` with `init.signal` and replaces a network failure with a secret-free
 * {@link RequestFailedError}. An abort is rethrown as it came (its reason is ours: the time
 * limit's or the dispatcher's), for `withTimeLimit` to classify.
 *
 * @internal
 */
export async function sendRequest(
  fetch: FetchFunction,
  url: URL,
  init: RequestInit & { signal: AbortSignal },
): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (init.signal.aborted) throw error;
    throw RequestFailedError.from(error);
  }
}
