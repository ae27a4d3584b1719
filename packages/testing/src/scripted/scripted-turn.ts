import type { TokenUsage } from "@nucleo/core";
import type { LlmBinding, LlmRequest, StopReason } from "@nucleo/conversation";

/** A tool call a scripted answer makes; the client mints the id when none is given. */
export interface ScriptedToolCall {
  readonly id?: string;
  readonly name: string;
  readonly arguments: Readonly<Record<string, unknown>>;
}

/**
 * One scripted answer: an `LlmResponse` with everything optional. Left out, `content` is empty,
 * `stopReason` is `tool_calls` when there are tool calls (else `end`), `usage` is counted from
 * the request and the answer, and `providerModel` is the binding's model.
 */
export interface ScriptedAnswer {
  readonly content?: string;
  readonly toolCalls?: readonly ScriptedToolCall[];
  /** Thinking blocks: text, or text with the provider's signature. */
  readonly thinking?: ReadonlyArray<
    string | { readonly text: string; readonly signature?: string }
  >;
  /** Any field given replaces the counted one. */
  readonly usage?: Partial<TokenUsage>;
  readonly stopReason?: StopReason;
  readonly providerModel?: string;
}

/** What a scripted function is told about the call it answers. */
export interface ScriptedCallInfo {
  /** 1 for the client's first call. */
  readonly call: number;
}

/**
 * One scripted model call: an answer, a fault to throw (a `ThrottleSignal`, an
 * `ExternalServiceError`, any `Error`), or a function that decides from the request.
 */
export type ScriptedTurn =
  | ScriptedAnswer
  | Error
  | ((
      request: LlmRequest,
      binding: LlmBinding,
      info: ScriptedCallInfo,
    ) => ScriptedTurn | Promise<ScriptedTurn>);
