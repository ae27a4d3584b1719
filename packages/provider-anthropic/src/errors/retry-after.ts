/** The slice of `Headers` this reads, so tests can pass a plain map. */
export interface HeaderReader {
  get(name: string): string | null;
}

/**
 * How long the provider asked us to wait, in milliseconds, or `undefined` when it did not say.
 * Reads Anthropic's `retry-after-ms` first (the precise one), then the standard `retry-after`
 * as seconds or as an HTTP date.
 *
 * @internal
 */
export function retryAfterMs(
  headers: HeaderReader | undefined,
  now: () => number = Date.now,
): number | undefined {
  if (headers === undefined) return undefined;
  const milliseconds = Number.parseFloat(headers.get("retry-after-ms") ?? "");
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return Math.ceil(milliseconds);
  const retryAfter = headers.get("retry-after")?.trim();
  if (retryAfter === undefined || retryAfter === "") return undefined;
  if (/^\d+(\.\d+)?$/.test(retryAfter)) return Math.ceil(Number.parseFloat(retryAfter) * 1000);
  const date = Date.parse(retryAfter);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now());
}
