import { CalibratedEstimate } from "./calibrated-estimate.js";
import { CHAT_FRAMING } from "./chat-framing.js";
import type { RenderedMessage, RenderedRequest, RenderedText } from "./rendered-request.js";
import type { TokenCounter } from "./token-counter.js";

const SYSTEM_ROLE = "system";

/**
 * Counts the input tokens of a rendered request, counting each message, tool definition and
 * system text once: counts are cached by object identity, so re-pricing a conversation after
 * one more turn counts only that turn. Includes the chat format's framing per message and
 * per request.
 *
 * With a {@link CalibratedEstimate}, the cache keeps its uncalibrated measures and the current
 * factor is applied to the total, so earlier turns are never priced at a stale factor.
 *
 * @example
 * const requests = new RequestTokenCounter(new EncodingCounter("o200k_base"));
 * const turns = [{ role: "user", text: "Hi" }];
 * requests.count({ messages: turns }); // 8: 1 + 1 for the role and text, 3 + 3 of chat framing
 * requests.count({ messages: [...turns, { role: "assistant", text: "Hello!" }] }); // counts only the new turn
 */
export class RequestTokenCounter {
  /** The counter every text is counted with. */
  readonly counter: TokenCounter;
  readonly #measure: (text: string) => number;
  readonly #total: (measured: number) => number;
  readonly #messages = new WeakMap<object, number>();
  readonly #tools = new WeakMap<object, number>();

  constructor(counter: TokenCounter) {
    this.counter = counter;
    if (counter instanceof CalibratedEstimate) {
      this.#measure = (text) => counter.measure(text);
      this.#total = (measured) => counter.calibrate(measured);
    } else {
      this.#measure = (text) => counter.count(text);
      this.#total = (measured) => measured;
    }
  }

  /** The input tokens of `request`: its messages, system text and tools, framing included. */
  count(request: RenderedRequest): number {
    const { system, messages, tools = [] } = request;
    let measured = CHAT_FRAMING.replyPriming;
    if (system !== undefined) measured += this.#message(system, SYSTEM_ROLE);
    for (const message of messages) measured += this.#message(message, message.role);
    if (tools.length > 0) measured += CHAT_FRAMING.toolDefinitions;
    for (const tool of tools) measured += this.#tool(tool);
    return this.#total(measured);
  }

  #message(message: Omit<RenderedMessage, "role">, role: string): number {
    let measured = this.#messages.get(message);
    if (measured === undefined) {
      measured = CHAT_FRAMING.perMessage + this.#measure(role);
      if (message.text !== undefined) measured += this.#measure(message.text);
      for (const part of message.parts ?? []) measured += this.#measure(part.text) + (part.tokens ?? 0);
      this.#messages.set(message, measured);
    }
    return measured;
  }

  #tool(tool: RenderedText): number {
    let measured = this.#tools.get(tool);
    if (measured === undefined) {
      measured = this.#measure(tool.text);
      this.#tools.set(tool, measured);
    }
    return measured;
  }
}
