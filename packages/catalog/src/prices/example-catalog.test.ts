import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { catalogExample } from "../../examples/catalog.example.js";
import { modelGrades } from "../../examples/model-grades.js";
import { catalogEntrySchema } from "../entry/catalog-entry.js";
import { loadCatalog } from "../entry/load-catalog.js";
import { parseCatalog } from "../entry/parse-catalog.js";
import { importGenaiPrices } from "./import-genai-prices.js";

const EXAMPLE_YAML = fileURLToPath(new URL("../../examples/catalog.example.yaml", import.meta.url));
const REGENERATE =
  "stale example: regenerate it in packages/catalog with `pnpm build && pnpm exec node scripts/import-prices.ts`";

/** The day the example's prices were taken, from the header the script writes. */
async function exampleTakenOn(): Promise<string> {
  const day = /^# Prices taken on: (\d{4}-\d{2}-\d{2}) /m.exec(
    await readFile(EXAMPLE_YAML, "utf8"),
  )?.[1];
  if (day === undefined) throw new Error(`${EXAMPLE_YAML} has no "# Prices taken on:" header line`);
  return day;
}

describe("the example catalogs", () => {
  it("the YAML example loads with loadCatalog and holds OpenAI and Anthropic models of every grade", async () => {
    const catalog = await loadCatalog(EXAMPLE_YAML);
    expect(new Set(catalog.entries().map((entry) => entry.provider))).toEqual(
      new Set(["openai", "anthropic"]),
    );
    expect(new Set(catalog.entries().map((entry) => entry.grade))).toEqual(
      new Set(["SMALL", "MEDIUM", "LARGE", "XL", "MEGA"]),
    );
  });

  it("the YAML example holds what the importer makes from the mapping today, as of the day it was taken", async () => {
    // Imported as of the example's own day, so the comparison is about prices and the mapping, never the date.
    const expected = importGenaiPrices(modelGrades, { takenOn: await exampleTakenOn() }).map(
      (entry) => catalogEntrySchema.parse(entry),
    );
    expect((await loadCatalog(EXAMPLE_YAML)).entries(), REGENERATE).toEqual(expected);
  });

  it("the TypeScript example parses with parseCatalog and equals the YAML example's entries", async () => {
    const fromTypeScript = parseCatalog(catalogExample, "catalog.example.ts").entries();
    const fromYaml = await loadCatalog(EXAMPLE_YAML);
    expect(fromTypeScript).toHaveLength(catalogExample.length);
    for (const entry of fromTypeScript) expect(entry, entry.id).toEqual(fromYaml.get(entry.id));
  });
});
