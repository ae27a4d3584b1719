/**
 * What was said in a run, as events carry it: the messages of a model call and its answer.
 * These are the shapes observers read; the conversation layer's own turns and parts satisfy
 * them as they are, so a model call hands its request's objects over without copying. Every
 * object reachable from here is immutable: a turn that appears in many requests of one loop is
 * the same object each time, so an observer may key what it derives from it by identity.
 */

/** Plain text. */
export interface SaidTextPart {
  readonly type: "text";
  readonly text: string;
}

/** An image or a file. Its bytes may be present (`data`, `source`); observers need not keep them. */
export interface SaidMediaPart {
  readonly type: "image" | "file";
  readonly mediaType: string;
  /** Empty: media has no text. */
  readonly text: string;
}

/** A model's native reasoning (or the provider's summary of it). */
export interface SaidThinkingPart {
  readonly type: "thinking";
  readonly text: string;
  /** Opaque data of a block the provider redacted; its presence is what matters. */
  readonly redacted?: string;
}

/** A call the model asked for. */
export interface SaidToolCallPart {
  readonly type: "tool_call";
  readonly id: string;
  readonly name: string;
  /** The arguments as JSON text. */
  readonly text: string;
}

/** What a tool returned for one call, as the model read it. */
export interface SaidToolResultPart {
  readonly type: "tool_result";
  readonly callId: string;
  readonly name: string;
  readonly text: string;
  readonly isError: boolean;
}

/** Any part of a said message. */
export type SaidPart =
  | SaidTextPart
  | SaidMediaPart
  | SaidThinkingPart
  | SaidToolCallPart
  | SaidToolResultPart;

/** One message of a model call's conversation. Tool results travel in `user` messages. */
export interface SaidMessage {
  readonly role: "user" | "assistant";
  readonly parts: readonly SaidPart[];
}

/** What the model sent back in one call. */
export interface SaidResponse {
  /** The answer's text; empty when the model only called tools. */
  readonly text: string;
  readonly toolCalls: readonly SaidToolCallPart[];
  /** Native thinking, or the provider's summary of it, as the provider returned it. */
  readonly thinking: readonly SaidThinkingPart[];
}

/** One model call's content: the request exactly as rendered for the model, and the response. */
export interface ModelCallContent {
  /** The rendered system text. */
  readonly system: string;
  /** The conversation as sent, oldest first. */
  readonly messages: readonly SaidMessage[];
  /** The names of the tools offered (their schemas are the tools' own, not what was said). */
  readonly tools: readonly string[];
  /** `auto`, `required` or `none`, when the request set it. */
  readonly toolChoice?: "auto" | "required" | "none";
  /** The structured answer's schema, when the answer had to be a JSON object. */
  readonly responseFormat?: { readonly name: string; readonly schema: unknown };
  readonly response: SaidResponse;
}
