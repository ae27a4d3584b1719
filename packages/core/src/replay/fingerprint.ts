import { createHash } from "node:crypto";

/**
 * A hash of what a job was asked, the same for equal JSON whatever the order of its keys: the
 * SHA-256 of its canonical JSON, base64url. A value JSON cannot hold faithfully (a cycle, a
 * `bigint`, a Map, a class instance without `toJSON`, `NaN`) has no fingerprint: `undefined`,
 * and the job is never replayed.
 *
 * @internal
 */
export function fingerprintOf(identity: unknown): string | undefined {
  let text: string | undefined;
  try {
    text = JSON.stringify(identity, sortedKeys);
  } catch {
    return undefined;
  }
  return createHash("sha256")
    .update(text ?? "undefined")
    .digest("base64url");
}

// Called for every value (after its toJSON): a plain object is handed back with its keys in
// order, so two objects built in different orders hash alike. Arrays keep their order. What
// JSON would flatten into something else — a Map, a Set or a class instance (all `{}`), a
// non-finite number (`null`) — throws: two different requests must never hash alike.
function sortedKeys(_key: string, value: unknown): unknown {
  if (typeof value === "number" && !Number.isFinite(value))
    throw new TypeError("a non-finite number has no JSON");
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null)
    throw new TypeError("only plain objects have a faithful JSON");
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort())
    sorted[key] = (value as Record<string, unknown>)[key];
  return sorted;
}
