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
 * string inside redacted, then, over the cap, replaced by
 * `{"nucleo_truncated":{"length":n,"head":"…"}}` so the field stays valid JSON. Values JSON
 * cannot hold are made plain: a bigint becomes its decimal text,
 * functions and symbols are left out (as `JSON.stringify` does). In a value with a cycle, every
 * object met a second time is `"[circular]"`.
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
  let json: string | undefined;
  try {
    json = JSON.stringify(value, (_key, inner: unknown) => plainLeaf(inner, redact));
  } catch {
    // A cycle (or a toJSON that threw): again, marking every object met twice, so it ends.
    const seen = new WeakSet<object>();
    json = JSON.stringify(value, (_key, inner: unknown) => {
      if (typeof inner === "object" && inner !== null) {
        if (seen.has(inner)) return "[circular]";
        seen.add(inner);
      }
      return plainLeaf(inner, redact);
    });
  }
  // `undefined` (or a function) at the top has no JSON: kept as null.
  return json ?? "null";
}

function plainLeaf(inner: unknown, redact: (text: string) => string): unknown {
  if (typeof inner === "string") return redact(inner);
  if (typeof inner === "bigint") return redact(inner.toString());
  return inner;
}
