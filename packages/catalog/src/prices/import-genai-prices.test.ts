import { readFileSync } from "node:fs";
import type { ModelInfo, ModelPrice, Provider } from "@pydantic/genai-prices";
import { describe, expect, it } from "vitest";
import { modelGrades } from "../../examples/model-grades.js";
import { catalogEntrySchema, type PriceScheduleInput } from "../entry/catalog-entry.js";
import { CatalogError } from "../entry/catalog-error.js";
import { parseCatalog } from "../entry/parse-catalog.js";
import { genaiPriceList, type PriceList } from "./genai-price-list.js";
import { importGenaiPrices, type GenaiPricesModel } from "./import-genai-prices.js";

const TAKEN_ON = "2026-11-29";

const fixtureProvider: Provider = {
  id: "anthropic",
  name: "Anthropic",
  api_pattern: "https://api.example.test",
  pricing_urls: ["https://example.test/pricing", "https://example.test/other"],
  models: [
    {
      id: "flat",
      match: { equals: "flat" },
      context_window: 200_000,
      prices: { input_mtok: 0.1 + 0.2, output_mtok: 1.5, cache_read_mtok: 0.03 },
    },
    {
      id: "tiered",
      match: { equals: "tiered" },
      context_window: 2_000_000,
      prices: {
        input_mtok: {
          base: 3,
          tiers: [
            { start: 1_000_000, price: 9 },
            { start: 200_000, price: 6 },
          ],
        },
        output_mtok: { base: 15, tiers: [{ start: 200_000, price: 22.5 }] },
        cache_read_mtok: 0.3,
        cache_write_mtok: { base: 3.75, tiers: [{ start: 1_000_000, price: 11.25 }] },
      },
    },
    {
      id: "dated",
      match: { equals: "dated" },
      context_window: 200_000,
      prices: [
        { prices: { input_mtok: 10, output_mtok: 40 } },
        {
          constraint: { type: "start_date", start_date: "2027-01-01" },
          prices: { input_mtok: 1, output_mtok: 4 },
        },
        {
          constraint: { type: "start_date", start_date: "2025-06-10" },
          prices: { input_mtok: 2, output_mtok: 8 },
        },
      ],
    },
    {
      id: "audio",
      match: { equals: "audio" },
      context_window: 128_000,
      prices: { input_mtok: 1, output_mtok: 2, input_audio_mtok: 10 },
    },
    {
      id: "searching",
      match: { equals: "searching" },
      context_window: 128_000,
      prices: { input_mtok: 1, output_mtok: 2, web_searches_kcount: 10, cache_write_1h_mtok: 2 },
    },
    {
      id: "nightly",
      match: { equals: "nightly" },
      context_window: 128_000,
      prices: [
        { prices: { input_mtok: 1, output_mtok: 2 } },
        {
          constraint: { type: "time_of_date", start_time: "00:00:00", end_time: "08:00:00" },
          prices: { input_mtok: 0.5, output_mtok: 1 },
        },
      ],
    },
    {
      id: "precise",
      match: { equals: "precise" },
      context_window: 128_000,
      prices: { input_mtok: 0.1234567, output_mtok: 1 },
    },
    {
      id: "unwindowed",
      match: { equals: "unwindowed" },
      prices: { input_mtok: 1, output_mtok: 2 },
    },
    {
      id: "embedding",
      match: { equals: "embedding" },
      context_window: 8_192,
      prices: { input_mtok: 0.02 },
    },
  ],
};

const fixtureList: PriceList = {
  name: "test-prices",
  version: "9.9.9",
  findProvider: (id) => (id === "anthropic" ? fixtureProvider : undefined),
};

function mapped(model: string, overrides: Partial<GenaiPricesModel> = {}): GenaiPricesModel {
  return {
    id: `test-${model}`,
    provider: "anthropic",
    model,
    grade: "MEDIUM",
    outputCeiling: 8_000,
    limits: { requestsPerMinute: 50 },
    ...overrides,
  };
}

function importOne(
  model: string,
  options: {
    takenOn?: string;
    ignoredPriceKeys?: readonly string[];
    overrides?: Partial<GenaiPricesModel>;
  } = {},
) {
  const [entry] = importGenaiPrices([mapped(model, options.overrides)], {
    takenOn: options.takenOn ?? TAKEN_ON,
    priceList: fixtureList,
    ignoredPriceKeys: options.ignoredPriceKeys,
  });
  return entry!;
}

function schedulesOf(model: string, takenOn = TAKEN_ON): PriceScheduleInput[] {
  const { prices } = importOne(model, { takenOn });
  return Array.isArray(prices) ? [...prices] : [prices as PriceScheduleInput];
}

function refusalOf(operation: () => unknown): CatalogError {
  try {
    operation();
  } catch (error) {
    if (error instanceof CatalogError) return error;
    throw error;
  }
  throw new Error("expected a CatalogError, but the import succeeded");
}

/** The list's prices for a schedule: plain ones, or the conditional ones starting that day (else the opening ones). */
function listPricesOn(
  prices: ModelInfo["prices"] | undefined,
  day: string,
): ModelPrice | undefined {
  if (!Array.isArray(prices)) return prices;
  const dated = prices.find(
    (conditional) =>
      conditional.constraint?.type === "start_date" && conditional.constraint.start_date === day,
  );
  return (dated ?? prices.find((conditional) => conditional.constraint === undefined))?.prices;
}

const SOURCE = `test-prices 9.9.9 (https://example.test/pricing), taken ${TAKEN_ON}`;

describe("importGenaiPrices from the real price list", () => {
  const entries = importGenaiPrices(modelGrades, { takenOn: TAKEN_ON });

  it("fills every price exactly with the price list's numbers, in USD", () => {
    const keys = {
      input: "input_mtok",
      output: "output_mtok",
      cacheRead: "cache_read_mtok",
      cacheWrite: "cache_write_mtok",
    } as const;
    for (const entry of entries) {
      const listed = genaiPriceList()
        .findProvider(entry.provider)
        ?.models.find((model) => model.id === entry.model);
      for (const schedule of [entry.prices].flat() as PriceScheduleInput[]) {
        const prices = listPricesOn(listed?.prices, schedule.effectiveFrom);
        expect(schedule.currency).toBe("USD");
        for (const [entryKey, listKey] of Object.entries(keys)) {
          const value = prices?.[listKey];
          const base = typeof value === "object" ? value.base : value;
          expect(schedule[entryKey as keyof typeof keys], `${entry.id} ${entryKey}`).toBe(
            base === undefined ? undefined : String(base),
          );
        }
      }
    }
  });

  it("names the installed package version, the provider's pricing page and the day in every source", () => {
    const manifest = JSON.parse(
      readFileSync(
        new URL("../../node_modules/@pydantic/genai-prices/package.json", import.meta.url),
        "utf8",
      ),
    ) as { version: string };
    const haiku = entries.find((entry) => entry.id === "anthropic-claude-haiku-4-5");
    expect([haiku?.prices].flat()[0]?.source).toBe(
      `@pydantic/genai-prices ${manifest.version} (https://www.anthropic.com/pricing#api), taken ${TAKEN_ON}`,
    );
    expect(genaiPriceList().version).toBe(manifest.version);
  });

  it("produces entries that all pass the catalog entry schema and load as one catalog", () => {
    for (const entry of entries)
      expect(catalogEntrySchema.safeParse(entry).success, entry.id).toBe(true);
    expect(parseCatalog({ entries }, "imported").entries()).toHaveLength(modelGrades.length);
  });

  it("turns the list's long-context prices into tiers", () => {
    const sonnet = entries.find((entry) => entry.id === "anthropic-claude-sonnet-4-5");
    expect([sonnet?.prices].flat()[0]?.tiers).toEqual([
      {
        aboveInputTokens: 200_000,
        input: "6",
        output: "22.5",
        cacheRead: "0.6",
        cacheWrite: "7.5",
        cacheWrite1h: "12",
      },
    ]);
  });
});

describe("importGenaiPrices", () => {
  it("dates plain prices from the day they were taken and says where and when in the source", () => {
    expect(schedulesOf("flat")).toEqual([
      {
        currency: "USD",
        effectiveFrom: TAKEN_ON,
        source: SOURCE,
        input: "0.3",
        output: "1.5",
        cacheRead: "0.03",
      },
    ]);
  });

  it("never lets float noise from the price list leak into decimal text", () => {
    expect(schedulesOf("flat")[0]?.input).toBe("0.3");
  });

  it("takes the context window from the price list unless the mapping gives one", () => {
    expect(importOne("flat").contextWindow).toBe(200_000);
    expect(importOne("flat", { overrides: { contextWindow: 100_000 } }).contextWindow).toBe(
      100_000,
    );
  });

  it("combines tiered prices into one tier per threshold, each price the one in force above it", () => {
    expect(schedulesOf("tiered")[0]).toMatchObject({
      input: "3",
      output: "15",
      cacheRead: "0.3",
      cacheWrite: "3.75",
      tiers: [
        {
          aboveInputTokens: 200_000,
          input: "6",
          output: "22.5",
          cacheRead: "0.3",
          cacheWrite: "3.75",
        },
        {
          aboveInputTokens: 1_000_000,
          input: "9",
          output: "22.5",
          cacheRead: "0.3",
          cacheWrite: "11.25",
        },
      ],
    });
  });

  it("makes one schedule per start date, dated by it, and drops opening prices no longer in force", () => {
    expect(
      schedulesOf("dated").map(({ effectiveFrom, input, output }) => ({
        effectiveFrom,
        input,
        output,
      })),
    ).toEqual([
      { effectiveFrom: "2025-06-10", input: "2", output: "8" },
      { effectiveFrom: "2027-01-01", input: "1", output: "4" },
    ]);
  });

  it("keeps the opening prices, from the day taken, while they are still in force", () => {
    expect(
      schedulesOf("dated", "2025-01-15").map(({ effectiveFrom, input }) => ({
        effectiveFrom,
        input,
      })),
    ).toEqual([
      { effectiveFrom: "2025-01-15", input: "10" },
      { effectiveFrom: "2025-06-10", input: "2" },
      { effectiveFrom: "2027-01-01", input: "1" },
    ]);
  });

  it("refuses a model missing from the price list, naming the entry and the model", () => {
    const error = refusalOf(() => importOne("claude-missing-9"));
    expect(error.message).toContain('entry "test-claude-missing-9" (model claude-missing-9)');
    expect(error.message).toContain('has no "claude-missing-9"');
    expect(error.field).toBe("model");
  });

  it("looks a model up by priceListModel when its id in the list differs from the wire name", () => {
    expect(importOne("flat-20260101", { overrides: { priceListModel: "flat" } }).model).toBe(
      "flat-20260101",
    );
  });

  it("refuses a provider the price list does not have", () => {
    const error = refusalOf(() =>
      importGenaiPrices([mapped("flat", { provider: "openai" })], {
        takenOn: TAKEN_ON,
        priceList: fixtureList,
      }),
    );
    expect(error.message).toContain('has no "openai"');
  });

  it("refuses a price the catalog cannot express, naming the model and the price key", () => {
    const error = refusalOf(() => importOne("audio"));
    expect(error.message).toContain("(model audio)");
    expect(error.message).toContain("input_audio_mtok");
  });

  it("leaves out tool fees by default and refuses them once not ignored", () => {
    expect(schedulesOf("searching")).toEqual([
      {
        currency: "USD",
        effectiveFrom: TAKEN_ON,
        source: SOURCE,
        input: "1",
        output: "2",
        cacheWrite1h: "2",
      },
    ]);
    expect(
      refusalOf(() => importOne("searching", { ignoredPriceKeys: ["storage_searches_kcount"] }))
        .message,
    ).toContain("web_searches_kcount");
  });

  it("imports one-hour cache writes as cacheWrite1h, apart from the five-minute price", () => {
    expect(schedulesOf("searching")[0]?.cacheWrite1h).toBe("2");
    expect(schedulesOf("searching")[0]?.cacheWrite).toBeUndefined();
  });

  it("refuses prices by time of day, which no schedule can express", () => {
    expect(refusalOf(() => importOne("nightly")).message).toContain("time_of_date");
  });

  it("refuses a price that decimal text with six decimals cannot hold, naming the field", () => {
    const error = refusalOf(() => importOne("precise"));
    expect(error.field).toBe("prices.input");
    expect(error.message).toContain("0.1234567");
  });

  it("refuses a model without input and output prices", () => {
    expect(refusalOf(() => importOne("embedding")).message).toContain(
      "expected input and output prices",
    );
  });

  it("refuses a model whose context window neither the mapping nor the list gives", () => {
    expect(refusalOf(() => importOne("unwindowed")).field).toBe("contextWindow");
  });

  it("refuses an entry the catalog schema refuses, naming the entry and the field", () => {
    const error = refusalOf(() => importOne("flat", { overrides: { outputCeiling: 300_000 } }));
    expect(error.entry).toContain("test-flat");
    expect(error.field).toBe("outputCeiling");
  });

  it("refuses a takenOn that is not a date", () => {
    expect(refusalOf(() => importOne("flat", { takenOn: "29/11/2026" })).field).toBe("takenOn");
  });
});
