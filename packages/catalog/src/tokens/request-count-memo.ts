import type { RenderedMessage, RenderedText } from "./rendered-request.js";

/**
 * Where one conversation keeps what its last counted request measured. A renderer hands the
 * same memo with every request of a conversation (`RenderedRequest.countMemo`), and a
 * {@link RequestTokenCounter} then counts only the messages added since — without a cache
 * entry per message, which cost more than the counting it saved. Opaque to its owner.
 *
 * @example
 * const memo = new RequestCountMemo();
 * counter.count({ messages: turns, countMemo: memo });
 * counter.count({ messages: [...turns, reply], countMemo: memo }); // counts only `reply`
 */
export class RequestCountMemo {
  /** @internal The counter that measured {@link messages}. */
  counter: object | undefined = undefined;
  /** @internal The messages last measured, treated as immutable. */
  messages: readonly RenderedMessage[] = NO_MESSAGES;
  /** @internal What they measured, before any calibration. */
  measured = 0;
  /** @internal The system text and the tools last measured, treated as immutable. */
  system: RenderedText | undefined = undefined;
  /** @internal */
  tools: readonly RenderedText[] | undefined = undefined;
  /** @internal What the system text and the tools measured, before any calibration. */
  fixed = 0;
}

const NO_MESSAGES: readonly RenderedMessage[] = Object.freeze([]);
