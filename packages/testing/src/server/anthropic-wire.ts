import { anthropicRefusal } from "./anthropic-request-rules.js";
import { anthropicCacheablePrompt } from "./prompt-cache/anthropic-cache-blocks.js";
import { withoutCacheControl } from "./prompt-cache/cacheable-prompt.js";
import { messagesPromptOf } from "./resolve-answer.js";
import { splitText } from "../text/split-text.js";
import type {
  ResolvedAnswer,
  ResolvedUsage,
  SseEvent,
  StreamedAnswer,
  WireErrorKind,
  WireFormat,
} from "./wire-format.js";

/**
 * The prompt as Anthropic bills it: what the blocks say, not how the request is marked up. Cache
 * markers are not prompt tokens, and a system text costs the same as a string or as text blocks,
 * so both are counted as their text: caching on or off, the same prompt counts the same.
 */
function anthropicPromptOf(body: Record<string, unknown>): unknown {
  const strip = (value: unknown): unknown =>
    Array.isArray(value) ? value.map(withoutCacheControl) : value;
  const system = Array.isArray(body.system)
    ? body.system.map((block) => {
        const { type, text } = (block ?? {}) as { type?: unknown; text?: unknown };
        return type === "text" && typeof text === "string" ? text : withoutCacheControl(block);
      })
    : body.system;
  const messages = Array.isArray(body.messages)
    ? body.messages.map((message) => {
        const { content } = (message ?? {}) as { content?: unknown };
        return Array.isArray(content)
          ? { ...(message as object), content: strip(content) }
          : message;
      })
    : body.messages;
  const systemText =
    Array.isArray(system) && system.every((part) => typeof part === "string")
      ? system.join("")
      : system;
  return messagesPromptOf({ ...body, system: systemText, messages, tools: strip(body.tools) });
}

const STOP_REASONS = { end: "end_turn", tool_calls: "tool_use", max_tokens: "max_tokens" } as const;

const ERROR_TYPES: Readonly<Record<number, string>> = {
  400: "invalid_request_error",
  401: "authentication_error",
  402: "billing_error",
  403: "permission_error",
  404: "not_found_error",
  413: "request_too_large",
  429: "rate_limit_error",
  500: "api_error",
  504: "timeout_error",
  529: "overloaded_error",
};

/**
 * The Anthropic Messages wire (`POST /v1/messages`): a `message` JSON, or the named events
 * `message_start`, `content_block_start` / `_delta` / `_stop` per block, `message_delta` (stop
 * reason and final usage) and `message_stop`, with a `ping` after the start. Blocks go thinking
 * first, then text, then tool uses.
 */
export const anthropicWire: WireFormat = {
  name: "anthropic",
  requestIdHeader: "request-id",
  validate: anthropicRefusal,
  promptOf: anthropicPromptOf,
  cacheablePrompt: anthropicCacheablePrompt,
  isStream: (body) => body.stream === true,
  toolCallId: (sequence) => `toolu_mock${String(sequence).padStart(6, "0")}`,
  requestId: (sequence) => `req_mock${String(sequence).padStart(6, "0")}`,

  answerBody(answer) {
    return {
      ...messageEnvelope(answer),
      content: contentOf(answer),
      stop_reason: STOP_REASONS[answer.stopReason],
      ...(answer.usage === null ? {} : { usage: usageOf(answer.usage) }),
    };
  },

  answerEvents(answer) {
    const start = {
      ...messageEnvelope(answer),
      content: [],
      stop_reason: null,
      ...(answer.usage === null ? {} : { usage: { ...usageOf(answer.usage), output_tokens: 1 } }),
    };
    const events: SseEvent[] = [named("message_start", { message: start }), named("ping", {})];
    for (const [index, block] of contentOf(answer).entries())
      events.push(...blockEvents(index, block));
    const finishIndex = events.length;
    const delta = { stop_reason: STOP_REASONS[answer.stopReason], stop_sequence: null };
    events.push(
      named("message_delta", {
        delta,
        ...(answer.usage === null ? {} : { usage: usageOf(answer.usage) }),
      }),
    );
    events.push(named("message_stop", {}));
    return { events, finishIndex } satisfies StreamedAnswer;
  },

  error(status, message, kind: WireErrorKind = "status") {
    const type =
      kind === "overloaded"
        ? "overloaded_error"
        : (ERROR_TYPES[status] ?? (status >= 500 ? "api_error" : "invalid_request_error"));
    return { status, body: { type: "error", error: { type, message } } };
  },
};

type Block = Record<string, unknown> & { type: string };

function messageEnvelope(answer: ResolvedAnswer): Record<string, unknown> {
  return {
    id: `msg_mock${String(answer.sequence).padStart(6, "0")}`,
    type: "message",
    role: "assistant",
    model: answer.model,
    stop_sequence: null,
  };
}

function contentOf(answer: ResolvedAnswer): Block[] {
  return [
    ...answer.thinking.map((block) => ({
      type: "thinking",
      thinking: block.text,
      signature: block.signature,
    })),
    ...(answer.text === "" ? [] : [{ type: "text", text: answer.text }]),
    ...answer.toolCalls.map((call) => ({
      type: "tool_use",
      id: call.id,
      name: call.name,
      input: call.arguments,
    })),
  ];
}

function blockEvents(index: number, block: Block): SseEvent[] {
  const delta = (payload: Record<string, unknown>): SseEvent =>
    named("content_block_delta", { index, delta: payload });
  const events: SseEvent[] = [];
  if (block.type === "thinking") {
    events.push(
      named("content_block_start", {
        index,
        content_block: { type: "thinking", thinking: "", signature: "" },
      }),
    );
    for (const piece of splitText(String(block.thinking), 2))
      events.push(delta({ type: "thinking_delta", thinking: piece }));
    events.push(delta({ type: "signature_delta", signature: block.signature }));
  } else if (block.type === "text") {
    events.push(named("content_block_start", { index, content_block: { type: "text", text: "" } }));
    for (const piece of splitText(String(block.text), 3))
      events.push(delta({ type: "text_delta", text: piece }));
  } else {
    events.push(named("content_block_start", { index, content_block: { ...block, input: {} } }));
    for (const piece of splitText(JSON.stringify(block.input), 2))
      events.push(delta({ type: "input_json_delta", partial_json: piece }));
  }
  events.push(named("content_block_stop", { index }));
  return events;
}

function named(event: string, payload: Record<string, unknown>): SseEvent {
  return { event, data: { type: event, ...payload } };
}

/**
 * Anthropic's input excludes cache reads and writes; the writes are split by lifetime in
 * `cache_creation`. Its output includes thinking, broken out in the details.
 */
function usageOf(usage: ResolvedUsage): Record<string, unknown> {
  return {
    input_tokens: usage.inputTokens,
    cache_creation_input_tokens: usage.cacheWriteTokens,
    cache_read_input_tokens: usage.cachedInputTokens,
    cache_creation: {
      ephemeral_5m_input_tokens: Math.max(0, usage.cacheWriteTokens - usage.cacheWrite1hTokens),
      ephemeral_1h_input_tokens: usage.cacheWrite1hTokens,
    },
    output_tokens: usage.outputTokens + usage.reasoningTokens,
    ...(usage.reasoningTokens > 0
      ? { output_tokens_details: { thinking_tokens: usage.reasoningTokens } }
      : {}),
    service_tier: "standard",
  };
}
