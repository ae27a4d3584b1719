import { describe, expect, it } from "vitest";
import { catalogOf, entry as entryInput } from "../test-support/entries.js";
import { anthropicThinking, MIN_THINKING_BUDGET, thinkingActive } from "./thinking-active.js";

function anthropicEntry(
  overrides: Parameters<typeof entryInput>[0] extends infer T ? Partial<T> : never,
) {
  return catalogOf(
    entryInput({ id: "anthropic-test", provider: "anthropic", nativeThinking: true, ...overrides }),
  ).get("anthropic-test");
}

describe("thinkingActive", () => {
  const entry = anthropicEntry({
    reasoningTokens: { IMMEDIATE: 0, QUICK: 1_023, STANDARD: 1_024, THOROUGH: 64_000 },
    outputCeiling: 64_000,
  });

  it("is true when the entry thinks natively and the depth's budget is at least 1,024 and below the ceiling", () => {
    expect(MIN_THINKING_BUDGET).toBe(1_024);
    expect(thinkingActive(entry, "STANDARD")).toBe(true);
  });

  it("is false for an entry without native thinking, whatever the budget", () => {
    expect(thinkingActive(anthropicEntry({ nativeThinking: false }), "THOROUGH")).toBe(false);
  });

  it("is false for a depth whose budget is below Anthropic's minimum of 1,024", () => {
    expect(thinkingActive(entry, "QUICK")).toBe(false);
    expect(thinkingActive(entry, "IMMEDIATE")).toBe(false);
  });

  it("is false for a depth with no budget listed", () => {
    expect(
      thinkingActive(anthropicEntry({ reasoningTokens: { THOROUGH: 8_000 } }), "STANDARD"),
    ).toBe(false);
    expect(thinkingActive(anthropicEntry({ reasoningTokens: undefined }), "THOROUGH")).toBe(false);
  });

  it("is false when the budget would not fit below max_tokens (at or above the output ceiling)", () => {
    expect(thinkingActive(entry, "THOROUGH")).toBe(false);
    expect(
      thinkingActive(
        anthropicEntry({ outputCeiling: 16_000, reasoningTokens: { THOROUGH: 15_999 } }),
        "THOROUGH",
      ),
    ).toBe(true);
  });
});

describe("anthropicThinking", () => {
  const reasoningTokens = { IMMEDIATE: 0, QUICK: 1_024, STANDARD: 4_096, THOROUGH: 16_000 };
  const budget = anthropicEntry({ reasoningTokens });
  const adaptive = anthropicEntry({
    reasoningTokens,
    thinkingMode: "adaptive",
    thinkingEffort: { THOROUGH: "max" },
  });
  const depths = ["IMMEDIATE", "QUICK", "STANDARD", "THOROUGH"] as const;

  it("sends a budget entry a token budget and never an effort", () => {
    expect(anthropicThinking(budget, "STANDARD")).toEqual({ mode: "budget", budgetTokens: 4_096 });
    for (const depth of depths)
      expect(anthropicThinking(budget, depth)?.mode ?? "none").not.toBe("adaptive");
  });

  it("sends an adaptive entry an effort per depth, its own word first, and never a budget", () => {
    expect(anthropicThinking(adaptive, "QUICK")).toEqual({ mode: "adaptive", effort: "low" });
    expect(anthropicThinking(adaptive, "STANDARD")).toEqual({ mode: "adaptive", effort: "medium" });
    expect(anthropicThinking(adaptive, "THOROUGH")).toEqual({ mode: "adaptive", effort: "max" });
    for (const depth of depths)
      expect(anthropicThinking(adaptive, depth)?.mode ?? "none").not.toBe("budget");
  });

  it("does not think at a depth with no reasoning tokens, in either mode", () => {
    expect(anthropicThinking(budget, "IMMEDIATE")).toBeUndefined();
    expect(anthropicThinking(adaptive, "IMMEDIATE")).toBeUndefined();
  });

  it("never guarantees an adaptive entry a thinking block: the model decides whether to think", () => {
    expect(thinkingActive(adaptive, "THOROUGH")).toBe(false);
    expect(thinkingActive(budget, "THOROUGH")).toBe(true);
  });
});
