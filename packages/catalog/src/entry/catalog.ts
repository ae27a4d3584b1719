import { InvalidInputError, type GradeRung } from "@nucleo/core";
import type { CatalogEntry } from "./catalog-entry.js";
import { CatalogError } from "./catalog-error.js";

/**
 * The checked set of entries a deployment knows. Built by {@link parseCatalog} or
 * {@link loadCatalog}; ids are unique.
 */
export class Catalog {
  readonly #byId = new Map<string, CatalogEntry>();

  constructor(
    entries: readonly CatalogEntry[],
    /** Where the entries came from, for error messages. */
    readonly source: string = "(in memory)",
  ) {
    for (const entry of entries) {
      if (this.#byId.has(entry.id)) {
        throw new CatalogError({
          file: source,
          entry: `"${entry.id}"`,
          field: "id",
          expected: "unique ids, but this id appears more than once",
        });
      }
      this.#byId.set(entry.id, Object.freeze(entry));
    }
  }

  /** Every entry, in file order. */
  entries(): readonly CatalogEntry[] {
    return [...this.#byId.values()];
  }

  /** The entry with `id`, or `undefined`. */
  find(id: string): CatalogEntry | undefined {
    return this.#byId.get(id);
  }

  /**
   * The entry with `id`.
   *
   * @throws {InvalidInputError} naming the id and the known ones.
   */
  get(id: string): CatalogEntry {
    const entry = this.#byId.get(id);
    if (entry) return entry;
    const known = [...this.#byId.keys()];
    throw new InvalidInputError({
      parameter: "entry",
      value: id,
      expected: `an entry of the catalog ${this.source} (${known.slice(0, 12).join(", ")}${known.length > 12 ? ", ..." : ""})`,
    });
  }

  /** The entries of one grade, in file order. */
  ofGrade(grade: GradeRung): CatalogEntry[] {
    return this.entries().filter((entry) => entry.grade === grade);
  }
}
