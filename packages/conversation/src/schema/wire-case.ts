/**
 * How one name is spelled on the wire (snake_case, as the model reads and writes it) and in
 * TypeScript (camelCase, in every zod schema). Values are converted by walking their schema
 * (`wireKeysFromWire` / `wireKeysToWire`), which spells each declared key with {@link WireCase.toWire}.
 */
export const WireCase = {
  /** `patentNumber` → `patent_number`; `URL` → `url`. */
  toWire(name: string): string {
    return name
      .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
      .replace(/([A-Z])([A-Z][a-z])/g, "$1_$2")
      .toLowerCase();
  },
  /** `patent_number` → `patentNumber`. */
  fromWire(name: string): string {
    return name.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());
  },
} as const;
