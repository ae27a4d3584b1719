import { hasBrand } from "./brand.js";
import { LLMReadableError, type LLMReadableErrorOptions } from "./llm-readable-error.js";

const SYSTEM = Symbol.for("nucleo.error.system");

/** What a {@link SystemError} says. */
export interface SystemErrorOptions extends LLMReadableErrorOptions {
  /** A short code: `internal`, `timeout`, `cancelled`, `correction_limit`, ... */
  readonly code?: string;
  /** A secret-free sentence for the model and the operator. */
  readonly message: string;
}

/**
 * The uncorrectable outcome that is the runtime's or the job's own fault: a bug, a timeout, a
 * cancellation, a limit reached. Never used for a failure of the model's own parameter.
 */
export class SystemError extends LLMReadableError {
  readonly code: string;
  readonly correctable = false;

  constructor(options: SystemErrorOptions) {
    super(options.message, options);
    Object.defineProperty(this, SYSTEM, { value: true });
    this.code = options.code ?? "internal";
  }

  /** True for any {@link SystemError}, from whichever copy of this package it came. */
  static override isInstance(value: unknown): value is SystemError {
    return hasBrand(value, SYSTEM);
  }
}
