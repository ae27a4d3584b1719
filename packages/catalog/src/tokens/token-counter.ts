/**
 * Counts the tokens of a text as one model family sees them.
 *
 * `exact` counters run the model's own tokenizer; `estimate` counters approximate it for models
 * whose tokenizer is not public, and may learn from what providers report.
 *
 * @example
 * const counter: TokenCounter = new EncodingCounter("o200k_base");
 * counter.count("hello world"); // 2
 */
export interface TokenCounter {
  /** Whether counts come from the model's own tokenizer or approximate it. */
  readonly kind: "exact" | "estimate";
  /** What counts: the encoding (`o200k_base`) or the estimate (`estimate:<entry id>`). */
  readonly name: string;
  /** The tokens of `text`; 0 for the empty string. */
  count(text: string): number;
}
