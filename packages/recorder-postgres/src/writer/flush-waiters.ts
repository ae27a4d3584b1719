/** One `flush()` call waiting: settled once `upTo` events are written. */
interface FlushWaiter {
  readonly upTo: number;
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
}

/**
 * The `flush()` calls of a {@link PostgresRecorder} still waiting, each for the events handed
 * over before it: a flush promises those, not the ones that arrive while it waits, so a run
 * that keeps emitting cannot hold a flush open for ever.
 *
 * @example
 * const waiters = new FlushWaiters();
 * const flushed = waiters.wait(3); // resolves once 3 events are written
 * waiters.settle(3);
 *
 * @internal
 */
export class FlushWaiters {
  #waiting: FlushWaiter[] = [];

  /** A promise that resolves once `upTo` events are written, or rejects with what stopped the writer. */
  wait(upTo: number): Promise<void> {
    return new Promise<void>((resolve, reject) => this.#waiting.push({ upTo, resolve, reject }));
  }

  /** `done` events are written: resolves every waiter they cover, keeps the rest in order. */
  settle(done: number): void {
    if (this.#waiting.length === 0) return;
    const waiting: FlushWaiter[] = [];
    for (const waiter of this.#waiting) {
      if (done >= waiter.upTo) waiter.resolve();
      else waiting.push(waiter);
    }
    this.#waiting = waiting;
  }

  /** The writer stopped (a refusal, `abandon()`): every waiter fails with `error`. */
  rejectAll(error: Error): void {
    for (const waiter of this.#waiting.splice(0)) waiter.reject(error);
  }
}
