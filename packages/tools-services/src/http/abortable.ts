/**
 * Waits for `promise`, but stops waiting (rejecting with the signal's reason) when `signal`
 * aborts. For work that takes no signal of its own (the system resolver) or is shared between
 * callers (an OAuth token request), where one caller's abort must not cancel it for the others.
 *
 * @internal
 */
export function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
