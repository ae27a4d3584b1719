import { z } from "zod";
import { Catalog } from "./catalog.js";
import { catalogEntrySchema, type CatalogEntry } from "./catalog-entry.js";
import { CatalogError } from "./catalog-error.js";
import { describeCatalogIssue } from "./describe-catalog-issue.js";

const fileShape = z.union([
  z.array(z.unknown()),
  z.strictObject({ entries: z.array(z.unknown()) }),
]);

/**
 * Checks parsed catalog data (an array of entries, or `{ entries: [...] }`) and builds the
 * {@link Catalog}. The first problem refuses the whole catalog, naming `file`, the entry, the
 * field and what was expected; the message says how many more problems there are.
 */
export function parseCatalog(data: unknown, file: string): Catalog {
  const shape = fileShape.safeParse(data);
  if (!shape.success)
    throw new CatalogError({
      file,
      expected: "a list of entries, or an object with an `entries` list",
    });
  const rawEntries = Array.isArray(shape.data) ? shape.data : shape.data.entries;
  const entries: CatalogEntry[] = [];
  const problems: CatalogError[] = [];
  rawEntries.forEach((raw, index) => {
    const parsed = catalogEntrySchema.safeParse(raw);
    if (parsed.success) entries.push(parsed.data);
    else {
      const first = parsed.error.issues[0]!;
      // A single price list is checked as a list of one; name its fields as the file wrote them.
      const singlePrices =
        first.path[0] === "prices" &&
        first.path[1] === 0 &&
        !Array.isArray((raw as { prices?: unknown }).prices);
      const issue = describeCatalogIssue(
        singlePrices ? { ...first, path: ["prices", ...first.path.slice(2)] } : first,
        raw,
      );
      problems.push(
        new CatalogError(
          { file, entry: labelOf(raw, index), field: issue.field, expected: issue.expected },
          parsed.error,
        ),
      );
    }
  });
  const first = problems[0];
  if (first) {
    if (problems.length === 1) throw first;
    throw new CatalogError(
      {
        file,
        entry: first.entry,
        field: first.field,
        expected: `${first.expected} (and ${problems.length - 1} more problem(s))`,
      },
      first.cause,
    );
  }
  return new Catalog(entries, file);
}

function labelOf(raw: unknown, index: number): string {
  const id = typeof raw === "object" && raw !== null ? (raw as { id?: unknown }).id : undefined;
  return typeof id === "string" && id !== "" ? `"${id}" (entries[${index}])` : `entries[${index}]`;
}
