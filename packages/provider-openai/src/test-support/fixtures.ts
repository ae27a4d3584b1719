// Entries, bindings and requests shared by this package's tests. Not exported from the package.
import type { CatalogEntry, CatalogEntryInput } from "@nucleo/catalog";
import { testEntry } from "@nucleo/testing";
import type { Depth } from "@nucleo/core";
import type { LlmBinding, LlmRequest, Turn } from "@nucleo/conversation";

/** A checked catalog entry: a plain OpenAI model unless `overrides` say otherwise. */
export function entryOf(overrides: Partial<CatalogEntryInput> = {}): CatalogEntry {
  return testEntry({
    id: "openai-test-model",
    model: "gpt-test",
    outputCeiling: 64_000,
    ...overrides,
  });
}

/** A binding on `entry` with a 1,024-token budget. */
export function bindingOf(entry: CatalogEntry, depth: Depth = "STANDARD"): LlmBinding {
  return {
    entry,
    maxOutputTokens: 1_024,
    reasoningTokens: entry.reasoningTokens?.[depth] ?? 0,
    depth,
  };
}

/** A request with one user turn, no tools. */
export function requestOf(overrides: Partial<LlmRequest> = {}): LlmRequest {
  const question: Turn = { role: "user", parts: [{ type: "text", text: "What is 2 + 2?" }] };
  return { system: { text: "You are terse." }, messages: [question], tools: [], ...overrides };
}
