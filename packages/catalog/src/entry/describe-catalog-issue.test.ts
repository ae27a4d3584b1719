import { describe, expect, it } from "vitest";
import { entry } from "../test-support/entries.js";
import { CatalogError } from "./catalog-error.js";
import { parseCatalog } from "./parse-catalog.js";

// What zod writes when left to itself: none of it may reach an operator reading a CatalogError.
const ZOD_PHRASING =
  /Too small|Too big|Invalid input|Invalid option|Invalid ISO|Invalid URL|Invalid string|expected (number|string|array|int|object|boolean|undefined)\b|to be [<>]|to have [<>]|received/;

const PRICE = {
  currency: "USD",
  effectiveFrom: "2025-01-01",
  source: "s",
  input: "1",
  output: "2",
};

/** The message refusing a catalog of one entry: `entry({ id: "a" })` with `patch` applied. */
function refusalOf(patch: Record<string, unknown>): string {
  const raw = { ...entry({ id: "a" }), ...patch };
  for (const key of Object.keys(patch))
    if (patch[key] === undefined) delete raw[key as keyof typeof raw];
  try {
    parseCatalog([raw], "cat.yaml");
  } catch (error) {
    expect(CatalogError.isInstance(error)).toBe(true);
    return (error as Error).message;
  }
  throw new Error(`expected ${JSON.stringify(patch)} to be refused`);
}

describe("catalog errors speak the catalog's words, never zod's", () => {
  it.each([
    [
      "a zero context window",
      { contextWindow: 0 },
      "field contextWindow: expected a whole number above 0 (got 0).",
    ],
    [
      "a fractional context window",
      { contextWindow: 1.5 },
      "field contextWindow: expected a whole number above 0 (got 1.5).",
    ],
    [
      "a context window as text",
      { contextWindow: "big" },
      "field contextWindow: expected a number (got text).",
    ],
    ["an empty model name", { model: "" }, "field model: expected non-empty text."],
    ["a missing model", { model: undefined }, "field model: expected text (the field is missing)."],
    [
      "an unknown provider",
      { provider: "acme" },
      'field provider: expected one of "openai", "anthropic", "openai-compatible" (got text).',
    ],
    [
      "an unknown grade",
      { grade: "HUGE" },
      'field grade: expected one of "SMALL", "MEDIUM", "LARGE", "XL", "MEGA" (got text).',
    ],
    [
      "a price that is not a decimal",
      { prices: { ...PRICE, input: true } },
      'field prices.input: expected a non-negative decimal like "2.50" (per million tokens) (got true).',
    ],
    [
      "a missing price",
      { prices: { ...PRICE, input: undefined } },
      'field prices.input: expected a non-negative decimal like "2.50" (per million tokens) (the field is missing).',
    ],
    ["an empty list of prices", { prices: [] }, "field prices: expected at least one price list."],
    [
      "a bad currency",
      { prices: { ...PRICE, currency: "usd" } },
      "field prices.currency: expected an ISO 4217 currency code like USD.",
    ],
    [
      "a bad date",
      { prices: { ...PRICE, effectiveFrom: "soon" } },
      "field prices.effectiveFrom: expected a date like 2025-08-07.",
    ],
    [
      "a zero tier threshold",
      { prices: [{ ...PRICE, tiers: [{ aboveInputTokens: 0, input: "1", output: "1" }] }] },
      "field prices[0].tiers[0].aboveInputTokens: expected a whole number above 0 (got 0).",
    ],
    [
      "negative reasoning tokens",
      { reasoningTokens: { QUICK: -1 } },
      "field reasoningTokens.QUICK: expected a whole number, 0 or more (got -1).",
    ],
    [
      "a zero output budget",
      { outputBudgets: { COMPACT: 0 } },
      "field outputBudgets.COMPACT: expected a whole number above 0 (got 0).",
    ],
    ["a bad id", { id: "A B" }, "field id: expected a lowercase id like openai-gpt-5-mini."],
    [
      "a bad base URL",
      { provider: "openai-compatible", baseUrl: "not a url" },
      "field baseUrl: expected a URL.",
    ],
    [
      "an empty compliance tag",
      { compliance: { region: "" } },
      "field compliance.region: expected non-empty text.",
    ],
    ["a flag as text", { open: "yes" }, "field open: expected true or false (got text)."],
  ])("%s", (_name, patch, expected) => {
    const message = refusalOf(patch);
    expect(message).toContain(expected);
    expect(message).not.toMatch(ZOD_PHRASING);
  });

  it("an entry that is not an object says what it got", () => {
    const message = (() => {
      try {
        parseCatalog([null], "cat.yaml");
      } catch (error) {
        return (error as Error).message;
      }
      return "";
    })();
    expect(message).toBe("Catalog cat.yaml, entry entries[0]: expected an object (got null).");
  });

  it("a limit's problem names the limit by its config key", () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { tokensPerMinute: 0 },
        "field limits.tokensPerMinute: expected a whole number above 0 (got 0).",
      ],
      [
        { requestsPerMinute: -5 },
        "field limits.requestsPerMinute: expected a whole number above 0 (got -5).",
      ],
      [
        { inputTokensPerMinute: "5" },
        "field limits.inputTokensPerMinute: expected a number (got text).",
      ],
      [
        { outputTokensPerMinute: 2.5 },
        "field limits.outputTokensPerMinute: expected a whole number above 0 (got 2.5).",
      ],
      [
        { tokensPerHour: 5 },
        'field limits: expected no fields other than the schema\'s (found "tokensPerHour").',
      ],
      [
        {},
        "field limits: expected at least one of requestsPerMinute, tokensPerMinute, inputTokensPerMinute, outputTokensPerMinute.",
      ],
    ];
    for (const [limits, expected] of cases) {
      const message = refusalOf({ limits });
      expect(message).toContain(expected);
      expect(message).not.toMatch(ZOD_PHRASING);
    }
  });

  it("a value written into the wrong field is never repeated: only its kind is told", () => {
    const message = refusalOf({ provider: "sk-live-do-not-show" });
    expect(message).not.toContain("sk-live");
    expect(message).toContain("(got text)");
  });
});
