import { createHash } from "node:crypto";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a UUID in its usual text form (any version). */
export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

/**
 * The name-based UUID (version 5, SHA-1) of `name` in `namespace`, as RFC 9562 defines it.
 *
 * @example
 * uuidV5("www.example.com", "6ba7b810-9dad-11d1-80b4-00c04fd430c8"); // "2ed6657d-e927-568b-95e1-2665a8aea6a2"
 */
export function uuidV5(name: string, namespace: string): string {
  if (!isUuid(namespace)) throw new TypeError(`uuidV5: namespace is not a UUID: ${namespace}`);
  const hash = createHash("sha1")
    .update(Buffer.from(namespace.replaceAll("-", ""), "hex"))
    .update(name, "utf8")
    .digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50; // version 5
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // the RFC's variant
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
