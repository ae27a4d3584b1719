import { hasBrand } from "./brand.js";
import { LLMReadableError, type LLMReadableErrorOptions } from "./llm-readable-error.js";

const INVALID_INPUT = Symbol.for("nucleo.error.invalid-input");

/** What an {@link InvalidInputError} names. */
export interface InvalidInputErrorOptions extends LLMReadableErrorOptions {
  /** The parameter as its author knows it: the model's snake_case name, or a path like `items[2].name`. */
  readonly parameter: string;
  /** What was expected there, stated from the schema (a type, an enum's values, a rule). */
  readonly expected: string;
  /**
   * The value to quote back, only where quoting it helps and is safe (a service tool naming
   * the URL it could not fetch). Answer-shape refusals never set it.
   */
  readonly value?: string;
}

/**
 * The correctable outcome: the input (from code or from a model) is wrong in a way its author
 * can fix. The message names the parameter and what was expected.
 *
 * @example
 * throw new InvalidInputError({ parameter: "patent_number", expected: "an EP publication number like EP1234567" });
 */
export class InvalidInputError extends LLMReadableError {
  readonly code = "invalid_input";
  readonly correctable = true;
  readonly parameter: string;
  readonly expected: string;
  readonly value: string | undefined;

  constructor(options: InvalidInputErrorOptions) {
    const quoted = options.value === undefined ? "" : ` (got ${JSON.stringify(options.value)})`;
    super(
      `Invalid value for "${options.parameter}"${quoted}: expected ${options.expected}.`,
      options,
    );
    Object.defineProperty(this, INVALID_INPUT, { value: true });
    this.parameter = options.parameter;
    this.expected = options.expected;
    this.value = options.value;
  }

  /** True for any {@link InvalidInputError}, from whichever copy of this package it came. */
  static override isInstance(value: unknown): value is InvalidInputError {
    return hasBrand(value, INVALID_INPUT);
  }
}
