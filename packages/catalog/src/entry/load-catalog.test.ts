import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entry } from "../test-support/entries.js";
import { CatalogError } from "./catalog-error.js";
import { loadCatalog } from "./load-catalog.js";
import { parseCatalog } from "./parse-catalog.js";

const YAML_CATALOG = `
entries:
  - id: openai-gpt-test
    provider: openai
    model: gpt-test
    grade: MEDIUM
    contextWindow: 400000
    outputCeiling: 128000
    outputBudgets: { COMPACT: 2048 }
    reasoningTokens: { QUICK: 1024, STANDARD: 4096 }
    nativeThinking: true
    prices:
      currency: USD
      effectiveFrom: 2025-08-07
      source: test, taken 2026-11-29
      input: 0.25
      cacheRead: "0.025"
      output: 2
    limits: { requestsPerMinute: 500, tokensPerMinute: 500000 }
    compliance: { region: us }
`;

async function refusal(run: () => unknown): Promise<CatalogError> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(CatalogError);
    return error as CatalogError;
  }
  throw new Error("expected the catalog to be refused");
}

describe("loading a catalog", () => {
  let folder = "";
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), "nucleo-catalog-"));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it("loads YAML, applying defaults and reading prices as exact decimal text", async () => {
    const file = join(folder, "catalog.yaml");
    await writeFile(file, YAML_CATALOG);
    const catalog = await loadCatalog(file);
    const loaded = catalog.get("openai-gpt-test");
    expect(loaded.prices[0]).toMatchObject({ input: "0.25", cacheRead: "0.025", output: "2" });
    expect(loaded).toMatchObject({
      open: true,
      callable: true,
      compliance: { region: "us" },
      outputBudgets: { COMPACT: 2048 },
    });
  });

  it("loads JSON with the same schema", async () => {
    const file = join(folder, "catalog.json");
    await writeFile(file, JSON.stringify({ entries: [entry({ id: "a" })] }));
    expect((await loadCatalog(file)).entries().map((loaded) => loaded.id)).toEqual(["a"]);
  });

  it("refuses a bad field naming the file, the entry and the field, and saying what was expected", async () => {
    const file = join(folder, "bad.yaml");
    await writeFile(file, YAML_CATALOG.replace("input: 0.25", "input: -0.25"));
    const error = await refusal(() => loadCatalog(file));
    expect(error.message).toContain(file);
    expect(error.message).toContain('entry "openai-gpt-test" (entries[0])');
    expect(error.message).toContain("field prices.input");
    expect(error.message).toContain("non-negative decimal");
  });

  it("refuses YAML that does not parse, naming the line", async () => {
    const file = join(folder, "broken.yaml");
    await writeFile(file, "entries:\n  - id: a\n   grade: [\n");
    expect((await refusal(() => loadCatalog(file))).message).toMatch(
      /broken\.yaml.*valid YAML at line \d/,
    );
  });

  it("refuses a missing file and an unknown extension by name", async () => {
    expect((await refusal(() => loadCatalog(join(folder, "none.yaml")))).message).toMatch(
      /none\.yaml.*readable file \(ENOENT\)/,
    );
    const file = join(folder, "catalog.toml");
    await writeFile(file, "");
    expect((await refusal(() => loadCatalog(file))).message).toContain(".json, .yaml or .yml");
  });
});

describe("catalog checks", () => {
  it("refuses duplicate ids, naming the id", async () => {
    const error = await refusal(() =>
      parseCatalog([entry({ id: "twin" }), entry({ id: "twin" })], "dup.json"),
    );
    expect(error.message).toBe(
      'Catalog dup.json, entry "twin", field id: expected unique ids, but this id appears more than once.',
    );
  });

  it("refuses negative prices, unknown grades and empty grades", async () => {
    expect(
      (
        await refusal(() =>
          parseCatalog(
            [
              entry({
                id: "a",
                prices: {
                  currency: "USD",
                  effectiveFrom: "2025-01-01",
                  source: "s",
                  input: "-1",
                  output: "1",
                },
              }),
            ],
            "f",
          ),
        )
      ).field,
    ).toBe("prices.input");
    expect(
      (await refusal(() => parseCatalog([entry({ id: "a", grade: "HUGE" as never })], "f")))
        .message,
    ).toMatch(/field grade: .*SMALL.*MEGA/);
    expect(
      (await refusal(() => parseCatalog([entry({ id: "a", grade: "" as never })], "f"))).field,
    ).toBe("grade");
  });

  it('pacing is "off" or a burst in whole milliseconds; anything else is refused naming the field', async () => {
    const paced = parseCatalog([entry({ id: "paced", pacing: { burstMs: 5_000 } })], "f");
    expect(paced.get("paced").pacing).toEqual({ burstMs: 5_000 });
    expect(parseCatalog([entry({ id: "off", pacing: "off" })], "f").get("off").pacing).toBe("off");
    const negative = await refusal(() =>
      parseCatalog([entry({ id: "bad", pacing: { burstMs: -1 } })], "f"),
    );
    expect([negative.field, negative.message]).toEqual([
      "pacing.burstMs",
      expect.stringContaining("expected a whole number, 0 or more (got -1)"),
    ]);
    const word = await refusal(() =>
      parseCatalog([entry({ id: "bad", pacing: "on" as never })], "f"),
    );
    expect(word.message).toContain('field pacing: expected "off" or { burstMs:');
  });

  it("an openai-compatible entry needs its server's URL", async () => {
    const error = await refusal(() =>
      parseCatalog([entry({ id: "local", provider: "openai-compatible" })], "f"),
    );
    expect(error.field).toBe("baseUrl");
    expect(
      parseCatalog(
        [
          entry({
            id: "local",
            provider: "openai-compatible",
            baseUrl: "http://127.0.0.1:8000/v1",
          }),
        ],
        "f",
      ).get("local").baseUrl,
    ).toBe("http://127.0.0.1:8000/v1");
  });

  it("refuses an entry with no rate limit and an output ceiling above the context window", async () => {
    expect(
      (await refusal(() => parseCatalog([entry({ id: "a", limits: {} })], "f"))).message,
    ).toContain("at least one of requestsPerMinute");
    expect(
      (
        await refusal(() =>
          parseCatalog([entry({ id: "a", contextWindow: 1000, outputCeiling: 2000 })], "f"),
        )
      ).field,
    ).toBe("outputCeiling");
  });

  it("refuses the whole catalog for one bad entry, counting the other problems", async () => {
    const error = await refusal(() =>
      parseCatalog(
        [
          entry({ id: "good" }),
          entry({ id: "bad1", contextWindow: -1 }),
          entry({ id: "bad2", model: "" }),
        ],
        "f",
      ),
    );
    expect(error.message).toContain('"bad1"');
    expect(error.message).toContain("(and 1 more problem(s))");
  });

  it("unknown fields are refused, so a typo never silently drops a setting", async () => {
    expect(
      (
        await refusal(() =>
          parseCatalog([{ ...entry({ id: "a" }), outputBudget: { COMPACT: 1 } }], "f"),
        )
      ).message,
    ).toContain("outputBudget");
  });

  it("looking up a missing entry names it and the known ones", () => {
    const catalog = parseCatalog([entry({ id: "a" }), entry({ id: "b" })], "cat.yaml");
    expect(() => catalog.get("c")).toThrow(/"entry" \(got "c"\).*cat\.yaml \(a, b\)/);
  });
});
