import type { Catalog } from "@nucleo/catalog";

/** What every covered name becomes. */
export const BLIND_PLACEHOLDER = "[model]";

/**
 * Vendor and family names a model may use of itself ("as Claude, I..."): covered by
 * {@link Blindfold.forCatalog} beside the catalog's own names, so a judge cannot favour its
 * family even when a run names it in passing.
 */
export const FAMILY_TERMS: readonly string[] = Object.freeze([
  "OpenAI", "ChatGPT", "GPT", "Anthropic", "Claude", "Gemini", "Gemma", "Llama", "Mistral", "Mixtral",
  "Qwen", "DeepSeek", "Grok", "Cohere", "Phi",
]);

/**
 * Covers model names before a judge reads a run, so it cannot tell which model produced it
 * (nor favour its own family). Every occurrence of a name — in any string, at any depth, object
 * keys included — becomes {@link BLIND_PLACEHOLDER}, case-insensitively. A name only matches
 * between non-alphanumeric boundaries, so `xl` covers `xl-2` but not `xlsx` (a side where the
 * name ends in a symbol, as `c++` does, needs no boundary); the longest name
 * wins where names overlap (`gpt-4o-mini` over `gpt-4o`). Covering is idempotent. Blank names
 * are ignored; names are matched literally (`.` is a dot).
 *
 * @example
 * const blindfold = new Blindfold(["gpt-4o", "gpt-4o-mini"]);
 * blindfold.cover({ note: "GPT-4o-mini said so" }); // { note: "[model] said so" }
 */
export class Blindfold {
  /** The names covered, trimmed and de-duplicated, longest first. */
  readonly names: readonly string[];
  readonly #pattern: RegExp | undefined;

  constructor(names: Iterable<string>) {
    this.names = distinctLongestFirst(names);
    // The placeholder is matched first and kept as it is, so a name inside it (`model`) never
    // hits again and covering twice changes nothing. Alternatives are tried in order, so the
    // longest name that fits at a position wins.
    const alternatives = this.names.map(namePattern).join("|");
    this.#pattern = this.names.length === 0 ? undefined : new RegExp(`${escapeRegExp(BLIND_PLACEHOLDER)}|${alternatives}`, "giu");
  }

  /**
   * A blindfold for every entry of `catalog`: its id and its provider model name (and, for a
   * name with a path such as `org/model`, the part after the last `/`, which a model is more
   * likely to write), the well-known {@link FAMILY_TERMS}, plus `extraTerms`.
   */
  static forCatalog(catalog: Catalog, extraTerms: readonly string[] = []): Blindfold {
    const names: string[] = [];
    for (const entry of catalog.entries()) {
      names.push(entry.id, entry.model);
      const slash = entry.model.lastIndexOf("/");
      if (slash >= 0) names.push(entry.model.slice(slash + 1));
    }
    return new Blindfold([...names, ...FAMILY_TERMS, ...extraTerms]);
  }

  /**
   * A deep copy of `value` with every name covered in every string and object key. Arrays,
   * plain objects, `Map`s, `Set`s and `Date`s keep their kind; any other object is copied as
   * the JSON a judge would read of it (its `toJSON()`, else its own enumerable properties).
   * Two keys that cover to the same text are both kept: the later one gets a ` (2)`, ` (3)`...
   */
  cover<T>(value: T): T {
    return this.#cover(value, new WeakMap()) as T;
  }

  #cover(value: unknown, seen: WeakMap<object, unknown>): unknown {
    if (typeof value === "string") return this.#coverText(value);
    if (typeof value !== "object" || value === null) return value;
    const copied = seen.get(value);
    if (copied !== undefined) return copied;
    if (value instanceof Date) return new Date(value.getTime());
    if (Array.isArray(value)) {
      const copy: unknown[] = [];
      seen.set(value, copy);
      for (const item of value) copy.push(this.#cover(item, seen));
      return copy;
    }
    if (value instanceof Map) {
      const copy = new Map<unknown, unknown>();
      seen.set(value, copy);
      for (const [key, item] of value) copy.set(this.#cover(key, seen), this.#cover(item, seen));
      return copy;
    }
    if (value instanceof Set) {
      const copy = new Set<unknown>();
      seen.set(value, copy);
      for (const item of value) copy.add(this.#cover(item, seen));
      return copy;
    }
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === "function") return this.#cover(toJSON.call(value), seen);
    return this.#coverObject(value as Record<string, unknown>, seen);
  }

  #coverObject(value: Record<string, unknown>, seen: WeakMap<object, unknown>): Record<string, unknown> {
    const prototype = Object.getPrototypeOf(value) as object | null;
    // A plain object keeps its prototype (`null` included); anything else becomes plain data.
    const copy: Record<string, unknown> = prototype === null ? Object.create(null) : {};
    seen.set(value, copy);
    for (const key of Object.keys(value)) {
      const covered = this.#coverText(key);
      let unique = covered;
      // Covering can make two keys equal; neither value may be lost.
      for (let count = 2; Object.hasOwn(copy, unique); count++) unique = `${covered} (${count})`;
      // Defined, not assigned: a `__proto__` key stays data and never swaps the prototype.
      Object.defineProperty(copy, unique, { value: this.#cover(value[key], seen), enumerable: true, writable: true, configurable: true });
    }
    return copy;
  }

  #coverText(text: string): string {
    if (this.#pattern === undefined) return text;
    return text.replace(this.#pattern, () => BLIND_PLACEHOLDER);
  }
}

function distinctLongestFirst(names: Iterable<string>): string[] {
  const byFolded = new Map<string, string>();
  for (const name of names) {
    const trimmed = String(name).trim();
    if (trimmed.length > 0 && !byFolded.has(trimmed.toLowerCase())) byFolded.set(trimmed.toLowerCase(), trimmed);
  }
  return [...byFolded.values()].sort((a, b) => b.length - a.length);
}

const ALPHANUMERIC = /^[\p{L}\p{N}]$/u;

/**
 * One name, matched only where it is not part of a longer word. The boundary is asked only
 * on a side where the name ends in a letter or digit (as `\b` would): `c++` in `c++x` is still
 * covered, and a name can never survive by leaning on the text its neighbour's cover replaced.
 */
function namePattern(name: string): string {
  const characters = Array.from(name);
  const before = ALPHANUMERIC.test(characters[0]!) ? "(?<![\\p{L}\\p{N}])" : "";
  const after = ALPHANUMERIC.test(characters.at(-1)!) ? "(?![\\p{L}\\p{N}])" : "";
  return `${before}${escapeRegExp(name)}${after}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&");
}
