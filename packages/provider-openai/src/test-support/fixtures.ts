// Entries, bindings and requests shared by this package's tests. Not exported from the package.
import { parseCatalog, type CatalogEntry, type CatalogEntryInput } from "@nucleo/catalog";
import type { Depth } from "@nucleo/core";
import type { LlmBinding, LlmRequest, Turn } from "@nucleo/conversation";

/** A checked catalog entry: a plain OpenAI model unless `overrides` say otherwise. */
export function entryOf(overrides: Partial<CatalogEntryInput> = {}): CatalogEntry {
  const input: CatalogEntryInput = {
    id: "openai-test-model",
    provider: "openai",
    model: "gpt-test",
    grade: "MEDIUM",
    contextWindow: 200_000,
    outputCeiling: 64_000,
    prices: { currency: "USD", effectiveFrom: "2025-01-01", source: "test fixture", input: "2.50", output: "10" },
    limits: { requestsPerMinute: 100, tokensPerMinute: 100_000 },
    ...overrides,
  };
  return parseCatalog({ entries: [input] }, "provider-openai-test.yaml").get(input.id);
}

/** A binding on `entry` with a 1,024-token budget. */
export function bindingOf(entry: CatalogEntry, depth: Depth = "STANDARD"): LlmBinding {
  return { entry, maxOutputTokens: 1_024, reasoningTokens: entry.reasoningTokens?.[depth] ?? 0, depth };
}

/** A request with one user turn, no tools. */
export function requestOf(overrides: Partial<LlmRequest> = {}): LlmRequest {
  const question: Turn = { role: "user", parts: [{ type: "text", text: "What is 2 + 2?" }] };
  return { system: { text: "You are terse." }, messages: [question], tools: [], ...overrides };
}
