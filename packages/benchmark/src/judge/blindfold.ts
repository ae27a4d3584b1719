import type { Catalog } from "@nucleo/catalog";
import { escapeRegExp, literalNamesPattern, wellKnownNamePatterns } from "./model-name-patterns.js";

/** What every covered name becomes. */
export const BLIND_PLACEHOLDER = "[model]";

/** How a {@link Blindfold} is built beside its names. */
export interface BlindfoldOptions {
  /**
   * Also cover the well-known names a model may use of itself: every `FAMILY_TERMS` name (with
   * any version and line name run into it), every `VERSIONED_TERMS` name with a version, and the
   * o-series (`o1`, `o3-mini`). Off by default; `Blindfold.forCatalog` turns it on.
   */
  readonly wellKnown?: boolean;
}

/**
 * Covers model names before a judge reads a run, so it cannot tell which model produced it
 * (nor favour its own family). Every occurrence of a name — in any string, at any depth, object
 * keys included — becomes {@link BLIND_PLACEHOLDER}, case-insensitively. A name only matches
 * between non-alphanumeric boundaries, so `xl` covers `xl-2` but not `xlsx` (a side where the
 * name ends in a symbol, as `c++` does, needs no boundary); where names overlap, the longest
 * match at the leftmost position wins (`gpt-4o-mini` over `gpt-4o`, and a family name's whole
 * version over a shorter catalog name). Covering is idempotent. Blank names are ignored; names
 * are matched literally (`.` is a dot).
 *
 * @example
 * const blindfold = new Blindfold(["gpt-4o", "gpt-4o-mini"]);
 * blindfold.cover({ note: "GPT-4o-mini said so" }); // { note: "[model] said so" }
 */
export class Blindfold {
  /** The literal names covered, trimmed and de-duplicated, longest first. */
  readonly names: readonly string[];
  // Finds the leftmost position any name starts at; the sticky matchers then say how far the
  // longest one there reaches. One alternation cannot: it takes the first alternative that fits.
  readonly #finder: RegExp | undefined;
  readonly #matchers: readonly RegExp[];
  readonly #placeholder = new RegExp(escapeRegExp(BLIND_PLACEHOLDER), "iuy");

  constructor(names: Iterable<string>, options: BlindfoldOptions = {}) {
    this.names = distinctLongestFirst(names);
    const literal = literalNamesPattern(this.names);
    const sources = [...(literal === undefined ? [] : [literal]), ...(options.wellKnown === true ? wellKnownNamePatterns() : [])];
    this.#matchers = sources.map((source) => new RegExp(source, "iuy"));
    // The placeholder is found too and kept as it is, so a name inside it (`model`) never hits
    // again and covering twice changes nothing.
    this.#finder = sources.length === 0 ? undefined : new RegExp([escapeRegExp(BLIND_PLACEHOLDER), ...sources].join("|"), "giu");
  }

  /**
   * A blindfold for every entry of `catalog`: its id and its provider model name (and, for a
   * name with a path such as `org/model`, the part after the last `/`, which a model is more
   * likely to write), the well-known names (see {@link BlindfoldOptions.wellKnown}:
   * `FAMILY_TERMS`, `VERSIONED_TERMS` with a version, the o-series), plus `extraTerms`, which
   * are covered literally.
   */
  static forCatalog(catalog: Catalog, extraTerms: readonly string[] = []): Blindfold {
    const names: string[] = [];
    for (const entry of catalog.entries()) {
      names.push(entry.id, entry.model);
      const slash = entry.model.lastIndexOf("/");
      if (slash >= 0) names.push(entry.model.slice(slash + 1));
    }
    return new Blindfold([...names, ...extraTerms], { wellKnown: true });
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
    const finder = this.#finder;
    if (finder === undefined) return text;
    let covered = "";
    let from = 0;
    finder.lastIndex = 0;
    for (let found = finder.exec(text); found !== null; found = finder.exec(text)) {
      const length = this.#longestAt(text, found.index, found[0].length);
      covered += `${text.slice(from, found.index)}${BLIND_PLACEHOLDER}`;
      from = found.index + length;
      finder.lastIndex = from;
    }
    return covered + text.slice(from);
  }

  /**
   * How far the longest name at `at` reaches, `found` being the length the finder matched there;
   * the placeholder, kept as it is, comes first.
   */
  #longestAt(text: string, at: number, found: number): number {
    this.#placeholder.lastIndex = at;
    if (this.#placeholder.test(text)) return BLIND_PLACEHOLDER.length;
    let longest = found;
    for (const matcher of this.#matchers) {
      matcher.lastIndex = at;
      longest = Math.max(longest, matcher.exec(text)?.[0].length ?? 0);
    }
    return longest;
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
