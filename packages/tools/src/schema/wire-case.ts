/**
 * The one helper that converts between the model's spelling (snake_case, on the wire and in
 * the JSON Schema it reads) and TypeScript's (camelCase, in every zod schema and input type).
 */
export const WireCase = {
  /** `patentNumber` → `patent_number`. */
  toWire(name: string): string {
    return name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").replace(/([A-Z])([A-Z][a-z])/g, "$1_$2").toLowerCase();
  },
  /** `patent_number` → `patentNumber`. */
  fromWire(name: string): string {
    return name.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
  },
  /** Renames every object key, deeply, to the wire spelling. */
  keysToWire(value: unknown): unknown {
    return renameKeys(value, WireCase.toWire);
  },
  /** Renames every object key, deeply, to the TypeScript spelling. */
  keysFromWire(value: unknown): unknown {
    return renameKeys(value, WireCase.fromWire);
  },
} as const;

function renameKeys(value: unknown, rename: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => renameKeys(item, rename));
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [rename(key), renameKeys(item, rename)]));
}
