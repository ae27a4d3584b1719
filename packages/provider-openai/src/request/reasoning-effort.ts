import type { CatalogEntry } from "@nucleo/catalog";
import type { Depth } from "@nucleo/core";
import type { ReasoningEffort } from "openai/resources/shared";

// IMMEDIATE maps to "low", not "minimal": every OpenAI reasoning model takes "low", while
// "minimal" is refused by those that replaced it with "none", and a refused effort would fail
// every call on the entry.
const EFFORT: Readonly<Record<Depth, Exclude<ReasoningEffort, null>>> = {
  IMMEDIATE: "low",
  QUICK: "low",
  STANDARD: "medium",
  THOROUGH: "high",
};

/**
 * The `reasoning_effort` for a seat's depth, or `undefined` for a model that does not reason
 * (its entry lists no reasoning tokens at any depth). Models that do not reason refuse the
 * parameter, so it is only sent to those that do.
 *
 * @internal
 */
export function reasoningEffort(
  entry: Pick<CatalogEntry, "reasoningTokens">,
  depth: Depth,
): ReasoningEffort | undefined {
  const reasons = Object.values(entry.reasoningTokens ?? {}).some(
    (tokens) => tokens !== undefined && tokens > 0,
  );
  return reasons ? EFFORT[depth] : undefined;
}
