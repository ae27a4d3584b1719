import type { StoredWorkflowError } from "../fleet-error.js";

/** One attempt at a workflow, as a server hands it to its handler. */
export interface FleetRun {
  /** The workflow's id: the same on every attempt. */
  readonly id: string;
  /** The workflow's name. */
  readonly workflow: string;
  /** Its input, as checked at submission. */
  readonly input: unknown;
  readonly tenant: string | undefined;
  /** 1 on the first attempt; a crash, a retryable failure or a drain past its grace adds one. */
  readonly attempt: number;
  /**
   * Aborts when the run must stop: the workflow was cancelled (from any process) or is no longer
   * this worker's (another took it after a missed heartbeat), reason a FleetError `cancelled`; or
   * the server's drain ran out of grace, reason a FleetError `drained`. Never after the handler
   * has returned.
   */
  readonly signal: AbortSignal;
}

/** Runs a workflow; what it resolves is the workflow's output (JSON), what it throws its failure. */
export type FleetHandler = (run: FleetRun) => Promise<unknown>;

/** How a run ended, as `onEnded` reports it (before the queue stores it). */
export interface RunEnding {
  /**
   * `finished`; `retry` (a retryable failure: queued again while retries remain, else a dead
   * letter); `dead_letter` (a failure not worth retrying); `handed_back` (a drain past its grace);
   * `lost` (cancelled, or taken by another worker: the queue keeps that outcome).
   */
  readonly outcome: "finished" | "retry" | "dead_letter" | "handed_back" | "lost";
  /** The error stored with a failure. */
  readonly error?: StoredWorkflowError;
  /** How long the handler ran, in milliseconds. */
  readonly durationMs: number;
}
