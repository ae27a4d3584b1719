import type { RunEvent } from "../events/run-event.js";
import type { RunObserver } from "../events/run-observer.js";

/**
 * Fans events out to observers, isolating each: an observer that throws is reported and the
 * rest still hear the event. `active` lets callers skip building events nobody will read.
 *
 * @internal
 */
export class EventSink {
  #observers: RunObserver[];
  active: boolean;

  constructor(
    observers: readonly RunObserver[],
    private readonly report: (problem: string, error: unknown) => void,
  ) {
    this.#observers = [...observers];
    this.active = this.#observers.length > 0;
  }

  add(observer: RunObserver): () => void {
    this.#observers = [...this.#observers, observer];
    this.active = true;
    return () => {
      this.#observers = this.#observers.filter((candidate) => candidate !== observer);
      this.active = this.#observers.length > 0;
    };
  }

  emit(event: RunEvent): void {
    for (const observer of this.#observers) {
      try {
        observer.onEvent(event);
      } catch (error) {
        this.report(`observer ${observer.constructor?.name ?? "(anonymous)"} threw`, error);
      }
    }
  }
}
