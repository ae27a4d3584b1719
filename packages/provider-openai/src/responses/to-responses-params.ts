import type { CatalogEntry } from "@nucleo/catalog";
import type { LlmBinding, LlmRequest } from "@nucleo/conversation";
import type {
  FunctionTool,
  ResponseCreateParamsNonStreaming,
} from "openai/resources/responses/responses";
import { answerFormat } from "../request/answer-format.js";
import { promptCacheFields } from "../request/prompt-cache.js";
import { reasoningEffort } from "../request/reasoning-effort.js";
import { DEFAULT_REQUEST_SETTINGS, type RequestSettings } from "../request/request-settings.js";
import { toResponsesInput } from "./to-responses-input.js";

/**
 * Whether the entry's compliance envelope says zero data retention: then nothing may be
 * stored at OpenAI.
 *
 * @internal
 */
export function zeroRetention(entry: Pick<CatalogEntry, "compliance">): boolean {
  return entry.compliance.retention === "zero";
}

/**
 * The Responses API body for one call (without the streaming flag).
 *
 * - The system content goes in `instructions` (the API gives it the developer role itself);
 *   the turns go in `input` (see {@link toResponsesInput}).
 * - Tools go flat (`{ type: "function", name, … }`) with `strict: false`: this API makes
 *   functions strict by default, and strict mode wants every object closed and every property
 *   required, which most tool schemas are not. The caller validates the arguments against the
 *   tool's schema anyway, as on Chat Completions.
 * - The answer schema goes in `text.format` where the entry has structured outputs, strict
 *   when it fits strict mode, as on Chat Completions.
 * - Reasoning models get the effort of the seat's depth; a summary of their reasoning
 *   (`summary: "auto"`, which comes back as the thinking parts' text) only when the client's
 *   `reasoningSummaries` says so, since OpenAI refuses it for organisations it has not verified.
 * - Reasoning models always ask for their reasoning encrypted
 *   (`include: ["reasoning.encrypted_content"]`), so the next turn carries it whole and does
 *   not depend on OpenAI still holding the response (stored responses expire, and another
 *   project or key cannot see them). Models that do not reason get no `include`: they refuse it.
 * - Zero retention (`compliance.retention: zero`): `store: false`. Otherwise OpenAI stores the
 *   response as it does by default.
 * - The prompt-caching fields as on Chat Completions (see {@link promptCacheFields}).
 *
 * @internal
 */
export function toResponsesParams(
  request: LlmRequest,
  binding: LlmBinding,
  settings: RequestSettings = DEFAULT_REQUEST_SETTINGS,
): ResponseCreateParamsNonStreaming {
  const { entry } = binding;
  const params: ResponseCreateParamsNonStreaming = {
    model: entry.model,
    input: toResponsesInput(request.messages),
    max_output_tokens: binding.maxOutputTokens,
    ...promptCacheFields(request, entry, settings),
  };
  if (request.system.text !== "") params.instructions = request.system.text;
  if (zeroRetention(entry)) params.store = false;
  if (request.tools.length > 0) {
    params.tools = request.tools.map(
      (tool): FunctionTool => ({
        type: "function",
        name: tool.name,
        description: tool.description,
        parameters: { ...tool.inputSchema },
        strict: false,
      }),
    );
    params.tool_choice = request.toolChoice ?? "auto";
  }
  const effort = reasoningEffort(entry, binding.depth);
  if (effort !== undefined) {
    params.include = ["reasoning.encrypted_content"];
    params.reasoning = settings.reasoningSummaries ? { effort, summary: "auto" } : { effort };
  }
  if (request.responseFormat !== undefined && entry.structuredOutput)
    params.text = { format: { type: "json_schema", ...answerFormat(request.responseFormat) } };
  return params;
}
