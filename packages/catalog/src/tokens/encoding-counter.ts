import type { TokenCounter } from "./token-counter.js";
import {
  processTokenizer,
  type GptTokenizerLoader,
  type TokenizerEncoding,
} from "./gpt-tokenizer-loader.js";

// Special-token markers such as `<|endoftext|>` inside user text reach the model as plain text,
// so they are counted as plain text rather than refused.
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

/**
 * An exact counter: OpenAI's tokenizer for one encoding (via gpt-tokenizer, an optional peer:
 * without it, the first non-empty count fails naming the package to add). The encoding is
 * loaded on the first non-empty count, once per process, and shared by every counter of it.
 *
 * @example
 * const counter = new EncodingCounter("o200k_base");
 * counter.count("hello world"); // 2
 */
export class EncodingCounter implements TokenCounter {
  readonly kind = "exact" as const;
  readonly name: TokenizerEncoding;
  readonly #tokenizer: GptTokenizerLoader;

  /** `tokenizer` is where the encoding loads from: the process's own unless a test injects one. */
  constructor(encoding: TokenizerEncoding, tokenizer: GptTokenizerLoader = processTokenizer) {
    this.name = encoding;
    this.#tokenizer = tokenizer;
  }

  /** The encoding's tokens of `text`; 0 for the empty string. */
  count(text: string): number {
    if (text === "") return 0;
    return this.#tokenizer.load(this.name).countTokens(text, PLAIN_TEXT);
  }
}
