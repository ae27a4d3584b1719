import type { CatalogEntry } from "../entry/catalog-entry.js";
import type { Depth } from "@nucleo/core";

/** The smallest thinking budget a provider accepts (Anthropic's `budget_tokens` minimum). */
export const MIN_THINKING_BUDGET = 1024;

/**
 * Whether a call on `entry` at `depth` is guaranteed a native thinking block
 * (docs/architecture.md#native-thinking). True exactly when a provider client sends a
 * thinking budget for such a call (Anthropic's `thinking: { type: "enabled", budget_tokens }`):
 * the entry has `nativeThinking`, its reasoning tokens at `depth` reach the minimum (1,024),
 * and they are less than the call's `max_tokens`. It lives in the catalog, below every layer
 * that needs it: renderers, thinkers and the clients read the same rule.
 *
 * `max_tokens` is compared as the entry's output ceiling. That is exact for every seat the
 * picker binds: a seat books the answer budget on top of the reasoning, capped at the ceiling,
 * so the reasoning is below the seat's `max_tokens` exactly when it is below the ceiling (and a
 * truncation re-run books the ceiling itself).
 *
 * Renderers use it to decide whether to ask for a prose reasoning field: when it is true the
 * model reasons in the thinking block instead.
 *
 * @example
 * if (thinkingActive(binding.entry, binding.depth)) dropReasoningField(schema);
 */
export function thinkingActive(entry: CatalogEntry, depth: Depth): boolean {
  return thinkingBudget(entry, depth) !== undefined;
}

/**
 * The thinking budget a call on `entry` at `depth` thinks with, or `undefined` when it does
 * not think natively. The one place the rule lives; {@link thinkingActive} reads it.
 */
export function thinkingBudget(entry: CatalogEntry, depth: Depth): number | undefined {
  if (!entry.nativeThinking) return undefined;
  const budget = entry.reasoningTokens?.[depth] ?? 0;
  if (budget < MIN_THINKING_BUDGET || budget >= entry.outputCeiling) return undefined;
  return budget;
}
