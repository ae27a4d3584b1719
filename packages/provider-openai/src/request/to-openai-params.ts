import type { LlmBinding, LlmRequest } from "@nucleo/conversation";
import type {
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionTool,
} from "openai/resources/chat/completions";
import type { ResponseFormatJSONSchema } from "openai/resources/shared";
import { reasoningEffort } from "./reasoning-effort.js";
import { toStrictSchema } from "./strict-schema.js";
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
 *
 * @internal
 */
export function toOpenAiParams(
  request: LlmRequest,
  binding: LlmBinding,
): ChatCompletionCreateParamsNonStreaming {
  const { entry } = binding;
  const params: ChatCompletionCreateParamsNonStreaming = {
    model: entry.model,
    messages: toOpenAiMessages(request),
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
  if (request.responseFormat !== undefined && entry.structuredOutput)
    params.response_format = jsonSchemaFormat(request.responseFormat);
  return params;
}

/**
 * Strict when the schema fits strict mode (see {@link toStrictSchema}), else the schema as
 * written with `strict: false`: still the model's guide, and the caller validates either way.
 */
function jsonSchemaFormat(
  format: NonNullable<LlmRequest["responseFormat"]>,
): ResponseFormatJSONSchema {
  const strict = toStrictSchema(format.schema);
  const name = format.name.replace(/[^a-zA-Z0-9_-]/g, "_").slice(0, 64) || "answer";
  return {
    type: "json_schema",
    json_schema:
      strict === undefined
        ? { name, schema: { ...format.schema }, strict: false }
        : { name, schema: { ...strict }, strict: true },
  };
}
