import { describe, expect, it } from "vitest";
import { entry } from "../test-support/entries.js";
import { CatalogError } from "./catalog-error.js";
import { parseCatalog } from "./parse-catalog.js";
import type { CatalogEntryInput } from "./catalog-entry.js";

function parsed(input: CatalogEntryInput) {
  return parseCatalog([input], "catalog.yaml").get(input.id);
}

function refusedField(input: CatalogEntryInput): string | undefined {
  try {
    parseCatalog([input], "catalog.yaml");
  } catch (error) {
    if (error instanceof CatalogError) return error.field;
    throw error;
  }
  return undefined;
}

const HOUR_PRICES = {
  currency: "USD",
  effectiveFrom: "2025-01-01",
  source: "test fixture",
  input: "3",
  output: "15",
  cacheWrite: "3.75",
  cacheWrite1h: "6",
} as const;

describe("an entry's provider settings", () => {
  it("caches prompts for five minutes unless the entry says otherwise", () => {
    expect(parsed(entry({ id: "a" })).promptCache).toEqual({ lifetime: "5m" });
    expect(parsed(entry({ id: "a", promptCache: "off" })).promptCache).toBe("off");
  });

  it("accepts only the cache lifetimes the entry's provider offers, naming promptCache.lifetime", () => {
    const anthropic = { provider: "anthropic" as const, prices: HOUR_PRICES };
    expect(
      parsed(entry({ id: "a", ...anthropic, promptCache: { lifetime: "1h" } })).promptCache,
    ).toEqual({ lifetime: "1h" });
    expect(refusedField(entry({ id: "a", ...anthropic, promptCache: { lifetime: "24h" } }))).toBe(
      "promptCache.lifetime",
    );
    expect(parsed(entry({ id: "o", promptCache: { lifetime: "24h" } })).promptCache).toEqual({
      lifetime: "24h",
    });
    expect(refusedField(entry({ id: "o", promptCache: { lifetime: "1h" } }))).toBe(
      "promptCache.lifetime",
    );
    expect(
      refusedField(
        entry({
          id: "c",
          provider: "openai-compatible",
          baseUrl: "http://127.0.0.1:1/v1",
          promptCache: { lifetime: "24h" },
        }),
      ),
    ).toBe("promptCache.lifetime");
  });

  it("adaptive thinking is for anthropic entries that think natively, and only it takes an effort", () => {
    const adaptive = parsed(
      entry({
        id: "a",
        provider: "anthropic",
        nativeThinking: true,
        thinkingMode: "adaptive",
        thinkingEffort: { THOROUGH: "max" },
      }),
    );
    expect(adaptive.thinkingMode).toBe("adaptive");
    expect(parsed(entry({ id: "b", provider: "anthropic" })).thinkingMode).toBe("budget");
    expect(refusedField(entry({ id: "o", nativeThinking: true, thinkingMode: "adaptive" }))).toBe(
      "thinkingMode",
    );
    expect(refusedField(entry({ id: "a", provider: "anthropic", thinkingMode: "adaptive" }))).toBe(
      "thinkingMode",
    );
    expect(
      refusedField(
        entry({
          id: "a",
          provider: "anthropic",
          nativeThinking: true,
          thinkingEffort: { QUICK: "low" },
        }),
      ),
    ).toBe("thinkingEffort");
  });

  it("only openai entries speak the Responses API; Chat Completions is the default", () => {
    expect(parsed(entry({ id: "o" })).api).toBe("chat-completions");
    expect(parsed(entry({ id: "o", api: "responses" })).api).toBe("responses");
    expect(refusedField(entry({ id: "a", provider: "anthropic", api: "responses" }))).toBe("api");
  });
});
