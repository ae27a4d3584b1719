import { SystemError } from "@nucleo/core";

/** Where in a catalog a problem sits. */
export interface CatalogErrorPlace {
  /** The file (or source name) the catalog came from. */
  readonly file: string;
  /** The entry's id when known, else its position (`entries[3]`). */
  readonly entry?: string;
  /** The field within the entry, e.g. `prices.input`. */
  readonly field?: string;
  /** What was expected there, without the word "expected" (the message adds it). */
  readonly expected: string;
}

/**
 * A catalog that cannot be used: refused whole, so a deployment never starts
 * half-configured. Names the file, the entry, the field and what was expected.
 */
export class CatalogError extends SystemError {
  readonly file: string;
  readonly entry: string | undefined;
  readonly field: string | undefined;
  /** What was expected, as given. */
  readonly expected: string;

  constructor(place: CatalogErrorPlace, cause?: unknown) {
    const where = [
      place.file,
      place.entry === undefined ? undefined : `entry ${place.entry}`,
      place.field === undefined ? undefined : `field ${place.field}`,
    ]
      .filter(Boolean)
      .join(", ");
    super({
      code: "catalog_invalid",
      message: `Catalog ${where}: expected ${place.expected}.`,
      cause,
    });
    this.file = place.file;
    this.entry = place.entry;
    this.field = place.field;
    this.expected = place.expected;
  }
}
