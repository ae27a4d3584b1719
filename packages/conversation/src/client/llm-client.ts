import type { TokenUsage } from "@nucleo/core";
import type { CatalogEntry } from "@nucleo/catalog";
import type { RequestCountMemo } from "@nucleo/catalog/internal";
import type { Depth } from "@nucleo/core";
import type { ThinkingPart, ToolCallPart } from "../model/parts.js";
import type { JsonSchema, ToolDefinition } from "../model/tool-definition.js";
import type { Turn } from "../model/turn.js";

/**
 * One model call as the wire will carry it, provider-neutral. Built by rendering a
 * conversation; every object in it is immutable (token counts are cached by identity).
 */
export interface LlmRequest {
  /** The rendered system content: objective slots, framework guidance, admitted skills. */
  readonly system: { readonly text: string };
  readonly messages: readonly Turn[];
  /** Tools offered this turn; empty for none. */
  readonly tools: readonly ToolDefinition[];
  /** `required` forces a tool call, `none` forbids one. Default `auto`. */
  readonly toolChoice?: "auto" | "required" | "none";
  /**
   * The answer's JSON Schema, when the answer must be a JSON object. Clients whose entry has
   * `structuredOutput` enforce it natively (strict); others rely on the rendered contract.
   */
  readonly responseFormat?: { readonly name: string; readonly schema: JsonSchema };
  /**
   * A stable, opaque key for the conversation this call continues, the same on every turn, so
   * a provider that routes by it (OpenAI's `prompt_cache_key`) lands each turn on the cache the
   * last one filled. A hash of the conversation's id, never the id itself.
   */
  readonly cacheKey?: string;
  /** The conversation's memo for token counting (so a grown request counts only its new turns); clients ignore it. */
  readonly countMemo?: RequestCountMemo;
}

/** The concrete seat a call runs on: the entry and the budgets behind the seat's words. */
export interface LlmBinding {
  readonly entry: CatalogEntry;
  /** `max_tokens` for this call: answer plus reasoning (the ceiling after a truncation). */
  readonly maxOutputTokens: number;
  /** Reasoning tokens at the seat's depth (0 for none). */
  readonly reasoningTokens: number;
  /** The seat's depth, for providers that take an effort word instead of a token budget. */
  readonly depth: Depth;
}

/** Why the model stopped, normalised across providers. */
export type StopReason = "end" | "tool_calls" | "max_tokens" | "refusal" | "other";

/** What a model call brought back. */
export interface LlmResponse {
  /** The answer's text (all text blocks joined); empty when the model only called tools. */
  readonly content: string;
  readonly toolCalls: readonly ToolCallPart[];
  readonly thinking: readonly ThinkingPart[];
  readonly usage: TokenUsage;
  readonly stopReason: StopReason;
  /** The model name the provider reported. */
  readonly providerModel: string;
  /**
   * The OpenAI Responses `message` item that carried `content` (its `msg_…` id, and its
   * `phase` when the API sent one), when one item carried it all. The conversation keeps it on
   * the answer's text part, so the next request can send the message back whole after its
   * reasoning item. Absent for every other provider.
   */
  readonly textItem?: { readonly id: string; readonly phase?: string };
}

/** A piece of a streamed answer. */
export type LlmDelta =
  | { readonly type: "text"; readonly text: string }
  | { readonly type: "thinking"; readonly text: string }
  | { readonly type: "tool_call"; readonly call: ToolCallPart };

/**
 * The one seam between Nucleo and a provider. A client sends a rendered request for a binding
 * and returns the provider-neutral response. It reports failures as Nucleo's outcomes:
 * `ThrottleSignal` for "slow down" (429, overloaded), `ExternalServiceError` naming the
 * provider and step for server faults, network faults and answers that are not the wire
 * format, `InvalidInputError` for a request the provider refused as malformed. It never puts
 * a key or secret in any of them. A `max_tokens` stop is a normal response with that stop
 * reason (the caller escalates). Nothing above the client knows whether tools went natively
 * or as text.
 */
export interface LlmClient {
  /** Sends one call and waits for the whole answer. */
  send(request: LlmRequest, binding: LlmBinding, signal: AbortSignal): Promise<LlmResponse>;
  /**
   * Sends one call and yields the answer as it arrives; the generator's return value is the
   * same {@link LlmResponse} `send` would give.
   */
  stream(
    request: LlmRequest,
    binding: LlmBinding,
    signal: AbortSignal,
  ): AsyncGenerator<LlmDelta, LlmResponse, void>;
}
