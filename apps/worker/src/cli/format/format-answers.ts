import { printableText, type TrajectoryNode } from "@nucleo/core";
import type {
  BenchmarkReportDetail,
  BenchmarkReportSummary,
  CostLedgerRow,
  LedgerGrouping,
  RecordedJob,
  SeatSizingRow,
  Trajectory,
} from "@nucleo/recorder-postgres";
import { formatTable, type TableColumn } from "./format-table.js";

const count = (value: number): string => value.toLocaleString("en-US");

/** A column of counts, money or durations: aligned right, so the digits line up. */
const right = (header: string): TableColumn => ({ header, align: "right" });

// The recorder's answers as the `nucleo` command prints them: `trajectory`, `ledger`, `sizing`,
// `benchmarks` and the run report of `run` and `examples` all go through these.

/** `EUR 0.75, USD 0.4`, or `-` for nothing spent. */
export function formatCost(cost: Readonly<Record<string, string>>): string {
  const parts = Object.entries(cost).map(([currency, amount]) => `${currency} ${amount}`);
  return parts.length === 0 ? "-" : parts.join(", ");
}

/** `2025-01-06 10:00:05Z` (UTC, to the second), or `-`. */
export function formatTime(epochMs: number | null): string {
  if (epochMs === null || !Number.isFinite(epochMs)) return "-";
  return new Date(epochMs)
    .toISOString()
    .replace("T", " ")
    .replace(/\.\d+Z$/, "Z");
}

function formatDuration(from: number | null, to: number | null): string {
  if (from === null || to === null) return "-";
  const ms = Math.max(0, to - from);
  return ms < 1_000
    ? `${Math.round(ms)}ms`
    : ms < 60_000
      ? `${(ms / 1_000).toFixed(1)}s`
      : `${Math.floor(ms / 60_000)}m${Math.round((ms % 60_000) / 1_000)}s`;
}

/** A trajectory: a heading with the workflow's totals, then one line per job, children indented. */
export function formatTrajectory(trajectory: Trajectory): string {
  const root = trajectory.root.job;
  const heading = `Workflow ${printableText(root.jobId)} (${printableText(root.jobClass)}): ${count(trajectory.jobCount)} jobs, ${count(root.cost.subtree.calls)} model calls, cost ${formatCost(root.cost.subtree.cost)}`;
  const parts = [heading, "", formatTable(TRAJECTORY_COLUMNS, jobLines(trajectory.root))];
  if (trajectory.detached.length > 0) {
    const detached = trajectory.detached.flatMap((tree) => jobLines(tree));
    parts.push(
      "",
      "Jobs whose parent is not recorded (yet):",
      "",
      formatTable(TRAJECTORY_COLUMNS, detached),
    );
  }
  return parts.join("\n");
}

/** One line per job of a tree, parents first, children indented; iterative, so a deep chain cannot overflow the stack. */
function jobLines(tree: TrajectoryNode<RecordedJob>): string[][] {
  const lines: string[][] = [];
  const stack: Array<[TrajectoryNode<RecordedJob>, number]> = [[tree, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    lines.push(jobLine(node.job, depth));
    for (let index = node.children.length - 1; index >= 0; index -= 1)
      stack.push([node.children[index]!, depth + 1]);
  }
  return lines;
}

const TRAJECTORY_COLUMNS = [
  right("#"),
  { header: "job" },
  { header: "id" },
  { header: "class" },
  { header: "status" },
  { header: "started" },
  right("took"),
  right("subtree calls"),
  right("own cost"),
  right("subtree cost"),
  { header: "error" },
] as const;

function jobLine(job: RecordedJob, depth: number): string[] {
  const error =
    job.error === null
      ? ""
      : [job.error.code, job.error.message]
          .filter((part) => part !== null && part !== "")
          .join(": ");
  return [
    job.ordinal === null ? "" : String(job.ordinal),
    `${"  ".repeat(depth)}${printableText(job.jobName === "" ? job.jobClass : job.jobName)}`,
    job.jobId,
    job.jobClass,
    // A replayed job returned what an earlier attempt of the workflow recorded: it did not run.
    job.replayedFrom === null ? job.status : `${job.status} (replayed)`,
    formatTime(job.times.startedAt),
    formatDuration(job.times.startedAt, job.times.endedAt),
    count(job.cost.subtree.calls),
    formatCost(job.cost.own.cost),
    formatCost(job.cost.subtree.cost),
    error,
  ];
}

const GROUP_HEADERS: Readonly<Record<LedgerGrouping, string>> = {
  workflow: "workflow",
  jobClass: "job class",
  model: "model",
  day: "day (UTC)",
  tenant: "tenant",
};

/** A cost ledger, one line per group and currency. */
export function formatLedger(rows: readonly CostLedgerRow[], by: LedgerGrouping): string {
  if (rows.length === 0) return "No model calls recorded for this ledger.";
  return formatTable(
    [
      { header: GROUP_HEADERS[by] },
      { header: "currency" },
      right("calls"),
      right("input"),
      right("cache read"),
      right("cache write"),
      right("output"),
      right("reasoning"),
      right("cost"),
    ],
    rows.map((row) => [
      row.key,
      row.currency,
      count(row.calls),
      count(row.tokens.input),
      count(row.tokens.cacheRead),
      count(row.tokens.cacheCreation),
      count(row.tokens.output),
      count(row.tokens.reasoning),
      row.cost,
    ]),
  );
}

/** The seat-sizing report. */
export function formatSizing(rows: readonly SeatSizingRow[], jobClass: string | undefined): string {
  if (rows.length === 0)
    return jobClass === undefined
      ? "No model calls recorded."
      : `No model calls recorded for job class ${JSON.stringify(printableText(jobClass))}.`;
  const table = formatTable(
    [
      { header: "job class" },
      right("calls"),
      right("max output"),
      right("p95 output"),
      right("max_tokens stops"),
      { header: "recommended rung" },
    ],
    rows.map((row) => [
      row.jobClass,
      count(row.calls),
      count(row.maxOutputTokens),
      count(row.p95OutputTokens),
      count(row.maxTokensStops),
      row.recommendedRung,
    ]),
  );
  return `${table}\n\np95: percentile_disc over output tokens per call. Rung: the smallest holding p95 × 1.25 (VERDICT 1,024, COMPACT 4,096, STANDARD 16,384, EXTENDED 32,768, else MAX).`;
}

/** The list of benchmark reports. */
export function formatBenchmarks(reports: readonly BenchmarkReportSummary[]): string {
  if (reports.length === 0) return "No benchmark reports recorded.";
  return formatTable(
    [
      { header: "benchmark job" },
      { header: "workflow" },
      { header: "raced job" },
      { header: "grade" },
      right("times"),
      right("runs"),
      right("failed"),
      { header: "started" },
      { header: "note" },
    ],
    reports.map((report) => [
      report.jobId,
      report.rootId,
      report.racedJob,
      report.grade,
      String(report.times),
      String(report.runs),
      String(report.failedRuns),
      formatTime(report.startedAt),
      [
        report.referenceFailure && `reference failed: ${report.referenceFailure}`,
        report.judgeFailure && `judging failed: ${report.judgeFailure}`,
      ]
        .filter(Boolean)
        .join("; "),
    ]),
  );
}

/** One benchmark's runs. */
export function formatBenchmark(report: BenchmarkReportDetail): string {
  const heading = `Benchmark ${printableText(report.jobId)}: ${printableText(report.racedJob)} at grade ${printableText(report.grade)}, ${report.times} ${report.times === 1 ? "run" : "runs"} per model, ${formatTime(report.startedAt)} to ${formatTime(report.finishedAt)}`;
  const table = formatTable(
    [
      right("run"),
      { header: "role" },
      { header: "model" },
      { header: "provider model" },
      { header: "status" },
      right("calls"),
      right("input"),
      right("output"),
      right("wall"),
      right("cost"),
      right("judge"),
      right("scorer"),
      { header: "reason or error" },
    ],
    report.rows.map((row) => [
      String(row.run),
      row.role,
      row.model,
      row.providerModel,
      row.status,
      count(row.calls),
      count(row.inputTokens),
      count(row.outputTokens),
      formatDuration(0, row.wallMs),
      formatCost(row.cost),
      row.judgeScore === null ? "-" : String(row.judgeScore),
      row.scorerScore === null ? "-" : String(row.scorerScore),
      row.error ?? row.judgeReason ?? "",
    ]),
  );
  return `${heading}\n\n${table}`;
}
