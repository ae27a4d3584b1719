import type { MockWire } from "./mock-types.js";
import type { CacheablePrompt } from "./prompt-cache/cacheable-prompt.js";

/** A whole answer with every default filled in, ready for any wire to render. */
export interface ResolvedAnswer {
  /** A per-server sequence number; each wire shapes its own message id from it. */
  readonly sequence: number;
  readonly model: string;
  readonly createdMs: number;
  readonly text: string;
  readonly toolCalls: ReadonlyArray<{
    readonly id: string;
    readonly name: string;
    readonly arguments: Record<string, unknown>;
  }>;
  readonly thinking: ReadonlyArray<{ readonly text: string; readonly signature: string }>;
  /** `null` for an answer that must arrive without its usage object. */
  readonly usage: ResolvedUsage | null;
  readonly stopReason: "end" | "tool_calls" | "max_tokens";
}

/** Usage in Nucleo's sense: every field disjoint, so each wire can sum what it reports as totals. */
export interface ResolvedUsage {
  readonly inputTokens: number;
  readonly cachedInputTokens: number;
  readonly cacheWriteTokens: number;
  /** Of `cacheWriteTokens`, those written with the one-hour lifetime. */
  readonly cacheWrite1hTokens: number;
  readonly outputTokens: number;
  readonly reasoningTokens: number;
}

/** One server-sent event. `data` is JSON-encoded unless it is already a string. */
export interface SseEvent {
  readonly event?: string;
  readonly data: unknown;
}

/** A streamed answer's events, and where the event that completes the answer sits. */
export interface StreamedAnswer {
  readonly events: readonly SseEvent[];
  /** The index of the first event that tells the client the answer is complete; a cut stays before it. */
  readonly finishIndex: number;
}

/** What kind of failure an error body reports, beyond its status. */
export type WireErrorKind = "rate_limit_requests" | "rate_limit_tokens" | "overloaded" | "status";

/** An HTTP answer that is not a success: its status and JSON body. */
export interface WireErrorReply {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

/** Why a wire refuses a request: the provider's message, and what its error body names besides. */
export interface WireRefusal {
  readonly message: string;
  /** The request parameter at fault, as the provider names it (`input[2].call_id`). */
  readonly param?: string;
  /** The provider's error code (`invalid_value`, `missing_required_parameter`, ...). */
  readonly code?: string;
  /** Default 400. */
  readonly status?: number;
}

/** One provider's wire format: the request rules it enforces and the shapes it answers in. */
export interface WireFormat {
  readonly name: MockWire;
  /** The header that carries a request id on this wire. */
  readonly requestIdHeader: string;
  /** Checks a parsed body; returns the provider's refusal, or `null` when it is acceptable. */
  validate(body: Record<string, unknown>): string | WireRefusal | null;
  /** The parts of a body that make up its prompt, as default usage and the rate limits count them. */
  promptOf(body: Record<string, unknown>): unknown;
  /** The prompt as the provider's cache reads it: its blocks in order, and how it is cached. */
  cacheablePrompt(body: Record<string, unknown>): CacheablePrompt;
  /** Whether the request asked for a stream. */
  isStream(body: Record<string, unknown>): boolean;
  toolCallId(sequence: number): string;
  requestId(sequence: number): string;
  /** The JSON body of a whole answer to `request`. */
  answerBody(answer: ResolvedAnswer, request: Record<string, unknown>): Record<string, unknown>;
  /** The events of a streamed answer, in order, ending with the wire's end marker. */
  answerEvents(answer: ResolvedAnswer, request: Record<string, unknown>): StreamedAnswer;
  /** An error in the wire's shape; `refusal` adds the parameter and code a refusal names. */
  error(
    status: number,
    message: string,
    kind?: WireErrorKind,
    refusal?: Pick<WireRefusal, "param" | "code">,
  ): WireErrorReply;
}
