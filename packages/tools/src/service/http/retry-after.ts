/**
 * Reads an HTTP `Retry-After` header (delay-seconds or an HTTP-date) as milliseconds from
 * `now`; `undefined` when absent or unreadable, so the dispatcher backs off on its own.
 *
 * @internal
 */
export function parseRetryAfter(header: string | null, now: number): number | undefined {
  if (header === null) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1_000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
