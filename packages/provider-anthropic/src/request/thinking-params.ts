import type {
  MessageParam,
  OutputConfig,
  ThinkingConfigParam,
} from "@anthropic-ai/sdk/resources/messages";
import { anthropicThinking } from "@nucleo/catalog";
import type { LlmBinding } from "@nucleo/conversation";
import { SystemError } from "@nucleo/core";
import { MIN_THINKING_BUDGET } from "../thinking/thinking-active.js";

/** The thinking fields of a Messages body: none, a budget, or adaptive at an effort. */
export interface ThinkingParams {
  readonly thinking?: ThinkingConfigParam;
  readonly output_config?: OutputConfig;
}

/**
 * How a call asks its model to think, from `anthropicThinking(entry, depth)`, the one rule the
 * catalog keeps: a `budget` entry gets `thinking: { type: "enabled", budget_tokens }` with the
 * seat's reasoning tokens; an `adaptive` entry gets `thinking: { type: "adaptive" }` and
 * `output_config: { effort }`; neither gets anything at a depth that does not think. So a
 * request never carries the mode its entry's model refuses (newer models take only adaptive,
 * older ones only a budget).
 *
 * A budget call continuing a tool loop whose assistant turn does not start with signed
 * thinking (it ran on another provider, whose thinking was left out) goes without thinking:
 * with a fixed budget the API refuses a final assistant turn that does not open with a
 * thinking block. Adaptive thinking is optional for the model on every step, so such a turn is
 * one it could have written itself, and the call keeps thinking (changing the thinking
 * settings inside one assistant turn is what the API asks callers not to do).
 *
 * @throws {SystemError} when a budget binding cannot carry its budget (outside
 *   1,024 ≤ budget < `maxOutputTokens`): a hand-built binding that disagrees with its entry,
 *   caught before it becomes a provider 400.
 * @internal
 */
export function thinkingParams(
  binding: LlmBinding,
  messages: readonly MessageParam[],
): ThinkingParams {
  const mode = anthropicThinking(binding.entry, binding.depth);
  if (mode === undefined) return {};
  if (mode.mode === "adaptive")
    return { thinking: { type: "adaptive" }, output_config: { effort: mode.effort } };
  assertBudgetFits(binding);
  if (unsignedToolLoop(messages)) return {};
  return { thinking: { type: "enabled", budget_tokens: binding.reasoningTokens } };
}

/**
 * Whether the messages end in a tool loop (a user turn with tool results answering the assistant
 * turn before it) whose assistant turn does not start with a signed thinking block.
 */
function unsignedToolLoop(messages: readonly MessageParam[]): boolean {
  const last = messages.at(-1);
  const answered = messages.at(-2);
  if (
    last === undefined ||
    answered === undefined ||
    last.role !== "user" ||
    answered.role !== "assistant"
  )
    return false;
  if (
    typeof last.content === "string" ||
    !last.content.some((block) => block.type === "tool_result")
  )
    return false;
  const first = typeof answered.content === "string" ? undefined : answered.content[0]?.type;
  return first !== "thinking" && first !== "redacted_thinking";
}

function assertBudgetFits(binding: LlmBinding): void {
  const { reasoningTokens, maxOutputTokens, entry } = binding;
  if (reasoningTokens >= MIN_THINKING_BUDGET && reasoningTokens < maxOutputTokens) return;
  throw new SystemError({
    code: "internal",
    message:
      `The seat on catalog entry "${entry.id}" cannot carry its thinking budget: Anthropic needs ` +
      `${MIN_THINKING_BUDGET} <= reasoning tokens < max_tokens, and the binding has ${reasoningTokens} reasoning ` +
      `tokens for max_tokens ${maxOutputTokens}. Bind the seat through the catalog's picker.`,
  });
}
