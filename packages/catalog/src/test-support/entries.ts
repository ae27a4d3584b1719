// Catalog entries shared by the catalog's own tests. Not exported from the package.
import type { CatalogEntryInput } from "../entry/catalog-entry.js";
import { parseCatalog } from "../entry/parse-catalog.js";
import type { Catalog } from "../entry/catalog.js";

/** A valid entry, with `overrides` applied. */
export function entry(overrides: Partial<CatalogEntryInput> & { id: string }): CatalogEntryInput {
  return {
    provider: "openai",
    model: overrides.id,
    grade: "MEDIUM",
    contextWindow: 200_000,
    outputCeiling: 64_000,
    prices: {
      currency: "USD",
      effectiveFrom: "2025-01-01",
      source: "test fixture",
      input: "2.50",
      output: "10",
    },
    limits: { requestsPerMinute: 100, tokensPerMinute: 100_000 },
    // These tests pin the rolling window's own rules; pacing has tests of its own.
    pacing: "off",
    ...overrides,
  };
}

/** A checked catalog of `entries`. */
export function catalogOf(...entries: CatalogEntryInput[]): Catalog {
  return parseCatalog({ entries }, "test-catalog.yaml");
}
