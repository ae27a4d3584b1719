import type { RunEvent } from "./run-event.js";

/**
 * Subscribes to a dispatcher's events. The cost ledger, the recorder, logs and metrics are all
 * observers; nothing else reaches into the dispatcher. Called synchronously in event order:
 * keep it cheap, and queue anything slow (the recorder batches its writes). An observer that
 * throws is reported and skipped; it never fails the job.
 */
export interface RunObserver {
  onEvent(event: RunEvent): void;
}
