import { abortOutcome } from "../errors/mcp-failure.js";

/**
 * Waits for `promise` unless `signal` aborts first, in which case it rejects at once with the
 * abort's outcome; the promise itself runs on (a session being opened is shared by every caller).
 */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise;
  if (signal.aborted) return Promise.reject(abortOutcome(signal.reason));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortOutcome(signal.reason));
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
