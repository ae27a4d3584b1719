import type { Depth } from "@nucleo/core";
import type { CatalogEntry, THINKING_EFFORTS } from "../entry/catalog-entry.js";

/** One of the effort words adaptive thinking takes. */
export type ThinkingEffort = (typeof THINKING_EFFORTS)[number];

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
 * model reasons in the thinking block instead. An entry with adaptive thinking is never
 * guaranteed a block (the model decides whether to think), so it is false there.
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
  // Adaptive thinking has no budget, and the model may answer without a thinking block.
  if (!entry.nativeThinking || entry.thinkingMode === "adaptive") return undefined;
  const budget = entry.reasoningTokens?.[depth] ?? 0;
  if (budget < MIN_THINKING_BUDGET || budget >= entry.outputCeiling) return undefined;
  return budget;
}

/** The adaptive effort word for each depth, when the entry does not name its own. */
const DEFAULT_EFFORT: Readonly<Record<Depth, ThinkingEffort>> = {
  IMMEDIATE: "low",
  QUICK: "low",
  STANDARD: "medium",
  THOROUGH: "high",
};

/**
 * How a call on `entry` at `depth` asks an Anthropic model to think: a token budget
 * (`{ mode: "budget", budgetTokens }`), adaptive at an effort (`{ mode: "adaptive", effort }`),
 * or not at all (`undefined`). An adaptive entry is never sent a budget and a budget entry never
 * an effort, so a request carries only the mode the entry says its model takes. A depth with no
 * reasoning tokens does not think in either mode.
 *
 * @example
 * anthropicThinking(entry, "THOROUGH"); // { mode: "adaptive", effort: "high" }
 */
export function anthropicThinking(
  entry: CatalogEntry,
  depth: Depth,
):
  | { readonly mode: "budget"; readonly budgetTokens: number }
  | { readonly mode: "adaptive"; readonly effort: ThinkingEffort }
  | undefined {
  if (!entry.nativeThinking) return undefined;
  if (entry.thinkingMode === "adaptive") {
    if ((entry.reasoningTokens?.[depth] ?? 0) === 0) return undefined;
    return { mode: "adaptive", effort: entry.thinkingEffort?.[depth] ?? DEFAULT_EFFORT[depth] };
  }
  const budgetTokens = thinkingBudget(entry, depth);
  return budgetTokens === undefined ? undefined : { mode: "budget", budgetTokens };
}
