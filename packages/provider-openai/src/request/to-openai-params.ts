import type { LlmBinding, LlmRequest } from "@nucleo/conversation";
import type {
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionTool,
} from "openai/resources/chat/completions";
import { answerFormat } from "./answer-format.js";
import { promptCacheFields } from "./prompt-cache.js";
import { instructionsRole, reasoningEffort } from "./reasoning-effort.js";
import { DEFAULT_REQUEST_SETTINGS, type RequestSettings } from "./request-settings.js";
import { toOpenAiMessages } from "./to-openai-messages.js";

/**
 * The Chat Completions body for one call (without the streaming flags).
 *
 * - The output budget goes in `max_completion_tokens` for OpenAI (it counts answer and
 *   reasoning). Compatible servers get `max_tokens`: vLLM, Ollama and llama.cpp all read it,
 *   and not all of them read the newer name.
 * - Tools go natively with `tool_choice` (only when there are tools: the API refuses a choice
 *   without them). Entries without native tools never get here with tools: the conversation
 *   renders those as text.
 * - The answer schema is enforced through `response_format` only where the entry supports
 *   structured outputs; elsewhere the rendered prompt carries the contract.
 * - OpenAI's reasoning models get the system content as a `developer` message.
 * - `openai` entries get the prompt-caching fields (see {@link promptCacheFields}).
 *
 * @internal
 */
export function toOpenAiParams(
  request: LlmRequest,
  binding: LlmBinding,
  settings: RequestSettings = DEFAULT_REQUEST_SETTINGS,
): ChatCompletionCreateParamsNonStreaming {
  const { entry } = binding;
  const params: ChatCompletionCreateParamsNonStreaming = {
    model: entry.model,
    messages: toOpenAiMessages(request, instructionsRole(entry)),
    ...promptCacheFields(request, entry, settings),
  };
  if (entry.provider === "openai") params.max_completion_tokens = binding.maxOutputTokens;
  else params.max_tokens = binding.maxOutputTokens;
  if (request.tools.length > 0) {
    params.tools = request.tools.map(
      (tool): ChatCompletionTool => ({
        type: "function",
        function: {
          name: tool.name,
          description: tool.description,
          parameters: { ...tool.inputSchema },
        },
      }),
    );
    params.tool_choice = request.toolChoice ?? "auto";
  }
  const effort = reasoningEffort(entry, binding.depth);
  if (effort !== undefined) params.reasoning_effort = effort;
  if (request.responseFormat !== undefined && entry.structuredOutput) {
    const { name, schema, strict } = answerFormat(request.responseFormat);
    params.response_format = { type: "json_schema", json_schema: { name, schema, strict } };
  }
  return params;
}
