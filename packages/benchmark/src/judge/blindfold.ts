import type { Catalog } from "@nucleo/catalog";
import { escapeRegExp, literalNamesPattern, wellKnownNamePatterns } from "./model-name-patterns.js";

/** What every covered name becomes. */
export const BLIND_PLACEHOLDER = "[model]";

/** How a {@link Blindfold} is built beside its names. */
export interface BlindfoldOptions {
  /**
   * Also cover the well-known names a model may use of itself: every `FAMILY_TERMS` name (with
   * any version and line name run into it), every `VERSIONED_TERMS` name with a version, and the
   * o-series (`o1`, `o3-mini`). A version is bounded: it stops at the first ordinary word, so
   * "gpt-4-is-great" keeps "-is-great". Off by default; `Blindfold.forCatalog` turns it on.
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
 * are matched literally, but for their separators: `-`, `_`, `.`, a space and any other dash
 * (`\p{Pd}`) are interchangeable, so `model-alpha` also covers `model alpha`, `MODEL_ALPHA`
 * and `model‑alpha` (a non-breaking hyphen); every other character is itself (`c++`, `a|b`).
 *
 * @example
 * const blindfold = new Blindfold(["gpt-4o", "gpt-4o-mini"]);
 * blindfold.cover({ note: "GPT-4o-mini said so" }); // { note: "[model] said so" }
 */
export class Blindfold {
  /** The literal names covered, trimmed and de-duplicated, longest first. */
  readonly names: readonly string[];
  // Finds the leftmost position any name starts at, each source in a group of its own; the
  // sticky matchers then say how far the longest one there reaches. One alternation cannot: it
  // takes the first alternative that fits.
  readonly #finder: RegExp | undefined;
  readonly #matchers: readonly RegExp[];

  constructor(names: Iterable<string>, options: BlindfoldOptions = {}) {
    this.names = distinctLongestFirst(names);
    const literal = literalNamesPattern(this.names);
    const sources = [
      ...(literal === undefined ? [] : [literal]),
      ...(options.wellKnown === true ? wellKnownNamePatterns() : []),
    ];
    this.#matchers = sources.map((source) => new RegExp(source, "iuy"));
    // The placeholder is found too and kept as it is, so a name inside it (`model`) never hits
    // again and covering twice changes nothing.
    this.#finder =
      sources.length === 0
        ? undefined
        : new RegExp(
            [escapeRegExp(BLIND_PLACEHOLDER), ...sources].map((source) => `(${source})`).join("|"),
            "giu",
          );
  }

  /**
   * A blindfold for every entry of `catalog`: its id and its provider model name (and, for a
   * name with a path such as `org/model`, the part after the last `/`, which a model is more
   * likely to write), the well-known names (see {@link BlindfoldOptions.wellKnown}:
   * `FAMILY_TERMS`, `VERSIONED_TERMS` with a version, the o-series), plus `extraTerms`, which
   * are covered literally (a benchmark's `blindTerms`).
   *
   * Not covered by default: an entry's `provider` id (deployment words such as `local` or
   * `mock`), and company names that are ordinary words or a run's content — Google, Microsoft,
   * Meta, Amazon, Nova. A deployment whose runs should not name them passes them as `extraTerms`.
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
   * the JSON a judge would read of it (its `toJSON()`, else its own enumerable properties), as
   * `JSON.stringify` reads it: the JSON's own `toJSON` is not asked again, so a `toJSON` that
   * answers its own object gives its enumerable properties. Cycles, through a `toJSON` or not,
   * stay cycles in the copy. Two keys that cover to the same text are both kept: the later one gets a ` (2)`, ` (3)`...
   */
  cover<T>(value: T): T {
    return this.#cover(value, new WeakMap()) as T;
  }

  #cover(value: unknown, seen: WeakMap<object, unknown>): unknown {
    if (typeof value === "string") return this.#coverText(value);
    if (typeof value !== "object" || value === null) return value;
    const copied = seen.get(value);
    if (copied !== undefined) return copied;
    if (
      value instanceof Date ||
      Array.isArray(value) ||
      value instanceof Map ||
      value instanceof Set
    )
      return this.#copy(value, seen, value);
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON !== "function") return this.#copy(value, seen, value);
    const json: unknown = toJSON.call(value);
    if (typeof json !== "object" || json === null) return this.#cover(json, seen);
    // As JSON.stringify does, the JSON's own toJSON is not asked again, so a toJSON answering
    // its own object reads as that object's enumerable properties, and one copy stands for the
    // object and its JSON: it is registered for both before anything inside is covered, so a
    // reference back to either is a cycle, never a recursion.
    const jsonCopied = seen.get(json);
    return jsonCopied === undefined
      ? this.#copy(json, seen, value)
      : remember(seen, [value], jsonCopied);
  }

  /** A copy of `value` by its kind, registered as the copy of `value` and of `alsoFor` before its content is covered. */
  #copy(value: object, seen: WeakMap<object, unknown>, alsoFor: object): unknown {
    if (value instanceof Date) return remember(seen, [value, alsoFor], new Date(value.getTime()));
    if (Array.isArray(value)) {
      const copy = remember(seen, [value, alsoFor], [] as unknown[]);
      for (const item of value) copy.push(this.#cover(item, seen));
      return copy;
    }
    if (value instanceof Map) {
      const copy = remember(seen, [value, alsoFor], new Map<unknown, unknown>());
      for (const [key, item] of value) copy.set(this.#cover(key, seen), this.#cover(item, seen));
      return copy;
    }
    if (value instanceof Set) {
      const copy = remember(seen, [value, alsoFor], new Set<unknown>());
      for (const item of value) copy.add(this.#cover(item, seen));
      return copy;
    }
    return this.#coverObject(value as Record<string, unknown>, seen, alsoFor);
  }

  #coverObject(
    value: Record<string, unknown>,
    seen: WeakMap<object, unknown>,
    alsoFor: object,
  ): Record<string, unknown> {
    const prototype = Object.getPrototypeOf(value) as object | null;
    // A plain object keeps its prototype (`null` included); anything else becomes plain data.
    const copy = remember(
      seen,
      [value, alsoFor],
      (prototype === null ? Object.create(null) : {}) as Record<string, unknown>,
    );
    for (const key of Object.keys(value)) {
      // The copy is data: a kept toJSON (one answering its own object) could hand JSON.stringify
      // the uncovered original.
      if (key === "toJSON" && typeof value[key] === "function") continue;
      const covered = this.#coverText(key);
      let unique = covered;
      // Covering can make two keys equal; neither value may be lost.
      for (let count = 2; Object.hasOwn(copy, unique); count++) unique = `${covered} (${count})`;
      // Defined, not assigned: a `__proto__` key stays data and never swaps the prototype.
      Object.defineProperty(copy, unique, {
        value: this.#cover(value[key], seen),
        enumerable: true,
        writable: true,
        configurable: true,
      });
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
      const length = this.#longestAt(text, found);
      covered += `${text.slice(from, found.index)}${BLIND_PLACEHOLDER}`;
      from = found.index + length;
      finder.lastIndex = from;
    }
    return covered + text.slice(from);
  }

  /** How far the longest name where the finder `found` one reaches; the placeholder is kept as it is. */
  #longestAt(text: string, found: RegExpExecArray): number {
    // The group that matched holds the first alternative that fits at this position (group 1
    // the placeholder, group 2 + i the source of matcher i): the ones before it do not fit, so
    // only the later matchers can reach further.
    let group = 1;
    while (found[group] === undefined) group++;
    let longest = found[0].length;
    if (group === 1) return longest;
    const at = found.index;
    for (let index = group - 1; index < this.#matchers.length; index++) {
      const matcher = this.#matchers[index]!;
      matcher.lastIndex = at;
      // A sticky test() leaves lastIndex at the match's end, without building a match array.
      if (matcher.test(text)) longest = Math.max(longest, matcher.lastIndex - at);
    }
    return longest;
  }
}

/** Registers `copy` as the copy of every one of `sources`, and answers it. */
function remember<TCopy>(
  seen: WeakMap<object, unknown>,
  sources: readonly object[],
  copy: TCopy,
): TCopy {
  for (const source of sources) seen.set(source, copy);
  return copy;
}

function distinctLongestFirst(names: Iterable<string>): string[] {
  const byFolded = new Map<string, string>();
  for (const name of names) {
    const trimmed = String(name).trim();
    if (trimmed.length > 0 && !byFolded.has(trimmed.toLowerCase()))
      byFolded.set(trimmed.toLowerCase(), trimmed);
  }
  return [...byFolded.values()].sort((a, b) => b.length - a.length);
}
