/**
 * The one helper that converts between the model's spelling (snake_case, on the wire and in
 * the JSON Schema it reads) and TypeScript's (camelCase, in every zod schema and input type).
 */
export const WireCase = {
  /** `patentNumber` → `patent_number`. */
  toWire(name: string): string {
    return remembered(toWireNames, name, () => name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").replace(/([A-Z])([A-Z][a-z])/g, "$1_$2").toLowerCase());
  },
  /** `patent_number` → `patentNumber`. */
  fromWire(name: string): string {
    return remembered(fromWireNames, name, () => name.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase()));
  },
  /**
   * Renames every object key, deeply, to the wire spelling, without looking at any schema: a
   * record's keys and declared keys like `URL` are renamed too. For a value with a known
   * schema use `wireKeysToWire`, which renames only what the schema declares.
   */
  keysToWire(value: unknown): unknown {
    return renameKeys(value, WireCase.toWire);
  },
  /**
   * Renames every object key, deeply, to the TypeScript spelling, without looking at any
   * schema. For a value with a known schema use `wireKeysFromWire`.
   */
  keysFromWire(value: unknown): unknown {
    return renameKeys(value, WireCase.fromWire);
  },
} as const;

function renameKeys(value: unknown, rename: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => renameKeys(item, rename));
  if (typeof value !== "object" || value === null) return value;
  // A plain loop: entries/fromEntries allocated two arrays per key on every tool call.
  const renamed: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const name = rename(key);
    const item = renameKeys((value as Record<string, unknown>)[key], rename);
    if (name === "__proto__") Object.defineProperty(renamed, name, { value: item, enumerable: true, writable: true, configurable: true });
    else renamed[name] = item;
  }
  return renamed;
}

// Field names come from a small set, so each spelling is worked out once (boundedly, and only
// for short names: model-chosen keys could otherwise grow it).
const toWireNames = new Map<string, string>();
const fromWireNames = new Map<string, string>();

function remembered(cache: Map<string, string>, name: string, convert: () => string): string {
  // Only names of a name's length are kept: a model-chosen long key is converted, not stored.
  if (name.length > 64) return convert();
  let converted = cache.get(name);
  if (converted === undefined) {
    converted = convert();
    if (cache.size >= 4_096) cache.clear();
    cache.set(name, converted);
  }
  return converted;
}
