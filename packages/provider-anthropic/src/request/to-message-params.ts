import type {
  MessageCreateParamsBase,
  MessageParam,
  ToolChoice,
} from "@anthropic-ai/sdk/resources/messages";
import type { LlmBinding, LlmRequest } from "@nucleo/conversation";
import { thinkingParams } from "./thinking-params.js";
import { toContentBlocks } from "./to-content-blocks.js";

/** The Messages API body for one call, without `stream` (the caller adds it). */
export type MessageParams = Omit<MessageCreateParamsBase, "stream">;

/**
 * Maps a rendered request and its seat onto the Messages API body, thinking included (see
 * {@link thinkingParams}); cache breakpoints are added apart, by `withCacheBreakpoints`.
 *
 * `responseFormat` is deliberately not sent: this client claims no native strict mode, so the
 * answer's shape is held by the rendered contract in the system text and checked by the
 * caller's response correction. `cacheKey` is not sent either: Anthropic caches by prefix and
 * takes no routing key.
 *
 * @throws {SystemError} when the binding cannot carry the thinking budget its entry promises (a
 *   budget outside 1,024 ≤ budget < `maxOutputTokens`): a hand-built binding that disagrees with
 *   its entry, caught before it becomes a provider 400.
 * @internal
 */
export function toMessageParams(request: LlmRequest, binding: LlmBinding): MessageParams {
  const messages: MessageParam[] = [];
  for (const turn of request.messages) {
    const content = toContentBlocks(turn.parts, turn.role);
    // The API refuses a message without content; a turn that maps to nothing says nothing.
    if (content.length > 0) messages.push({ role: turn.role, content });
  }
  const thinking = thinkingParams(binding, messages);
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
    params.tool_choice = toToolChoice(
      request.toolChoice ?? "auto",
      thinking.thinking !== undefined,
    );
  }
  if (thinking.thinking !== undefined) params.thinking = thinking.thinking;
  if (thinking.output_config !== undefined) params.output_config = thinking.output_config;
  return params;
}

/**
 * Anthropic refuses forced tool use (`any`) while thinking is on, in either mode. The thinking
 * the entry asks for wins, so `required` becomes `auto`: the model is still told to call a
 * tool, and the caller sees any turn without one.
 */
function toToolChoice(choice: "auto" | "required" | "none", thinking: boolean): ToolChoice {
  if (choice === "none") return { type: "none" };
  if (choice === "required" && !thinking) return { type: "any" };
  return { type: "auto" };
}
