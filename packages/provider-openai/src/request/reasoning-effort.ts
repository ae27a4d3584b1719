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
 * Whether the entry's model reasons: its entry lists reasoning tokens at some depth.
 *
 * @internal
 */
export function reasons(entry: Pick<CatalogEntry, "reasoningTokens">): boolean {
  return Object.values(entry.reasoningTokens ?? {}).some(
    (tokens) => tokens !== undefined && tokens > 0,
  );
}

/**
 * The reasoning effort for a seat's depth, or `undefined` for a model that does not reason
 * (see {@link reasons}). Models that do not reason refuse the parameter, so it is only sent
 * to those that do.
 *
 * @internal
 */
export function reasoningEffort(
  entry: Pick<CatalogEntry, "reasoningTokens">,
  depth: Depth,
): Exclude<ReasoningEffort, null> | undefined {
  return reasons(entry) ? EFFORT[depth] : undefined;
}

/**
 * The role the system content goes in on Chat Completions. OpenAI documents `developer` as
 * the role of a reasoning model's instructions (it converts a `system` message for them, but
 * that is a courtesy, not the contract); compatible servers keep `system`, the role they all
 * know.
 *
 * @internal
 */
export function instructionsRole(
  entry: Pick<CatalogEntry, "provider" | "reasoningTokens">,
): "system" | "developer" {
  return entry.provider === "openai" && reasons(entry) ? "developer" : "system";
}
