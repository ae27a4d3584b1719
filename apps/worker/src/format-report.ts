import { walkTrajectory, type LedgerTotals, type RunLogJob, type TrajectoryNode } from "@nucleo/core";
import type { DigestRun } from "./run-digest.js";
import { OFFLINE_MODEL } from "./workflow/offline-model.js";

/** Renders a run as the worker prints it: the digest, the trajectory tree, the cost ledger. */
export function formatReport(run: DigestRun): string {
  return [
    `Workflow ${run.trajectory.job.jobName} (${run.workflowId})`,
    `Model: ${OFFLINE_MODEL.providerModel}, an offline stand-in at illustrative prices (no provider is configured yet)`,
    "",
    "Digest",
    indent(run.digest),
    "",
    "Trajectory (step ordinal, job, status, duration)",
    ...formatTrajectory(run.trajectory),
    "",
    "Cost ledger (each job with its descendants)",
    ...formatLedger(run.trajectory, run.totalsFor),
  ].join("\n");
}

/** One line per job, depth-first; `-` marks a job with no ordinal (the root). */
export function formatTrajectory(root: TrajectoryNode<RunLogJob>): string[] {
  const lines: string[] = [];
  walkTrajectory(root, (node, depth) => {
    const { job } = node;
    const duration = job.finishedAt === null ? "running" : `${job.finishedAt - job.submittedAt} ms`;
    lines.push(`  ${"  ".repeat(depth)}${job.ordinal ?? "-"} ${job.jobName}  ${job.status}  ${duration}`);
  });
  return lines;
}

/** A table of calls, tokens and exact cost per job, then the workflow's total. */
export function formatLedger(root: TrajectoryNode<RunLogJob>, totalsFor: (jobId: string) => LedgerTotals): string[] {
  const rows: string[][] = [["job", "calls", "input tok", "output tok", "cost"]];
  walkTrajectory(root, (node, depth) => {
    const totals = totalsFor(node.job.jobId);
    rows.push([`${"  ".repeat(depth)}${node.job.ordinal ?? "-"} ${node.job.jobName}`, String(totals.calls), String(totals.inputTokens), String(totals.outputTokens), formatCost(totals)]);
  });
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const lines = rows.map((row) => `  ${row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  ")}`);
  lines.push(`  Total for the workflow: ${formatCost(totalsFor(root.job.jobId))}`);
  return lines;
}

function formatCost(totals: LedgerTotals): string {
  if (totals.cost.size === 0) return "0";
  return [...totals.cost].map(([currency, amount]) => `${currency} ${amount.toString()}`).join(" + ");
}

function indent(text: string): string {
  return text.split("\n").map((line) => `  ${line}`).join("\n");
}
