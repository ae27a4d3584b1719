/**
 * How numbers, times and money read on the pages: compact, exact where it matters (money is
 * shown as the decimal text it came as), and the same everywhere.
 *
 * @packageDocumentation
 */

/**
 * A duration in the largest units that keep it readable: `850 ms`, `12.4 s`, `3 m 05 s`,
 * `2 h 07 m`.
 *
 * @example formatDuration(185_000); // "3 m 05 s"
 */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return "—";
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(ms < 10_000 ? 2 : 1)} s`;
  const totalSeconds = Math.floor(ms / 1_000);
  const seconds = totalSeconds % 60;
  const minutes = Math.floor(totalSeconds / 60) % 60;
  const hours = Math.floor(totalSeconds / 3_600);
  if (hours === 0) return `${minutes} m ${String(seconds).padStart(2, "0")} s`;
  if (hours < 48) return `${hours} h ${String(minutes).padStart(2, "0")} m`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

/**
 * A job's or run's duration from start to end, or to `now` while it runs; "—" when it never
 * started.
 *
 * @example spanOf(1_000, 3_500, 0); // "2.50 s"
 */
export function spanOf(startedAt: number | null, endedAt: number | null, now: number): string {
  if (startedAt === null) return "—";
  return formatDuration((endedAt ?? now) - startedAt);
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, "0");
}

/**
 * An epoch-ms instant in local time, `YYYY-MM-DD HH:MM:SS`; "—" for null.
 *
 * @example formatTime(Date.UTC(2025, 0, 2, 3, 4, 5)); // "2025-01-02 03:04:05" in UTC
 */
export function formatTime(at: number | null): string {
  if (at === null || !Number.isFinite(at)) return "—";
  const date = new Date(at);
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

/**
 * How long ago an instant was, for heartbeats, in whole seconds: `4 s ago`, `3 m 05 s ago`.
 *
 * @example formatAge(10_000, 14_700); // "4 s ago"
 */
export function formatAge(at: number, now: number): string {
  const age = now - at;
  if (age < 1_000) return "just now";
  return age < 60_000 ? `${Math.floor(age / 1_000)} s ago` : `${formatDuration(age)} ago`;
}

/**
 * Exact cost per currency as one line: `USD 0.0132 · EUR 1.20`; "—" when nothing was spent.
 *
 * @example formatMoney({ USD: "0.0132" }); // "USD 0.0132"
 */
export function formatMoney(money: Readonly<Record<string, string>>): string {
  const entries = Object.entries(money).sort(([a], [b]) => a.localeCompare(b));
  if (entries.length === 0) return "—";
  return entries.map(([currency, amount]) => `${currency} ${amount}`).join(" · ");
}

/**
 * An integer with thin grouping, for token counts: `12 345`.
 *
 * @example formatCount(12_345); // "12,345"
 */
export function formatCount(value: number): string {
  return Number.isFinite(value) ? Math.round(value).toLocaleString("en-US") : "—";
}

/**
 * Any JSON value as indented text for a `<pre>`: strings of JSON stay as they were written.
 *
 * @example prettyJson({ a: 1 }); // "{\n  \"a\": 1\n}"
 */
export function prettyJson(value: unknown): string {
  if (value === undefined) return "";
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * Text that may be JSON (tool arguments and results as the model wrote them): indented when it
 * parses as an object or array, otherwise exactly as written.
 *
 * @example textOrPrettyJson('{"a":1}'); // "{\n  \"a\": 1\n}"
 */
export function textOrPrettyJson(text: string): string {
  const trimmed = text.trim();
  if (!(trimmed.startsWith("{") || trimmed.startsWith("["))) return text;
  try {
    return JSON.stringify(JSON.parse(trimmed), null, 2);
  } catch {
    return text;
  }
}
