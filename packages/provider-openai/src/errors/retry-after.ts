/** The largest wait we take from a server; a larger value is treated as a mistake. */
const MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * The wait a throttled response asks for, in milliseconds: OpenAI's `retry-after-ms` first,
 * then the standard `retry-after` (seconds, or an HTTP date). `undefined` when neither is
 * there or readable, so the dispatcher backs off on its own.
 *
 * @internal
 */
export function retryAfterMs(
  headers: Headers | undefined,
  now: number = Date.now(),
): number | undefined {
  if (headers === undefined) return undefined;
  const milliseconds = finite(headers.get("retry-after-ms"));
  if (milliseconds !== undefined) return bounded(milliseconds);
  const value = headers.get("retry-after");
  if (value === null) return undefined;
  const seconds = finite(value);
  if (seconds !== undefined) return bounded(seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : bounded(date - now);
}

function finite(text: string | null): number | undefined {
  if (text === null || text.trim() === "") return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

function bounded(milliseconds: number): number | undefined {
  if (milliseconds > MAX_RETRY_AFTER_MS) return undefined;
  return Math.max(0, Math.ceil(milliseconds));
}
