import type { BenchmarkReport } from "./benchmark-report.js";
import { formatDuration, formatScore } from "./format-figures.js";
import { modelsTable, reportNotes, runsTable } from "./report-tables.js";

/**
 * A benchmark report as a Markdown document: a title (the job), a line with the grade, the
 * runs per model and the time span, the runs table, the per-model table, the notes, and each
 * judge's reason (model names already covered by the judge's blinding).
 *
 * @example
 * await writeFile("review-benchmark.md", reportToMarkdown(report));
 */
export function reportToMarkdown(report: BenchmarkReport): string {
  const span = Date.parse(report.finishedAt) - Date.parse(report.startedAt);
  const lines = [
    `# Benchmark: ${report.job}`,
    "",
    `Grade ${report.grade}, ${report.times} run(s) per model, from ${report.startedAt} to ${report.finishedAt}${Number.isFinite(span) ? ` (${formatDuration(span)})` : ""}.`,
    "",
    "## Runs",
    "",
    runsTable(report),
    "",
    "## Per model",
    "",
    modelsTable(report),
    "",
    "## Notes",
    "",
    ...reportNotes(report).map((note) => `- ${note}`),
  ];
  const reasons = report.rows.flatMap((row) => (row.judge === null ? [] : [`- Run ${row.run} (${row.model} #${row.repeat}), ${formatScore(row.judge.score)}/10: ${row.judge.reason.replace(/\s+/g, " ").trim()}`]));
  if (reasons.length > 0) lines.push("", "## Judges' reasons", "", ...reasons);
  return `${lines.join("\n")}\n`;
}
