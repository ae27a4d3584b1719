import type { CancellationNode } from "./cancellation-node.js";
import { cancelledByCallerSignal } from "./cancellation-reasons.js";

/**
 * Cancels the job at `node` when the signal its caller passed at submission aborts (at once if
 * it already has).
 *
 * The listener stays until no descendant of the job runs: the caller's signal is the
 * workflow's deadline, also for children a doer left running after it returned.
 *
 * @internal
 */
export function followCallerSignal(
  signal: AbortSignal,
  node: CancellationNode,
  jobId: string,
): void {
  const onAbort = (): void => node.abort(cancelledByCallerSignal(jobId, signal));
  if (signal.aborted) return onAbort();
  signal.addEventListener("abort", onAbort, { once: true });
  node.whenIdle(() => signal.removeEventListener("abort", onAbort));
}
