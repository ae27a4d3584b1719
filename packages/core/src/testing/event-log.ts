import type { RunEvent } from "../events/run-event.js";
import type { RunObserver } from "../events/run-observer.js";

/**
 * A run observer that keeps every event it is told of, in order, for tests to read.
 *
 * @example
 * const log = new EventLog();
 * const dispatcher = new JobDispatcher({ observers: [log] });
 * await dispatcher.submit(job, input).result;
 * log.ofType("job.finished"); // the finished events, typed
 */
export class EventLog implements RunObserver {
  readonly events: RunEvent[] = [];
  /** Whether the log asks for what was said (`new EventLog({ wantsContent: true })`). */
  readonly wantsContent: boolean;

  constructor(options: { readonly wantsContent?: boolean } = {}) {
    this.wantsContent = options.wantsContent === true;
  }

  onEvent(event: RunEvent): void {
    this.events.push(event);
  }

  /** The events of one type, typed as such. */
  ofType<TType extends RunEvent["type"]>(type: TType): Extract<RunEvent, { type: TType }>[] {
    return this.events.filter(
      (event): event is Extract<RunEvent, { type: TType }> => event.type === type,
    );
  }
}
