import type { RunEvent } from "./run-event.js";

/**
 * Subscribes to a dispatcher's events. The cost ledger, the recorder, logs and metrics are all
 * observers; nothing else reaches into the dispatcher. Called synchronously in event order:
 * keep it cheap, and queue anything slow (the recorder batches its writes). An observer that
 * throws is reported and skipped; it never fails the job.
 */
export interface RunObserver {
  onEvent(event: RunEvent): void;
  /**
   * A promise while the observer cannot take more events (a recorder whose buffer is full
   * because its database is away), else `undefined`. The dispatcher holds back every new job
   * attempt until it settles, so nothing is dropped; jobs already running carry on. Called once
   * per attempt: keep it cheap.
   */
  pressure?(): Promise<void> | undefined;
  /**
   * `true` when this observer reads what was said: jobs' inputs and outputs and model calls'
   * messages (`input`, `output` and `content` on the events). Read once, when the observer is
   * added. While no observer wants content, events carry none and nothing is built for it.
   */
  readonly wantsContent?: boolean;
}
