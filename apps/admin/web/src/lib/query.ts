/**
 * Filters kept in the page's URL query string, so a filtered view can be linked, reloaded and
 * walked with the browser's back button. The URL holds exactly what the API is sent.
 *
 * @packageDocumentation
 */

/**
 * The non-empty parameters of a query string, for the keys the page knows.
 *
 * @example readQuery("?status=failed&x=1", ["status"]); // { status: "failed" }
 */
export function readQuery<K extends string>(
  search: string,
  keys: readonly K[],
): Partial<Record<K, string>> {
  const params = new URLSearchParams(search);
  const values: Partial<Record<K, string>> = {};
  for (const key of keys) {
    const value = params.get(key);
    if (value !== null && value !== "") values[key] = value;
  }
  return values;
}

/**
 * A query string (with its `?`, or "" when empty) of the non-empty values, in the given order.
 *
 * @example writeQuery({ status: "failed", q: "" }); // "?status=failed"
 */
export function writeQuery(values: Readonly<Record<string, string | undefined>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== "") params.set(key, value);
  }
  const text = params.toString();
  return text === "" ? "" : `?${text}`;
}

function pad(value: number): string {
  return String(value).padStart(2, "0");
}

/**
 * An `<input type="datetime-local">` value (local wall time) as an ISO instant for the API;
 * "" stays "", and text that is no date is returned unchanged for the server to refuse by name.
 *
 * @example localInputToIso("2025-01-02T10:00"); // "2025-01-02T09:00:00.000Z" in UTC+1
 */
export function localInputToIso(value: string): string {
  if (value === "") return "";
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

/**
 * An ISO instant or epoch-ms text from the URL as a `datetime-local` value in local time; ""
 * when it is no date.
 *
 * @example isoToLocalInput("2025-01-02T09:00:00.000Z"); // "2025-01-02T10:00" in UTC+1
 */
export function isoToLocalInput(value: string | undefined): string {
  if (!value) return "";
  const date = /^\d+$/.test(value) ? new Date(Number(value)) : new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}`
  );
}
