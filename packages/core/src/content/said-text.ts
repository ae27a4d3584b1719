import {
  DEFAULT_MAX_FIELD_CHARS,
  TRUNCATION_MARKER,
  WITHHELD_TEXT,
  type ContentField,
  type ContentPolicy,
} from "./content-policy.js";

/**
 * A piece of said text as a policy lets it be kept: redacted by the hook, then cut at the cap
 * with {@link TRUNCATION_MARKER}. Never cuts a surrogate pair in half.
 */
export function keptText(text: string, field: ContentField, policy: ContentPolicy): string {
  return capText(redacted(text, field, policy), policy.maxFieldChars ?? DEFAULT_MAX_FIELD_CHARS);
}

/**
 * A job's input or output (or any plain value) as JSON text a policy lets be kept: every
 * string inside redacted, keys included, then, over the cap, replaced by
 * `{"nucleo_truncated":{"length":n,"head":"…"}}` so the field stays valid JSON. Values JSON
 * cannot hold are made plain: a bigint becomes its decimal text,
 * functions and symbols are left out (as `JSON.stringify` does), an object that refers back to
 * one that contains it is `"[circular]"`, and one whose `toJSON` throws `"[unserialisable]"`.
 */
export function keptJson(value: unknown, field: ContentField, policy: ContentPolicy): string {
  const max = policy.maxFieldChars ?? DEFAULT_MAX_FIELD_CHARS;
  const json = plainJson(value, (text) => redacted(text, field, policy));
  if (json.length <= max) return json;
  const head = cutAt(json, max - 64);
  return JSON.stringify({ nucleo_truncated: { length: json.length, head } });
}

function redacted(text: string, field: ContentField, policy: ContentPolicy): string {
  if (!policy.redact) return text;
  try {
    const kept = policy.redact(text, field);
    return typeof kept === "string" ? kept : WITHHELD_TEXT;
  } catch {
    return WITHHELD_TEXT;
  }
}

function capText(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${cutAt(text, max)}${TRUNCATION_MARKER}${text.length}]`;
}

function cutAt(text: string, length: number): string {
  const end = Math.max(0, length);
  const last = text.charCodeAt(end - 1);
  // A high surrogate at the cut would be half a character.
  return last >= 0xd800 && last <= 0xdbff ? text.slice(0, end - 1) : text.slice(0, end);
}

function plainJson(value: unknown, redact: (text: string) => string): string {
  // Rebuilt rather than stringified with a replacer: a replacer cannot rename keys, and a key
  // is said too (an e-mail address used as a map key must be masked like any other string).
  let json: string | undefined;
  try {
    json = JSON.stringify(plain(value, redact, new Set()));
  } catch {
    // Nested deeper than the stack goes: said, but not keepable.
    return JSON.stringify("[unserialisable]");
  }
  // `undefined` (or a function) at the top has no JSON: kept as null.
  return json ?? "null";
}

function plain(value: unknown, redact: (text: string) => string, path: Set<object>): unknown {
  if (typeof value === "string") return redact(value);
  if (typeof value === "bigint") return redact(value.toString());
  if (typeof value !== "object" || value === null) return value;
  // A cycle runs through the objects on the current path only: one met twice side by side is kept twice.
  if (path.has(value)) return "[circular]";
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === "function") {
    let shown: unknown;
    try {
      shown = toJSON.call(value);
    } catch {
      return "[unserialisable]";
    }
    if (shown !== value) return plain(shown, redact, path);
  }
  path.add(value);
  try {
    if (Array.isArray(value)) return value.map((item) => plainItem(item, redact, path));
    const kept: Record<string, unknown> = {};
    for (const [key, inner] of Object.entries(value)) {
      const shown = plain(inner, redact, path);
      if (shown !== undefined) kept[redact(key)] = shown;
    }
    return kept;
  } finally {
    path.delete(value);
  }
}

/** In an array, what JSON cannot hold (undefined, a function, a symbol) becomes null, as `JSON.stringify` does. */
function plainItem(item: unknown, redact: (text: string) => string, path: Set<object>): unknown {
  const shown = plain(item, redact, path);
  return shown === undefined || typeof shown === "function" || typeof shown === "symbol"
    ? null
    : shown;
}
