/**
 * Reads an HTTP `Retry-After` header (delay-seconds or an HTTP-date) as milliseconds from
 * `now`; `undefined` when absent or unreadable, so the dispatcher backs off on its own.
 *
 * @internal
 */
export function parseRetryAfter(header: string | null, now: number): number | undefined {
  if (header === null) return undefined;
  const trimmed = header.trim();
  // Seconds, possibly fractional ("1.5"): never let Date.parse read a number as a date.
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1_000);
  if (!/[a-z]/i.test(trimmed)) return undefined;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
