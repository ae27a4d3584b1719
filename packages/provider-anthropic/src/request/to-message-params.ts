import type {
  MessageCreateParamsBase,
  MessageParam,
  ToolChoice,
} from "@anthropic-ai/sdk/resources/messages";
import type { LlmBinding, LlmRequest } from "@nucleo/conversation";
import { SystemError } from "@nucleo/core";
import { MIN_THINKING_BUDGET, thinkingActive } from "../thinking/thinking-active.js";
import { toContentBlocks } from "./to-content-blocks.js";

/** The Messages API body for one call, without `stream` (the caller adds it). */
export type MessageParams = Omit<MessageCreateParamsBase, "stream">;

/**
 * Maps a rendered request and its seat onto the Messages API body.
 *
 * `responseFormat` is deliberately not sent: this client claims no native strict mode, so the
 * answer's shape is held by the rendered contract in the system text and checked by the
 * caller's response correction.
 *
 * @throws {SystemError} when the binding cannot carry the thinking its entry promises (a
 *   budget outside 1,024 ≤ budget < `maxOutputTokens`): a hand-built binding that disagrees with
 *   its entry, caught before it becomes a provider 400.
 * @internal
 */
export function toMessageParams(request: LlmRequest, binding: LlmBinding): MessageParams {
  const promised = thinkingActive(binding.entry, binding.depth);
  if (promised) assertBudgetFits(binding);
  const messages: MessageParam[] = [];
  for (const turn of request.messages) {
    const content = toContentBlocks(turn.parts, turn.role);
    // The API refuses a message without content; a turn that maps to nothing says nothing.
    if (content.length > 0) messages.push({ role: turn.role, content });
  }
  // An open tool loop whose assistant turn carries no signed thinking (it ran on another
  // provider, whose unsigned thinking was left out) cannot be continued with thinking on: the
  // API refuses a final assistant turn that does not start with a thinking block.
  const thinking = promised && !unsignedToolLoop(messages);
  const params: MessageParams = {
    model: binding.entry.model,
    max_tokens: binding.maxOutputTokens,
    messages,
  };
  if (request.system.text !== "") params.system = request.system.text;
  if (request.tools.length > 0) {
    params.tools = request.tools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      input_schema: { ...tool.inputSchema, type: "object" },
    }));
    params.tool_choice = toToolChoice(request.toolChoice ?? "auto", thinking);
  }
  if (thinking) params.thinking = { type: "enabled", budget_tokens: binding.reasoningTokens };
  return params;
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

/**
 * Anthropic refuses forced tool use (`any`) while thinking is on. The thinking block was
 * promised to the renderer by {@link thinkingActive}, so the promise wins and `required` becomes
 * `auto`: the model is still told to call a tool, and the caller sees any turn without one.
 */
function toToolChoice(choice: "auto" | "required" | "none", thinking: boolean): ToolChoice {
  if (choice === "none") return { type: "none" };
  if (choice === "required" && !thinking) return { type: "any" };
  return { type: "auto" };
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
