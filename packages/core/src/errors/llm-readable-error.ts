import { hasBrand } from "./brand.js";

const LLM_READABLE = Symbol.for("nucleo.error.llm-readable");

/** Options every {@link LLMReadableError} accepts. */
export interface LLMReadableErrorOptions {
  /** The underlying failure; kept for stack traces, never put into the model's prose. */
  readonly cause?: unknown;
}

/**
 * Base of every failure a model may read. Its `message` is written for the model (and for the
 * operator): it names what went wrong and what to change, and never quotes a secret or a value
 * the model sent where the outcome rules say not to.
 *
 * The three outcomes are its subclasses: {@link InvalidInputError} (the model can correct it),
 * {@link ExternalServiceError} (a service failed; not the model's fault) and
 * {@link SystemError} (our own fault).
 */
export abstract class LLMReadableError extends Error {
  /** A short, stable machine code such as `invalid_input`. */
  abstract readonly code: string;
  /** Whether the model can fix this by changing its own input. */
  abstract readonly correctable: boolean;

  constructor(message: string, options: LLMReadableErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    Object.defineProperty(this, LLM_READABLE, { value: true });
    this.name = new.target.name;
  }

  /** True for any {@link LLMReadableError}, from whichever copy of this package it came. */
  static isInstance(value: unknown): value is LLMReadableError {
    return hasBrand(value, LLM_READABLE);
  }
}
