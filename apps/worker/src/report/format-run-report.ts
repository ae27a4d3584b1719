import { formatReportTable, type BenchmarkReport } from "@nucleo/benchmark";
import { printableText, walkTrajectory, type TrajectoryNode } from "@nucleo/core";
import type { RecordedJob } from "@nucleo/recorder-postgres";
import { formatCost, formatTable } from "./format-cost.js";
import type { RunReport } from "./run-report.js";

/**
 * A run as the worker prints it: what went in and came out, the trajectory tree with step
 * ordinals, the cost ledger (each job with its descendants, then per model) and any benchmark
 * report — all read back from Postgres. Models wrote much of it (outputs, error messages), so
 * every line is reduced to printable text: nothing in it can move the cursor, clear the screen
 * or reorder what the reader sees.
 */
export function formatRunReport(report: RunReport): string {
  const { outcome } = report;
  const lines = [
    `Workflow ${report.workflow} (${report.workflowId})`,
    `Input   ${shorten(JSON.stringify(report.input))}`,
    outcome.ok ? `Output  ${JSON.stringify(outcome.output)}` : `Failed  ${outcome.error.message}${outcome.stoppedByShutdown ? " (stopped by the worker's shutdown)" : ""}`,
    "",
    `Trajectory, read back from Postgres (step ordinal, job, status, duration): ${report.trajectory.jobCount} job(s)`,
    ...formatTrajectory(report.trajectory.root),
    ...report.trajectory.detached.flatMap((node) => ["  (recorded without its parent:)", ...formatTrajectory(node)]),
    "",
    "Cost ledger, read back from Postgres (each job with its descendants)",
    ...formatJobLedger(report.trajectory.root),
    "",
    "Cost ledger by model",
    ...formatModelLedger(report),
  ];
  for (const benchmark of report.benchmarks) {
    lines.push("", `Benchmark report, read back from Postgres (${benchmark.runs} run(s) recorded, ${benchmark.failedRuns} failed)`, "", formatBenchmark(benchmark.report));
  }
  return lines.join("\n").split("\n").map(printableText).join("\n");
}

/** One line per job, depth-first: `-` marks a job with no ordinal (the root). */
export function formatTrajectory(root: TrajectoryNode<RecordedJob>): string[] {
  const lines: string[] = [];
  walkTrajectory(root, (node, depth) => {
    const { job } = node;
    const { submittedAt, endedAt } = job.times;
    const duration = endedAt === null ? job.status : submittedAt === null ? "" : `${Math.max(0, Math.round(endedAt - submittedAt))} ms`;
    const error = job.error?.code ? `  ${job.error.code}: ${job.error.message ?? ""}` : "";
    lines.push(`  ${"  ".repeat(depth)}${job.ordinal ?? "-"} ${job.jobName}  ${job.status}  ${duration}${error}`.trimEnd());
  });
  return lines;
}

/** Calls, tokens and exact cost of each job with its descendants, then the workflow's total. */
export function formatJobLedger(root: TrajectoryNode<RecordedJob>): string[] {
  const rows: string[][] = [["job", "calls", "input tok", "output tok", "cost"]];
  walkTrajectory(root, (node, depth) => {
    const { subtree } = node.job.cost;
    rows.push([`${"  ".repeat(depth)}${node.job.ordinal ?? "-"} ${node.job.jobName}`, String(subtree.calls), String(subtree.tokens.input), String(subtree.tokens.output), formatCost(subtree.cost)]);
  });
  const total = root.job.cost.subtree;
  return [...formatTable(rows), `  Total for the workflow: ${formatCost(total.cost)} (${total.calls} model call(s))`];
}

function formatModelLedger(report: RunReport): string[] {
  if (report.byModel.length === 0) return ["  (no model calls)"];
  const rows: string[][] = [["model", "calls", "input tok", "cache read", "output tok", "reasoning", "cost"]];
  for (const row of report.byModel) {
    rows.push([row.key, String(row.calls), String(row.tokens.input), String(row.tokens.cacheRead), String(row.tokens.output), String(row.tokens.reasoning), `${row.currency} ${row.cost}`]);
  }
  return formatTable(rows);
}

function formatBenchmark(report: Readonly<Record<string, unknown>>): string {
  try {
    return formatReportTable(report as unknown as BenchmarkReport);
  } catch {
    return "  (the stored report could not be shown as a table)";
  }
}

/** Long inputs (a whole document) are shown by their start and their length. */
function shorten(text: string, limit = 240): string {
  return text.length <= limit ? text : `${text.slice(0, limit)}… (${text.length} characters)`;
}
