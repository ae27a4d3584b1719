import { FleetError, type FleetClient, type StoredWorkflowError } from "@nucleo/fleet";
import type { SignalSource } from "../../shutdown/watch-shutdown-signals.js";
import { WorkerError } from "../../worker-error.js";
import { formatStoredError, latestRootId } from "./format-queue.js";

/** How a wait ended: the output, or the workflow's failure or cancellation. */
export type WaitOutcome =
  | { readonly state: "finished"; readonly output: unknown }
  | {
      readonly state: "failed" | "cancelled";
      /** A secret-free sentence: the stored error and where to look next. */
      readonly message: string;
      readonly error?: StoredWorkflowError;
    };

/** What {@link waitForResult} waits with. */
export interface WaitOptions {
  /** Where SIGTERM and SIGINT come from (`process` by default): the first stops the wait. */
  readonly signals?: SignalSource;
  /** Told when a signal stops the wait. */
  readonly say: (line: string) => void;
}

/**
 * Waits for workflow `id` to end, polling the queue (`FleetClient.result`). A SIGTERM or SIGINT
 * stops the wait, not the workflow: it stays on the queue for the workers, and the command ends
 * with status 0, saying how to follow it.
 *
 * @throws {WorkerError} `shutting_down` when a signal stopped the wait.
 */
export async function waitForResult(
  client: FleetClient,
  id: string,
  options: WaitOptions,
): Promise<WaitOutcome> {
  const signals = options.signals ?? process;
  const controller = new AbortController();
  const onSignal = (signal: NodeJS.Signals) => {
    if (controller.signal.aborted) return;
    options.say(`Received ${signal}: no longer waiting; the workflow stays on the queue.`);
    controller.abort();
  };
  signals.on("SIGTERM", onSignal);
  signals.on("SIGINT", onSignal);
  try {
    return { state: "finished", output: await client.result(id, { signal: controller.signal }) };
  } catch (error) {
    if (controller.signal.aborted)
      throw new WorkerError({
        code: "shutting_down",
        message: `Stopped waiting for workflow ${id}: it stays on the queue (nucleo status ${id} shows it, nucleo cancel ${id} stops it).`,
      });
    if (!FleetError.isInstance(error) || (error.code !== "failed" && error.code !== "cancelled"))
      throw error;
    return ended(client, id, error);
  } finally {
    signals.off("SIGTERM", onSignal);
    signals.off("SIGINT", onSignal);
  }
}

async function ended(client: FleetClient, id: string, error: FleetError): Promise<WaitOutcome> {
  const status = await client.status(id);
  const root = status === undefined ? null : latestRootId(status);
  const name = status === undefined ? "" : ` (${status.workflow})`;
  const attempts =
    status === undefined
      ? ""
      : ` after ${status.attempts} attempt${status.attempts === 1 ? "" : "s"}`;
  const trajectory = root === null ? "" : ` (nucleo trajectory ${root} shows its last attempt)`;
  if (error.code === "cancelled")
    return {
      state: "cancelled",
      message: `Workflow ${id}${name} was cancelled${attempts}${trajectory}.`,
    };
  const stored = error.workflowError;
  return {
    state: "failed",
    message: `Workflow ${id}${name} failed${attempts}${trajectory}: ${stored === undefined ? "no error was recorded." : formatStoredError(stored)}`,
    ...(stored === undefined ? {} : { error: stored }),
  };
}
