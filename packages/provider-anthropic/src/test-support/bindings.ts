// Catalog entries and bindings shared by this package's tests. Not exported from the package.
import { parseCatalog, type CatalogEntry, type CatalogEntryInput } from "@nucleo/catalog";
import type { LlmBinding, LlmRequest } from "@nucleo/conversation";
import type { Depth } from "@nucleo/core";

/** The raw input of an anthropic catalog entry, with `overrides` applied. */
export function anthropicEntryInput(overrides: Partial<CatalogEntryInput> = {}): CatalogEntryInput {
  return {
    id: "anthropic-test-sonnet",
    provider: "anthropic",
    model: "claude-test-sonnet",
    grade: "LARGE",
    contextWindow: 200_000,
    outputCeiling: 64_000,
    nativeThinking: true,
    reasoningTokens: { IMMEDIATE: 0, QUICK: 512, STANDARD: 4_096, THOROUGH: 16_000 },
    prices: {
      currency: "USD",
      effectiveFrom: "2025-01-01",
      source: "test fixture",
      input: "3",
      output: "15",
      // An entry that caches (the default) carries its cache prices.
      cacheRead: "0.3",
      cacheWrite: "3.75",
    },
    limits: { requestsPerMinute: 100, tokensPerMinute: 100_000 },
    ...overrides,
  };
}

/** A checked anthropic entry, with `overrides` applied. */
export function anthropicEntry(overrides: Partial<CatalogEntryInput> = {}): CatalogEntry {
  const input = anthropicEntryInput(overrides);
  return parseCatalog({ entries: [input] }, "test-catalog.yaml").entries()[0]!;
}

/** An entry that caches for an hour, with its one-hour write price, and no native thinking. */
export function hourlyEntry(): CatalogEntry {
  return anthropicEntry({
    nativeThinking: false,
    promptCache: { lifetime: "1h" },
    prices: {
      currency: "USD",
      effectiveFrom: "2025-01-01",
      source: "test fixture",
      input: "3",
      output: "15",
      cacheWrite: "3.75",
      cacheWrite1h: "6",
    },
  });
}

/** A binding the way the picker makes one: answer budget plus reasoning, capped at the ceiling. */
export function bindingFor(entry: CatalogEntry, depth: Depth, outputBudget = 4_096): LlmBinding {
  const reasoningTokens = entry.reasoningTokens?.[depth] ?? 0;
  return {
    entry,
    depth,
    reasoningTokens,
    maxOutputTokens: Math.min(entry.outputCeiling, outputBudget + reasoningTokens),
  };
}

/** A request with a system text and one user message. */
export function textRequest(text: string, extra: Partial<LlmRequest> = {}): LlmRequest {
  return {
    system: { text: "Be brief." },
    messages: [{ role: "user", parts: [{ type: "text", text }] }],
    tools: [],
    ...extra,
  };
}
