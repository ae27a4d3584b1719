import { openaiRefusal } from "./openai-request-rules.js";
import { chatCacheablePrompt } from "./prompt-cache/openai-cache-blocks.js";
import { messagesPromptOf } from "./resolve-answer.js";
import { splitText } from "../text/split-text.js";
import type {
  ResolvedAnswer,
  ResolvedUsage,
  SseEvent,
  StreamedAnswer,
  WireErrorKind,
  WireErrorReply,
  WireFormat,
  WireRefusal,
} from "./wire-format.js";

const FINISH_REASONS = { end: "stop", tool_calls: "tool_calls", max_tokens: "length" } as const;

/**
 * The OpenAI Chat Completions wire (`POST /v1/chat/completions`): `chat.completion` JSON, or
 * `chat.completion.chunk` events ending with `data: [DONE]`. Usage comes in a stream only when
 * the request set `stream_options.include_usage`, as a last chunk with empty `choices`.
 */
export const openaiWire: WireFormat = {
  name: "openai",
  requestIdHeader: "x-request-id",
  validate: openaiRefusal,
  promptOf: messagesPromptOf,
  cacheablePrompt: chatCacheablePrompt,
  isStream: (body) => body.stream === true,
  toolCallId: (sequence) => `call_mock${String(sequence).padStart(6, "0")}`,
  requestId: (sequence) => `req_mock${String(sequence).padStart(6, "0")}`,

  answerBody(answer) {
    const message: Record<string, unknown> = {
      role: "assistant",
      content: answer.text === "" && answer.toolCalls.length > 0 ? null : answer.text,
      refusal: null,
      annotations: [],
    };
    if (answer.toolCalls.length > 0) {
      message.tool_calls = answer.toolCalls.map((call) => ({
        id: call.id,
        type: "function",
        function: { name: call.name, arguments: JSON.stringify(call.arguments) },
      }));
    }
    return {
      ...envelope(answer, "chat.completion"),
      choices: [
        { index: 0, message, logprobs: null, finish_reason: FINISH_REASONS[answer.stopReason] },
      ],
      ...(answer.usage === null ? {} : { usage: usageOf(answer.usage) }),
    };
  },

  answerEvents(answer, request) {
    const includeUsage =
      (request.stream_options as { include_usage?: unknown } | null | undefined)?.include_usage ===
      true;
    const base = {
      ...envelope(answer, "chat.completion.chunk"),
      ...(includeUsage ? { usage: null } : {}),
    };
    const chunk = (
      delta: Record<string, unknown>,
      finishReason: string | null = null,
    ): SseEvent => ({
      data: {
        ...base,
        choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
      },
    });
    const events: SseEvent[] = [
      chunk({ role: "assistant", content: answer.text === "" ? null : "", refusal: null }),
    ];
    for (const piece of splitText(answer.text, 3)) events.push(chunk({ content: piece }));
    for (const [index, call] of answer.toolCalls.entries()) {
      events.push(
        chunk({
          tool_calls: [
            { index, id: call.id, type: "function", function: { name: call.name, arguments: "" } },
          ],
        }),
      );
      for (const piece of splitText(JSON.stringify(call.arguments), 2))
        events.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
    }
    const finishIndex = events.length;
    events.push(chunk({}, FINISH_REASONS[answer.stopReason]));
    if (includeUsage && answer.usage !== null)
      events.push({ data: { ...base, choices: [], usage: usageOf(answer.usage) } });
    events.push({ data: "[DONE]" });
    return { events, finishIndex } satisfies StreamedAnswer;
  },

  error: openaiError,
};

/** An error in OpenAI's shape (both of its wires): message, type, and the param and code at fault. */
export function openaiError(
  status: number,
  message: string,
  kind: WireErrorKind = "status",
  refusal?: Pick<WireRefusal, "param" | "code">,
): WireErrorReply {
  return {
    status,
    body: {
      error: {
        message,
        type: errorType(status, kind),
        param: refusal?.param ?? null,
        code: refusal === undefined ? errorCode(status, kind) : (refusal.code ?? null),
      },
    },
  };
}

function envelope(answer: ResolvedAnswer, object: string): Record<string, unknown> {
  return {
    id: `chatcmpl-mock${String(answer.sequence).padStart(6, "0")}`,
    object,
    created: Math.floor(answer.createdMs / 1000),
    model: answer.model,
    service_tier: "default",
    system_fingerprint: "fp_mock",
  };
}

/** OpenAI's totals include cached prompt tokens and reasoning tokens; the details break them out. */
function usageOf(usage: ResolvedUsage): Record<string, unknown> {
  const promptTokens = usage.inputTokens + usage.cachedInputTokens + usage.cacheWriteTokens;
  const completionTokens = usage.outputTokens + usage.reasoningTokens;
  return {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
    prompt_tokens_details: { cached_tokens: usage.cachedInputTokens, audio_tokens: 0 },
    completion_tokens_details: {
      reasoning_tokens: usage.reasoningTokens,
      audio_tokens: 0,
      accepted_prediction_tokens: 0,
      rejected_prediction_tokens: 0,
    },
  };
}

function errorType(status: number, kind: WireErrorKind): string {
  if (kind === "rate_limit_requests") return "requests";
  if (kind === "rate_limit_tokens") return "tokens";
  if (kind === "overloaded" || status >= 500) return "server_error";
  return "invalid_request_error";
}

function errorCode(status: number, kind: WireErrorKind): string | null {
  if (kind === "rate_limit_requests" || kind === "rate_limit_tokens") return "rate_limit_exceeded";
  if (status === 401) return "invalid_api_key";
  if (status === 404) return "model_not_found";
  return null;
}
