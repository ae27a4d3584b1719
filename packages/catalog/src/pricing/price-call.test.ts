import { describe, expect, it } from "vitest";
import { catalogOf, entry } from "../test-support/entries.js";
import { priceCall } from "./price-call.js";

const AT = new Date("2026-11-29T12:00:00Z");

describe("pricing a call", () => {
  const catalog = catalogOf(
    entry({
      id: "flat",
      prices: {
        currency: "USD",
        effectiveFrom: "2025-01-01",
        source: "s",
        input: "0.25",
        cacheRead: "0.025",
        cacheWrite: "0.3125",
        output: "2",
      },
    }),
    entry({
      id: "long-context",
      prices: {
        currency: "USD",
        effectiveFrom: "2025-01-01",
        source: "s",
        input: "3",
        cacheRead: "0.3",
        output: "15",
        tiers: [{ aboveInputTokens: 200_000, input: "6", cacheRead: "0.6", output: "22.5" }],
      },
    }),
    entry({
      id: "partial-tier",
      prices: {
        currency: "USD",
        effectiveFrom: "2025-01-01",
        source: "s",
        input: "3",
        cacheRead: "0.3",
        output: "15",
        tiers: [{ aboveInputTokens: 1_000, input: "6", output: "30" }],
      },
    }),
    entry({
      id: "repriced",
      prices: [
        { currency: "USD", effectiveFrom: "2026-06-01", source: "s", input: "1", output: "4" },
        { currency: "USD", effectiveFrom: "2025-01-01", source: "s", input: "2", output: "8" },
      ],
    }),
  );

  it("prices each kind of token at its own rate, exactly", () => {
    const price = priceCall(
      catalog.get("flat"),
      {
        inputTokens: 1_000,
        cachedInputTokens: 10_000,
        cacheWriteTokens: 2_000,
        outputTokens: 500,
        reasoningTokens: 300,
      },
      AT,
    );
    // 1000×0.25 + 10000×0.025 + 2000×0.3125 + 500×2 + 300×2 (reasoning at the output price), per million
    expect(price.cost.toString()).toBe("0.002725");
    expect(price.currency).toBe("USD");
  });

  it("prices one-hour cache writes at their own price and the rest of the writes at the five-minute one", () => {
    const hourly = catalogOf(
      entry({
        id: "hourly",
        provider: "anthropic",
        promptCache: { lifetime: "1h" },
        prices: {
          currency: "USD",
          effectiveFrom: "2025-01-01",
          source: "s",
          input: "3",
          cacheWrite: "3.75",
          cacheWrite1h: "6",
          output: "15",
        },
      }),
    ).get("hourly");
    const price = priceCall(
      hourly,
      { inputTokens: 10, cacheWriteTokens: 3_000, cacheWrite1hTokens: 2_000, outputTokens: 0 },
      AT,
    );
    // 10×3 + 1000×3.75 (five-minute writes) + 2000×6 (one-hour writes), per million
    expect(price.cost.toString()).toBe("0.01578");
  });

  it("never counts more one-hour writes than writes, and defaults their price to the five-minute write", () => {
    const price = priceCall(
      catalog.get("flat"),
      { inputTokens: 0, cacheWriteTokens: 1_000, cacheWrite1hTokens: 5_000, outputTokens: 0 },
      AT,
    );
    expect(price.cost.toString()).toBe("0.0003125"); // 1000×0.3125
  });

  it("prices an Anthropic list's missing cache prices at Anthropic's multiples of the input price, never as plain input", () => {
    const bare = catalogOf(
      entry({
        id: "bare",
        provider: "anthropic",
        prices: {
          currency: "USD",
          effectiveFrom: "2025-01-01",
          source: "s",
          input: "3",
          output: "15",
          tiers: [{ aboveInputTokens: 200_000, input: "6", output: "22.5" }],
        },
      }),
    ).get("bare");
    const usage = {
      inputTokens: 0,
      cachedInputTokens: 1_000,
      cacheWriteTokens: 3_000,
      cacheWrite1hTokens: 1_000,
      outputTokens: 0,
    };
    // 1000×0.3 (read 0.1×) + 2000×3.75 (write 1.25×) + 1000×6 (one-hour write 2×), per million
    expect(priceCall(bare, usage, AT).cost.toString()).toBe("0.0138");
    // Above the tier's threshold the multiples apply to the tier's input price.
    const long = { ...usage, inputTokens: 200_000 };
    expect(priceCall(bare, long, AT).cost.toString()).toBe("1.2276"); // 200k×6 + 1000×0.6 + 2000×7.5 + 1000×12
  });

  it("prices a whole request at the tier its total input exceeds", () => {
    const below = priceCall(
      catalog.get("long-context"),
      { inputTokens: 150_000, cachedInputTokens: 50_000, outputTokens: 1_000 },
      AT,
    );
    expect(below.cost.toString()).toBe("0.48"); // 150k×3 + 50k×0.3 + 1k×15
    const above = priceCall(
      catalog.get("long-context"),
      { inputTokens: 150_000, cachedInputTokens: 50_001, outputTokens: 1_000 },
      AT,
    );
    expect(above.cost.toString()).toBe("0.9525006"); // 150k×6 + 50,001×0.6 + 1k×22.5
  });

  it("a tier's missing prices default within the tier, never to the base list's cheaper ones", () => {
    const price = priceCall(
      catalog.get("partial-tier"),
      { inputTokens: 1_000, cachedInputTokens: 1_000, outputTokens: 0, reasoningTokens: 1_000 },
      AT,
    );
    expect(price.cost.toString()).toBe("0.042"); // 1k×6 + 1k×6 (cache read at the tier's input) + 1k×30 (reasoning at the tier's output)
  });

  it("uses the price list in force on the day of the call", () => {
    const usage = { inputTokens: 1_000_000, outputTokens: 0 };
    expect(
      priceCall(catalog.get("repriced"), usage, new Date("2026-05-31T23:00:00Z")).cost.toString(),
    ).toBe("2");
    expect(
      priceCall(catalog.get("repriced"), usage, new Date("2026-06-01T00:00:00Z")).cost.toString(),
    ).toBe("1");
    expect(() => priceCall(catalog.get("repriced"), usage, new Date("2024-01-01"))).toThrow(
      /in force on 2024-01-01; the earliest starts 2025-01-01/,
    );
  });
});
