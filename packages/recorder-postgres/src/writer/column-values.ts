// Turning event fields into values PostgreSQL accepts. Everything a statement could reject is
// caught here, per event, so one malformed event never makes a whole batch fail: a batch the
// database refuses stops the recorder (an outage is retried), which only a database problem
// (a revoked permission, a dropped table) should cause.

const INT4_MAX = 2_147_483_647;
const YEAR_10000 = 253_402_300_800_000;
const DECIMAL_TEXT = /^-?\d+(?:\.\d+)?$/;
/** JSON escapes PostgreSQL's `jsonb` refuses: NUL, and (possibly lone) surrogates. */
const JSON_UNSAFE_ESCAPE = /\\u(?:0000|d[89a-f])/i;

/** A field that cannot be written; the event carrying it is reported and left out. @internal */
export class MalformedField extends Error {
  constructor(
    readonly field: string,
    readonly problem: string,
  ) {
    super(`${field} ${problem}`);
  }
}

/** Text for a `text` column: PostgreSQL's text cannot hold NUL, so NUL becomes U+FFFD. @internal */
export function text(value: unknown, field: string): string {
  if (typeof value !== "string") throw new MalformedField(field, `is ${describe(value)}, not text`);
  return value.includes("\0") ? value.replaceAll("\0", "\uFFFD") : value;
}

/** Text, or `null` when absent. @internal */
export function optionalText(value: unknown, field: string): string | null {
  return value === undefined || value === null ? null : text(value, field);
}

/** A whole number for an `integer` column. @internal */
export function int4(value: unknown, field: string): number {
  if (typeof value !== "number" || !Number.isInteger(value) || Math.abs(value) > INT4_MAX) {
    throw new MalformedField(
      field,
      `is ${describe(value)}, not a whole number that fits an integer column`,
    );
  }
  return value;
}

/** A token count for a `bigint` column (absent means 0). @internal */
export function count(value: unknown, field: string): number {
  if (value === undefined || value === null) return 0;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) {
    throw new MalformedField(field, `is ${describe(value)}, not a count of tokens`);
  }
  return value;
}

/** A duration in whole milliseconds (measured ones may carry fractions). @internal */
export function millis(value: unknown, field: string): number {
  if (typeof value !== "number" || !Number.isFinite(value))
    throw new MalformedField(field, `is ${describe(value)}, not milliseconds`);
  return int4(Math.round(value), field);
}

/** An epoch-millisecond time as ISO text, which both drivers pass to `timestamptz` unchanged. @internal */
export function timestamp(value: unknown, field: string): string {
  // Years 1970–9999: ISO text past 9999 (`+010000-…`) is not PostgreSQL's.
  if (typeof value !== "number" || !(value >= 0 && value < YEAR_10000))
    throw new MalformedField(field, `is ${describe(value)}, not epoch milliseconds`);
  return new Date(value).toISOString();
}

/** Exact decimal text for a `numeric` column, as `Decimal` prints it (no exponent, no separators). @internal */
export function decimalText(value: unknown, field: string): string {
  const trimmed = typeof value === "string" ? value.trim() : undefined;
  if (trimmed === undefined || !DECIMAL_TEXT.test(trimmed))
    throw new MalformedField(field, `is ${describe(value)}, not decimal text`);
  return trimmed;
}

/**
 * JSON text for a `jsonb` column. Strings and keys holding what `jsonb` refuses (NUL, a lone
 * surrogate) are cleaned first; the check is one scan of the text, the cleaning rare.
 *
 * @internal
 */
export function jsonText(value: unknown): string {
  let json: string | undefined;
  try {
    json = JSON.stringify(value);
  } catch {
    throw new MalformedField("value", "is not JSON data");
  }
  if (json === undefined) throw new MalformedField("value", "is not JSON data");
  return JSON_UNSAFE_ESCAPE.test(json) ? JSON.stringify(clean(value)) : json;
}

/**
 * JSON text made from elsewhere (a content policy's `keptJson`) as `jsonb` can hold it: NUL and
 * lone surrogates inside its strings become U+FFFD. Unchanged (one scan) when there are none.
 *
 * @internal
 */
export function jsonbSafe(json: string): string {
  return JSON_UNSAFE_ESCAPE.test(json) ? JSON.stringify(clean(JSON.parse(json))) : json;
}

function clean(value: unknown): unknown {
  if (typeof value === "string") return value.replaceAll("\0", "\uFFFD").toWellFormed();
  if (Array.isArray(value)) return value.map(clean);
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, entry]) => [clean(key), clean(entry)]),
    );
  }
  return value;
}

function describe(value: unknown): string {
  if (value === undefined || value === null) return "missing";
  if (typeof value === "string")
    return value.length > 40 ? `text of ${value.length} characters` : JSON.stringify(value);
  if (typeof value === "number") return String(value);
  return `a ${typeof value}`;
}
