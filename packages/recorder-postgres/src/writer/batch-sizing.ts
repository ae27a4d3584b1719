/** A batch that failed this many times in a row is halved: retrying it whole has not helped. */
export const FAILURES_BEFORE_HALVING = 2;

/** After this many writes in a row at a reduced size, the size doubles again (up to the configured one). */
export const WRITES_BEFORE_GROWING = 8;

/**
 * A single event that fails this many times in a row on a limit (a statement timeout, a message
 * or a value past what the server takes: see `classifyDatabaseFailure`) is given up on: alone,
 * it cannot be made smaller, so it would fail for ever ...
 */
export const SINGLE_EVENT_ATTEMPTS = 5;

/**
 * ... once it has kept failing so for at least this long: a statement timeout may come from a
 * lock another session holds for a while (a migration, a long merge), which passes; a recorder
 * that stopped for it would stop for good.
 */
export const SINGLE_EVENT_PATIENCE_MS = 120_000;

/**
 * How many events the writer takes into its next batch. A batch that keeps failing may fail for
 * its size — a statement_timeout it always exceeds, a message past the server's limit, a backend
 * killed for the memory it took — so resending it whole could fail for ever; halving it (down to
 * one event) lets the writer get past such a limit. The size then grows back, doubling after
 * {@link WRITES_BEFORE_GROWING} writes in a row, so a halving caused by an outage does not slow
 * the writer for good, and a size the server cannot take is not retried after every write.
 * A single event that keeps failing on a limit is given up on ({@link singleEventFailed}).
 *
 * @example
 * const sizing = new BatchSizing(5_000);
 * sizing.failed(5_000); // 5000: retried whole once
 * sizing.failed(5_000); // 2500: halved
 * sizing.limit;         // 2500 until 8 writes in a row succeed
 *
 * @internal
 */
export class BatchSizing {
  readonly #max: number;
  #limit: number;
  /** Failures in a row of the batch in hand. */
  #failures = 0;
  /** Writes in a row since the size last changed. */
  #writes = 0;
  /** Failures in a row, on a limit, of the single event in hand, and when the first was. */
  #singleEventFailures = 0;
  #singleEventFailingSince = 0;

  constructor(max: number) {
    this.#max = max;
    this.#limit = max;
  }

  /** The most events the next batch takes. */
  get limit(): number {
    return this.#limit;
  }

  /**
   * The batch in hand, of `events` events, failed and will be retried: returns how many of them
   * the retry writes — all of them, or the first half once it has failed
   * {@link FAILURES_BEFORE_HALVING} times in a row (the rest go next, in order).
   */
  failed(events: number): number {
    this.#writes = 0;
    this.#failures += 1;
    if (this.#failures < FAILURES_BEFORE_HALVING || events <= 1) return events;
    this.#failures = 0;
    this.#singleEventFailures = 0;
    this.#limit = Math.ceil(events / 2);
    return this.#limit;
  }

  /**
   * The batch in hand, one event alone, failed on a limit at `now`: answers whether to give up
   * on it ({@link SINGLE_EVENT_ATTEMPTS} failures in a row, over {@link SINGLE_EVENT_PATIENCE_MS}).
   */
  singleEventFailed(now: number): boolean {
    if (this.#singleEventFailures++ === 0) this.#singleEventFailingSince = now;
    return (
      this.#singleEventFailures >= SINGLE_EVENT_ATTEMPTS &&
      now - this.#singleEventFailingSince >= SINGLE_EVENT_PATIENCE_MS
    );
  }

  /** How many times in a row the single event in hand has failed on a limit. */
  get singleEventFailures(): number {
    return this.#singleEventFailures;
  }

  /** How long the single event in hand has been failing on a limit, at `now`. */
  singleEventFailingForMs(now: number): number {
    return now - this.#singleEventFailingSince;
  }

  /** The batch in hand was written. */
  written(): void {
    this.#failures = 0;
    this.#singleEventFailures = 0;
    if (this.#limit >= this.#max) return;
    this.#writes += 1;
    if (this.#writes < WRITES_BEFORE_GROWING) return;
    this.#writes = 0;
    this.#limit = Math.min(this.#max, this.#limit * 2);
  }
}
