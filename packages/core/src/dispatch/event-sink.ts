import type { RunEvent } from "../events/run-event.js";
import type { RunObserver } from "../events/run-observer.js";
import type { LogFields } from "../log/logger.js";

/**
 * Fans events out to observers, isolating each: an observer that throws is reported and the
 * rest still hear the event. `active` lets callers skip building events nobody will read, and
 * `content` skips building what was said while no observer wants it.
 *
 * @internal
 */
export class EventSink {
  #observers: RunObserver[];
  /** The observers that want what was said, as each answered when it was added. */
  readonly #wanting = new Set<RunObserver>();
  /** The observers that may hold the dispatcher back (those with `pressure`). */
  #pressing: RunObserver[];
  active: boolean;
  /** Whether some observer wants what was said (`RunObserver.wantsContent`). */
  content: boolean;

  constructor(
    observers: readonly RunObserver[],
    private readonly report: (problem: string, error: unknown, fields?: LogFields) => void,
  ) {
    this.#observers = [...observers];
    this.#pressing = this.#observers.filter(hasPressure);
    this.active = this.#observers.length > 0;
    for (const observer of this.#observers) if (wantsContent(observer)) this.#wanting.add(observer);
    this.content = this.#wanting.size > 0;
  }

  add(observer: RunObserver): () => void {
    this.#observers = [...this.#observers, observer];
    if (hasPressure(observer)) this.#pressing = [...this.#pressing, observer];
    this.active = true;
    if (wantsContent(observer)) this.#wanting.add(observer);
    this.content = this.#wanting.size > 0;
    return () => {
      this.#observers = this.#observers.filter((candidate) => candidate !== observer);
      this.#pressing = this.#pressing.filter((candidate) => candidate !== observer);
      this.active = this.#observers.length > 0;
      this.#wanting.delete(observer);
      this.content = this.#wanting.size > 0;
    };
  }

  /** A promise while some observer cannot take more events, else `undefined` (the common case, cheaply). */
  pressure(): Promise<unknown> | undefined {
    if (this.#pressing.length === 0) return undefined;
    const waits: Promise<void>[] = [];
    for (const observer of this.#pressing) {
      try {
        const wait = observer.pressure!();
        if (wait) waits.push(wait);
      } catch (error) {
        this.report(`observer ${nameOf(observer)} threw from pressure()`, error, {
          observer: nameOf(observer),
        });
      }
    }
    if (waits.length === 0) return undefined;
    // An observer whose wait rejects is reported, never fatal to the job it held.
    return Promise.all(waits).catch((error: unknown) =>
      this.report("an observer's pressure() rejected", error),
    );
  }

  emit(event: RunEvent): void {
    for (const observer of this.#observers) {
      try {
        observer.onEvent(event);
      } catch (error) {
        this.report(`observer ${nameOf(observer)} threw`, error, {
          observer: nameOf(observer),
          event: event.type,
        });
      }
    }
  }
}

function nameOf(observer: RunObserver): string {
  return observer.constructor?.name ?? "(anonymous)";
}

/**
 * Whether `observer` wants what was said. A getter that throws is an observer that gets no
 * content, never a crash of the run. @internal
 */
export function wantsContent(observer: RunObserver): boolean {
  try {
    return observer.wantsContent === true;
  } catch {
    return false;
  }
}

function hasPressure(observer: RunObserver): boolean {
  return typeof observer.pressure === "function";
}
