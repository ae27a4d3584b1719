import { printableText } from "@nucleo/core";
import { formatBenchmark, formatLedger, formatTrajectory } from "./format-answers.js";
import type { RunReport } from "./run-report.js";

/**
 * A run as `nucleo run` and `nucleo examples` print it: what went in and came out, then what
 * the recorder holds of it — the trajectory (each job with its step ordinal, own and subtree
 * cost), the cost ledger per model and any benchmark's runs — in the same tables as `nucleo
 * trajectory`, `ledger` and `benchmarks`. Models wrote much of it (outputs, error messages), so
 * every line is reduced to printable text: nothing in it can move the cursor, clear the screen
 * or reorder what the reader sees.
 */
export function formatRunReport(report: RunReport): string {
  const { outcome } = report;
  const lines = [
    `Workflow ${report.workflow} (${report.workflowId})`,
    `Input   ${shorten(JSON.stringify(report.input))}`,
    outcome.ok
      ? `Output  ${JSON.stringify(outcome.output)}`
      : `Failed  ${outcome.error.message}${outcome.stoppedByShutdown ? " (stopped by the worker's shutdown)" : ""}`,
    "",
    "Trajectory, read back from Postgres (# is the step ordinal):",
    formatTrajectory(report.trajectory),
    "",
    "Cost ledger by model, read back from Postgres:",
    formatLedger(report.byModel, "model"),
  ];
  for (const benchmark of report.benchmarks) {
    lines.push(
      "",
      `Benchmark, read back from Postgres (${benchmark.runs} run(s) recorded, ${benchmark.failedRuns} failed):`,
      formatBenchmark(benchmark),
    );
  }
  return lines.join("\n").split("\n").map(printableText).join("\n");
}

/** Long inputs (a whole document) are shown by their start and their length. */
function shorten(text: string, limit = 240): string {
  return text.length <= limit ? text : `${text.slice(0, limit)}… (${text.length} characters)`;
}
