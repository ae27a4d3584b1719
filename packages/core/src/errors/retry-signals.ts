import { hasBrand } from "./brand.js";

const RETRY_SIGNAL = Symbol.for("nucleo.signal.retry");
const THROTTLE = Symbol.for("nucleo.signal.throttle");
const CORRECTION = Symbol.for("nucleo.signal.correction");
const TRUNCATION = Symbol.for("nucleo.signal.truncation");

/** Which second chance a {@link RetrySignal} asks the dispatcher for. */
export type RetryKind = "throttle" | "correction" | "truncation";

/**
 * A request to the dispatcher, not a failure: re-run this job. Only the dispatcher consumes
 * signals; {@link unwrap} and {@link wrapWithContext} let them through untouched, so a broad
 * `catch` in a job never turns the model's second chance into an error.
 */
export abstract class RetrySignal extends Error {
  abstract readonly kind: RetryKind;

  constructor(message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    Object.defineProperty(this, RETRY_SIGNAL, { value: true });
    this.name = new.target.name;
  }

  /** True for any retry signal, from whichever copy of this package it came. */
  static isInstance(value: unknown): value is RetrySignal {
    return hasBrand(value, RETRY_SIGNAL);
  }
}

/**
 * The provider said "slow down". The dispatcher releases the job's seats, waits (honouring
 * `retryAfterMs` when the provider gave one, backing off exponentially when not) and admits the
 * job again.
 */
export class ThrottleSignal extends RetrySignal {
  readonly kind = "throttle";
  /** The provider's retry-after, in milliseconds, when it sent one. */
  readonly retryAfterMs: number | undefined;
  /** Which service throttled, for the operator (`openai`). */
  readonly service: string;

  constructor(options: { service: string; retryAfterMs?: number; cause?: unknown }) {
    super(`${options.service} is throttling requests`, options.cause);
    Object.defineProperty(this, THROTTLE, { value: true });
    this.service = options.service;
    // Only a finite, non-negative delay is a retry-after; anything else is "none given".
    const retryAfterMs = options.retryAfterMs;
    this.retryAfterMs =
      typeof retryAfterMs === "number" && Number.isFinite(retryAfterMs) && retryAfterMs >= 0
        ? retryAfterMs
        : undefined;
  }

  /** True for a throttle signal, from whichever copy of this package it came. */
  static override isInstance(value: unknown): value is ThrottleSignal {
    return hasBrand(value, THROTTLE);
  }
}

/**
 * The model's answer did not parse or lacked required fields; the job has already appended a
 * correction turn to its conversation. The dispatcher re-runs the same instance, at most
 * {@link MAX_CORRECTIONS} times.
 */
export class CorrectionSignal extends RetrySignal {
  readonly kind = "correction";
  /** What was wrong, in the words of the correction turn (never the model's value). */
  readonly reason: string;

  constructor(options: { reason: string; cause?: unknown }) {
    super(`answer needs correction: ${options.reason}`, options.cause);
    Object.defineProperty(this, CORRECTION, { value: true });
    this.reason = options.reason;
  }

  /** True for a correction signal, from whichever copy of this package it came. */
  static override isInstance(value: unknown): value is CorrectionSignal {
    return hasBrand(value, CORRECTION);
  }
}

/**
 * The model stopped at its output budget. The dispatcher re-runs the job once with
 * `attempt.escalated` set, so its seat is booked at the entry's output ceiling.
 */
export class TruncationSignal extends RetrySignal {
  readonly kind = "truncation";

  constructor(options: { cause?: unknown } = {}) {
    super("answer was cut off at the output budget", options.cause);
    Object.defineProperty(this, TRUNCATION, { value: true });
  }

  /** True for a truncation signal, from whichever copy of this package it came. */
  static override isInstance(value: unknown): value is TruncationSignal {
    return hasBrand(value, TRUNCATION);
  }
}

/** How many correction turns the dispatcher allows one job before the job must give up. */
export const MAX_CORRECTIONS = 3;
