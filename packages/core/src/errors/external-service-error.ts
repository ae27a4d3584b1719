import { hasBrand } from "./brand.js";
import { LLMReadableError, type LLMReadableErrorOptions } from "./llm-readable-error.js";

const EXTERNAL_SERVICE = Symbol.for("nucleo.error.external-service");

/** What an {@link ExternalServiceError} names. */
export interface ExternalServiceErrorOptions extends LLMReadableErrorOptions {
  /** The service, as an operator would search the logs for it (`pubmed`, `epo-ops`). */
  readonly service: string;
  /** The step that failed (`fetch claims`, `search`). */
  readonly step: string;
  /** A short, secret-free detail such as `HTTP 503`. */
  readonly detail?: string;
}

/**
 * The uncorrectable outcome of a call to someone else's service: the model's input was not the
 * problem, so re-asking the model would not help. Names the service and the step.
 */
export class ExternalServiceError extends LLMReadableError {
  readonly code = "external_service";
  readonly correctable = false;
  readonly service: string;
  readonly step: string;

  constructor(options: ExternalServiceErrorOptions) {
    const detail = options.detail === undefined ? "" : `: ${options.detail}`;
    super(`The ${options.service} service failed during "${options.step}"${detail}.`, options);
    Object.defineProperty(this, EXTERNAL_SERVICE, { value: true });
    this.service = options.service;
    this.step = options.step;
  }

  /** True for any {@link ExternalServiceError}, from whichever copy of this package it came. */
  static override isInstance(value: unknown): value is ExternalServiceError {
    return hasBrand(value, EXTERNAL_SERVICE);
  }
}
