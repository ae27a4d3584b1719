import {
  Parts,
  type LlmResponse,
  type StopReason,
  type ThinkingPart,
  type ToolCallPart,
} from "@nucleo/conversation";
import type { TokenUsage } from "@nucleo/core";
import { notWireFormat, readWire, type Step } from "../errors/wire-error.js";
import {
  messageSchema,
  redactedThinkingBlockSchema,
  textBlockSchema,
  thinkingBlockSchema,
  toolUseBlockSchema,
  type WireBlock,
} from "./wire-schemas.js";

/** A message's usage fields this client reads (`message_delta` may send the input ones as `null`). */
export interface UsageFields {
  readonly input_tokens: number;
  readonly output_tokens: number;
  readonly cache_read_input_tokens?: number | null | undefined;
  readonly cache_creation_input_tokens?: number | null | undefined;
  readonly cache_creation?:
    | {
        readonly ephemeral_5m_input_tokens?: number | null | undefined;
        readonly ephemeral_1h_input_tokens?: number | null | undefined;
      }
    | null
    | undefined;
}

/** One content block, read into what the response keeps of it. */
export type ReadBlock =
  | { readonly kind: "text"; readonly text: string }
  | { readonly kind: "thinking"; readonly part: ThinkingPart }
  | { readonly kind: "tool_call"; readonly part: ToolCallPart };

/**
 * Maps a whole message, as `messages.create` returns it, onto the provider-neutral response.
 *
 * @throws {ExternalServiceError} naming `anthropic` and the step when the body is not a
 *   message: not an object, no usage, no content, or a known block that is malformed.
 * @internal
 */
export function toLlmResponse(body: unknown, step: Step = "messages"): LlmResponse {
  const message = readWire(messageSchema, body, step, "expected a message with content and usage");
  const blocks = message.content
    .map((block) => readBlock(block, step))
    .filter((block) => block !== undefined);
  return assembleResponse({
    blocks,
    stopReason: message.stop_reason,
    usage: message.usage,
    model: message.model,
    step,
  });
}

/**
 * Reads one complete content block. Blocks this client does not use (server tools, their
 * results) are skipped.
 *
 * @internal
 */
export function readBlock(block: WireBlock, step: Step): ReadBlock | undefined {
  switch (block.type) {
    case "text":
      return {
        kind: "text",
        text: readWire(textBlockSchema, block, step, "a text block without text").text,
      };
    case "thinking": {
      const thinking = readWire(
        thinkingBlockSchema,
        block,
        step,
        "a thinking block without its text or signature",
      );
      return { kind: "thinking", part: Parts.thinking(thinking.thinking, thinking.signature) };
    }
    case "redacted_thinking":
      return {
        kind: "thinking",
        part: redactedThinking(
          readWire(
            redactedThinkingBlockSchema,
            block,
            step,
            "a redacted thinking block without data",
          ).data,
        ),
      };
    case "tool_use": {
      const call = readWire(
        toolUseBlockSchema,
        block,
        step,
        "a tool_use block without id, name or object input",
      );
      return { kind: "tool_call", part: Parts.toolCall(call.id, call.name, call.input) };
    }
    default:
      return undefined;
  }
}

/**
 * A redacted thinking block: no readable text, its opaque data kept to be sent back unchanged.
 *
 * @internal
 */
export function redactedThinking(data: string): ThinkingPart {
  return { type: "thinking", text: "", redacted: data };
}

/**
 * Builds the response from read blocks, in block order: text joined, thinking and tool calls
 * kept as parts.
 *
 * @internal
 */
export function assembleResponse(message: {
  readonly blocks: readonly ReadBlock[];
  readonly stopReason: string | null | undefined;
  readonly usage: UsageFields;
  readonly model: string;
  readonly step: Step;
}): LlmResponse {
  const texts: string[] = [];
  const thinking: ThinkingPart[] = [];
  const toolCalls: ToolCallPart[] = [];
  for (const block of message.blocks) {
    if (block.kind === "text") texts.push(block.text);
    else if (block.kind === "thinking") thinking.push(block.part);
    else toolCalls.push(block.part);
  }
  return {
    // Joined without a separator: the API splits one answer into several text blocks (around
    // citations, for one), and a separator would add characters the model never wrote.
    content: texts.join(""),
    toolCalls,
    thinking,
    usage: toUsage(message.usage, message.step),
    stopReason: toStopReason(message.stopReason),
    providerModel: message.model,
  };
}

/**
 * The API's usage as Nucleo counts it. `cache_creation_input_tokens` is every cache write,
 * whatever its lifetime (`cacheWriteTokens`); of those, the one-hour writes the breakdown
 * reports are `cacheWrite1hTokens` (set only when there are some), which the catalog prices at
 * their own rate. Anthropic bills thinking inside `output_tokens`, so `reasoningTokens` stays
 * undefined: setting it would price the thinking twice.
 *
 * @throws {ExternalServiceError} (`step`) when the one-hour writes exceed all writes: the usage
 *   cannot be priced.
 * @internal
 */
export function toUsage(usage: UsageFields, step: Step): TokenUsage {
  const result: { -readonly [K in keyof TokenUsage]: TokenUsage[K] } = {
    inputTokens: usage.input_tokens,
    outputTokens: usage.output_tokens,
  };
  const byLifetime = usage.cache_creation;
  const hour = byLifetime?.ephemeral_1h_input_tokens ?? 0;
  // A server that breaks the writes down but leaves the total out still reported them.
  const written =
    usage.cache_creation_input_tokens ??
    (byLifetime == null ? undefined : (byLifetime.ephemeral_5m_input_tokens ?? 0) + hour);
  if (usage.cache_read_input_tokens != null)
    result.cachedInputTokens = usage.cache_read_input_tokens;
  if (written !== undefined) result.cacheWriteTokens = written;
  if (hour > 0) {
    if (hour > (written ?? 0))
      throw notWireFormat(step, "a usage whose one-hour cache writes exceed its cache writes");
    result.cacheWrite1hTokens = hour;
  }
  return result;
}

/**
 * The API's stop reason, normalised. `pause_turn`, `model_context_window_exceeded` and any
 * reason added later are `other`: none of them is cured by the caller's `max_tokens` escalation.
 *
 * @internal
 */
export function toStopReason(reason: string | null | undefined): StopReason {
  switch (reason) {
    case "end_turn":
    case "stop_sequence":
      return "end";
    case "tool_use":
      return "tool_calls";
    case "max_tokens":
      return "max_tokens";
    case "refusal":
      return "refusal";
    default:
      return "other";
  }
}
