import type { RequestCountMemo } from "./request-count-memo.js";

/** Text as the wire carries it: a message part, a tool definition, system instructions. */
export interface RenderedText {
  readonly text: string;
  /**
   * A fixed weight counted on top of the text, for what is not text on the wire (an image, a
   * file): an estimate the provider's reported usage corrects at settlement.
   */
  readonly tokens?: number;
}

/**
 * One message of a rendered request. Its text, its parts, or both are counted, with its role.
 * Treated as immutable: its count is cached by object identity.
 */
export interface RenderedMessage {
  readonly role: string;
  readonly text?: string;
  /** Text parts, such as a tool call's arguments or a tool's result, rendered as text. */
  readonly parts?: readonly RenderedText[];
}

/**
 * The input of one model call as the wire will carry it. Every object in it is treated as
 * immutable, so a conversation that grows by a turn re-uses the counts of its earlier turns.
 *
 * @example
 * const request: RenderedRequest = {
 *   system: { text: "You are terse." },
 *   tools: [{ text: JSON.stringify(weatherToolDefinition) }],
 *   messages: [{ role: "user", text: "Weather in Oslo?" }],
 * };
 */
export interface RenderedRequest {
  /**
   * The conversation's memo of its last counted request: with it, only the messages added
   * since are counted (the earlier ones must be the very same objects, in the same order).
   */
  readonly countMemo?: RequestCountMemo;
  /** System instructions, counted as a message with the role `system`. */
  readonly system?: RenderedText;
  /** Tool definitions, each rendered as the text the provider is sent. */
  readonly tools?: readonly RenderedText[];
  readonly messages: readonly RenderedMessage[];
}
