import type { BenchmarkReport } from "./benchmark-report.js";
import { plainText } from "./plain-text.js";
import { modelsTable, reportNotes, runsTable } from "./report-tables.js";
import { TERMINAL_STYLE } from "./table-style.js";

/**
 * The text a benchmark logs when it ends: a heading line, the runs table (one line per run,
 * the reference first, each with the judge's reason or why there is none), the per-model
 * table, then what judging cost and any failure that shaped the report. The tables are aligned
 * Markdown, readable as they are in a terminal; what a model or an error wrote is plain text
 * there (see {@link plainText}), so it cannot drive the terminal.
 *
 * @example
 * console.log(formatReportTable(benchmark.report()!));
 */
export function formatReportTable(report: BenchmarkReport): string {
  const heading = `Benchmark of ${plainText(report.job)} at ${report.grade}: ${report.models.length} model(s), ${report.times} run(s) each, and the reference`;
  return [
    heading,
    "",
    runsTable(report, TERMINAL_STYLE),
    "",
    "Per model:",
    "",
    modelsTable(report, TERMINAL_STYLE),
    "",
    ...reportNotes(report, TERMINAL_STYLE),
  ].join("\n");
}
