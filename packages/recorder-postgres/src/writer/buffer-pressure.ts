/**
 * The back-pressure a {@link PostgresRecorder} puts on the dispatcher: once more than
 * `maxBuffered` events wait to be written, one promise holds new job attempts back until fewer
 * than half that many wait. Released at half rather than just under the limit, so a run does
 * not stop and start again at every batch while the database is slow.
 *
 * @example
 * const pressure = new BufferPressure(100);
 * const held = pressure.hold(101); // a promise: the dispatcher waits on it
 * pressure.drained(49);            // resolves it
 *
 * @internal
 */
export class BufferPressure {
  readonly #maxBuffered: number;
  #held: { readonly promise: Promise<void>; readonly resolve: () => void } | undefined;

  constructor(maxBuffered: number) {
    this.#maxBuffered = maxBuffered;
  }

  /**
   * With `buffered` events waiting: the promise to wait on, if a hold is on or starts now
   * (more than `maxBuffered` wait); else `undefined`.
   */
  hold(buffered: number): Promise<void> | undefined {
    if (this.#held !== undefined) return this.#held.promise;
    if (buffered <= this.#maxBuffered) return undefined;
    let resolve!: () => void;
    const promise = new Promise<void>((done) => (resolve = done));
    this.#held = { promise, resolve };
    return promise;
  }

  /** The writer made progress and `buffered` events still wait: lifts the hold below half of `maxBuffered`. */
  drained(buffered: number): void {
    if (buffered >= this.#maxBuffered / 2) return;
    this.release();
  }

  /** Lifts the hold whatever waits: the recorder stopped, and nothing it holds back would drain it. */
  release(): void {
    if (this.#held === undefined) return;
    this.#held.resolve();
    this.#held = undefined;
  }
}
