/** What {@link RetryBackoff.failed} answers for one failed write. */
export interface RetryDelay {
  /** How many writes in a row have failed, this one included. */
  readonly attempt: number;
  /** How long to wait before the next try. */
  readonly delayMs: number;
  /** How long the writes have been failing, from the first failure in a row to this one. */
  readonly failingForMs: number;
}

/**
 * The exponential back-off of the recorder's writer: `initialMs`, doubling with each failure
 * in a row up to `maxMs`, for as long as the database stays away. The exponent is capped so
 * that a very long outage cannot overflow the doubling into `Infinity`.
 *
 * @example
 * const backoff = new RetryBackoff({ initialMs: 100, maxMs: 1_000 });
 * backoff.failed(0).delayMs; // 100
 * backoff.failed(0).delayMs; // 200
 * backoff.succeeded();       // the next failure waits 100 again
 *
 * @internal
 */
export class RetryBackoff {
  readonly #initialMs: number;
  readonly #maxMs: number;
  #failures = 0;
  #failingSince = 0;

  constructor(options: { readonly initialMs: number; readonly maxMs: number }) {
    this.#initialMs = options.initialMs;
    this.#maxMs = options.maxMs;
  }

  /** A write failed at `now`: counts it, and answers how long to wait before the next. */
  failed(now: number): RetryDelay {
    if (this.#failures === 0) this.#failingSince = now;
    this.#failures += 1;
    const delayMs = Math.min(this.#maxMs, this.#initialMs * 2 ** Math.min(this.#failures - 1, 30));
    return { attempt: this.#failures, delayMs, failingForMs: now - this.#failingSince };
  }

  /** A write succeeded: the next failure starts the back-off again. */
  succeeded(): void {
    this.#failures = 0;
  }
}
