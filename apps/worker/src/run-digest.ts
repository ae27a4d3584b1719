import { CostLedger, JobDispatcher, RunLog, type RunLogJob, type TrajectoryNode, type LedgerTotals } from "@nucleo/core";
import { DigestDocument } from "./workflow/digest-document.js";

/** What one workflow run produced, for printing or inspection. */
export interface DigestRun {
  readonly workflowId: string;
  readonly digest: string;
  readonly trajectory: TrajectoryNode<RunLogJob>;
  /** Totals of a job and its descendants. */
  readonly totalsFor: (jobId: string) => LedgerTotals;
}

/**
 * Runs the digest workflow on `text` through a fresh dispatcher observed by a run log (the
 * trajectory) and a cost ledger — the embedded mode of the worker, in one process.
 */
export async function runDigest(text: string, options: { readonly scope?: { readonly tenant: string } } = {}): Promise<DigestRun> {
  const runLog = new RunLog();
  const ledger = new CostLedger();
  const dispatcher = new JobDispatcher({ observers: [runLog, ledger] });
  const handle = dispatcher.submit(new DigestDocument(), { text }, options.scope ? { scope: { axes: { tenant: options.scope.tenant } } } : {});
  const { digest } = await handle;
  const trajectory = runLog.trajectory(handle.id);
  if (!trajectory) throw new Error(`worker: no trajectory was recorded for workflow ${handle.id}`);
  return { workflowId: handle.id, digest, trajectory, totalsFor: (jobId) => ledger.totalFor(jobId) };
}
