import type { FleetHandler, FleetRun } from "@nucleo/fleet";
import { errorFields, type Logger, type ReplaySource } from "@nucleo/core";
import type { Worker, WorkflowRun } from "../compose/worker.js";
import { attemptRootId, earlierRootIds } from "./attempt-roots.js";

/** What a queue handler tells its caller besides the outcome. */
export interface QueueHandlerHooks {
  /** Called once the attempt runs on the worker's dispatcher, with the run it became. */
  readonly onStarted?: (fleetRun: FleetRun, run: WorkflowRun) => void;
  /** Told what the handler cannot throw to anyone (checkpoints it could not forget). */
  readonly logger?: Logger;
}

/**
 * Runs each workflow the queue hands over on `worker`: as one attempt of a resumable workflow
 * whose root is the attempt's id (`attemptRootId`). A later attempt first closes what the
 * earlier ones left unended in the recorder, then replays what they finished — every job the
 * recorder holds as finished — so a crash costs time, not model calls (under the content policy
 * `full`; under `metadata` nothing said is kept and the attempt runs live). The result is
 * recorded (the recorder flushed) before the queue stores it, and the checkpoints are then
 * forgotten. The run's signal (a cancel from any process, a drain past its grace) cancels the
 * workflow and everything below it.
 */
export function queueHandler(worker: Worker, hooks: QueueHandlerHooks = {}): FleetHandler {
  return async (fleetRun) => {
    const rootId = attemptRootId(fleetRun.id, fleetRun.attempt);
    const earlier = earlierRootIds(fleetRun.id, fleetRun.attempt);
    const { checkpoints } = worker.recorder;
    let source: ReplaySource | undefined;
    if (earlier.length > 0) {
      for (const root of earlier)
        await checkpoints.closeAttempt(
          root,
          `this attempt ended without a result; attempt ${fleetRun.attempt} took the workflow over`,
        );
      if (worker.config.recorder.content.mode === "full") source = await checkpoints.load(earlier);
    }
    const run = worker.submit(fleetRun.workflow, fleetRun.input, {
      ...(fleetRun.tenant !== undefined && { tenant: fleetRun.tenant }),
      id: rootId,
      replay: { workflowId: fleetRun.id, ...(source !== undefined && { source }) },
      signal: fleetRun.signal,
    });
    hooks.onStarted?.(fleetRun, run);
    const outcome = await run.settled;
    // What the queue is told must be in the recorder first: a crash past this point replays it.
    await worker.recorder.recorder.flush();
    if (!outcome.ok) throw outcome.error;
    // The workflow finished: its checkpoints are no longer needed. A failure to delete them
    // must not turn a finished workflow into a retry (they stay, and cost only storage).
    await checkpoints
      .forget([...earlier, rootId])
      .catch((error: unknown) =>
        hooks.logger?.warn(
          { component: "queue", workflowId: fleetRun.id, error: errorFields(error) },
          "could not forget a finished workflow's replay checkpoints",
        ),
      );
    return outcome.output;
  };
}
