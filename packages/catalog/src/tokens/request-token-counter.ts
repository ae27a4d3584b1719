import { CalibratedEstimate } from "./calibrated-estimate.js";
import { CHAT_FRAMING } from "./chat-framing.js";
import type { RenderedMessage, RenderedRequest, RenderedText } from "./rendered-request.js";
import type { TokenCounter } from "./token-counter.js";

const SYSTEM_ROLE = "system";
const NO_TOOLS: readonly RenderedText[] = Object.freeze([]);
/** How many distinct system texts are remembered by content (the cache starts over past it). */
const SYSTEM_TEXTS_KEPT = 512;
/** ... and this many characters of them at most. */
const SYSTEM_CHARS_KEPT = 4_000_000;
/** Texts up to this many characters are remembered by content ... */
const SHORT_TEXT_CHARS = 256;
/** ... this many of them at most (the cache starts over past it): under 1 MB. */
const SHORT_TEXTS_KEPT = 4_096;

/**
 * Counts the input tokens of a rendered request, counting each message, tool definition and
 * system text once, so re-pricing a conversation after one more turn counts only that turn:
 * with the request's `countMemo`, the messages added since its last count are counted onto
 * what it measured; without one, counts are cached by object identity. Includes the chat
 * format's framing per message and per request.
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
  readonly #messageCounts = new WeakMap<object, number>();
  readonly #tools = new WeakMap<object, number>();
  // System texts repeat by content across conversations (every run of a thinker class renders
  // the same objective and guidance), so they are also cached by their text, boundedly.
  readonly #systemTexts = new Map<string, number>();
  #systemChars = 0;
  // Short texts (roles, small tool results, ids) recur across conversations; counting one
  // costs far more than looking it up.
  readonly #shortTexts = new Map<string, number>();

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
    const { system, messages, tools = NO_TOOLS, countMemo: memo } = request;
    // The memo is read first and written last, all at once: a counter that throws midway leaves
    // it as it was, never half of one counter's measures and half of another's.
    const mine = memo !== undefined && memo.counter === this;
    const fixed =
      mine && memo.system === system && memo.tools === tools
        ? memo.fixed
        : this.#measureFixed(system, tools);
    // A memo that measured no message yet is any counter's to start.
    const continues =
      memo !== undefined &&
      (mine || memo.messages.length === 0) &&
      beginsWith(messages, memo.messages);
    const measured = continues
      ? this.#countAfter(memo.messages.length, memo.measured, messages)
      : this.#countCached(messages);
    if (memo !== undefined) {
      memo.counter = this;
      memo.system = system;
      memo.tools = tools;
      memo.fixed = fixed;
      memo.messages = messages;
      memo.measured = measured;
    }
    return this.#total(CHAT_FRAMING.replyPriming + fixed + measured);
  }

  /** The system text and the tools, framing included. */
  #measureFixed(system: RenderedText | undefined, tools: readonly RenderedText[]): number {
    let measured = system === undefined ? 0 : this.#system(system);
    if (tools.length > 0) measured += CHAT_FRAMING.toolDefinitions;
    for (let index = 0; index < tools.length; index++) measured += this.#tool(tools[index]!);
    return measured;
  }

  /** `measured` (what the first `from` messages measured) plus the messages after them, counted afresh. */
  #countAfter(from: number, measured: number, messages: readonly RenderedMessage[]): number {
    let total = measured;
    for (let index = from; index < messages.length; index++)
      total += this.#measureMessage(messages[index]!, messages[index]!.role);
    return total;
  }

  /** Every message, each from the cache by identity. */
  #countCached(messages: readonly RenderedMessage[]): number {
    let total = 0;
    for (let index = 0; index < messages.length; index++)
      total += this.#message(messages[index]!, messages[index]!.role);
    return total;
  }

  #message(message: Omit<RenderedMessage, "role">, role: string): number {
    let measured = this.#messageCounts.get(message);
    if (measured === undefined) {
      measured = this.#measureMessage(message, role);
      this.#messageCounts.set(message, measured);
    }
    return measured;
  }

  #measureMessage(message: Omit<RenderedMessage, "role">, role: string): number {
    let measured = CHAT_FRAMING.perMessage + this.#measureText(role);
    if (message.text !== undefined) measured += this.#measureText(message.text);
    const parts = message.parts;
    if (parts !== undefined)
      for (let index = 0; index < parts.length; index++)
        measured += this.#measureText(parts[index]!.text) + (parts[index]!.tokens ?? 0);
    return measured;
  }

  #measureText(text: string): number {
    if (text.length > SHORT_TEXT_CHARS) return this.#measure(text);
    let measured = this.#shortTexts.get(text);
    if (measured === undefined) {
      measured = this.#measure(text);
      if (this.#shortTexts.size >= SHORT_TEXTS_KEPT) this.#shortTexts.clear();
      this.#shortTexts.set(text, measured);
    }
    return measured;
  }

  #system(system: Omit<RenderedMessage, "role">): number {
    const text = system.text;
    if (text === undefined || system.parts !== undefined) return this.#message(system, SYSTEM_ROLE);
    let measured = this.#systemTexts.get(text);
    if (measured === undefined) {
      measured = this.#message(system, SYSTEM_ROLE);
      // Bounded by count and by characters: system texts may carry text a model wrote (a
      // delegate's objective), so no run can make the cache hold more than a few megabytes.
      this.#systemChars += text.length;
      if (this.#systemTexts.size >= SYSTEM_TEXTS_KEPT || this.#systemChars > SYSTEM_CHARS_KEPT) {
        this.#systemTexts.clear();
        this.#systemChars = text.length;
      }
      this.#systemTexts.set(text, measured);
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

/** Whether `messages` starts with every message of `prefix`, the very same objects in order. */
function beginsWith(
  messages: readonly RenderedMessage[],
  prefix: readonly RenderedMessage[],
): boolean {
  if (messages === prefix) return true;
  if (prefix.length > messages.length) return false;
  for (let index = 0; index < prefix.length; index++)
    if (messages[index] !== prefix[index]) return false;
  return true;
}
