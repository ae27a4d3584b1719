import type { BenchmarkReport } from "./benchmark-report.js";
import { escapeMarkdown } from "./escape-markdown.js";
import { formatDuration, formatScore } from "./format-figures.js";
import { modelsTable, reportNotes, runsTable } from "./report-tables.js";
import { MARKDOWN_STYLE } from "./table-style.js";

/**
 * A benchmark report as a Markdown document: a title (the job), a line with the grade, the
 * runs per model and the time span, the runs table (with every entry that served each run),
 * the per-model table, the notes, and each judge's full reason (model names already covered
 * by the judge's blinding). Reasons, notes and failures are model output or error text, so
 * they are escaped, as is every other text from outside the report's own wording (the job, the
 * models): a model cannot put a link, an image, HTML or a control sequence into the file.
 *
 * @example
 * await writeFile("review-benchmark.md", reportToMarkdown(report));
 */
export function reportToMarkdown(report: BenchmarkReport): string {
  const span = Date.parse(report.finishedAt) - Date.parse(report.startedAt);
  const lines = [
    `# Benchmark: ${escapeMarkdown(report.job)}`,
    "",
    `Grade ${report.grade}, ${report.times} run(s) per model, from ${report.startedAt} to ${report.finishedAt}${Number.isFinite(span) ? ` (${formatDuration(span)})` : ""}.`,
    "",
    "## Runs",
    "",
    runsTable(report, MARKDOWN_STYLE),
    "",
    "## Per model",
    "",
    modelsTable(report, MARKDOWN_STYLE),
    "",
    "## Notes",
    "",
    ...reportNotes(report, MARKDOWN_STYLE).map((note) => `- ${note}`),
  ];
  const reasons = report.rows.flatMap((row) =>
    row.judge === null
      ? []
      : [
          `- Run ${row.run} (${escapeMarkdown(row.model)} #${row.repeat}), ${formatScore(row.judge.score)}/10: ${escapeMarkdown(row.judge.reason.replace(/\s+/g, " ").trim())}`,
        ],
  );
  if (reasons.length > 0) lines.push("", "## Judges' reasons", "", ...reasons);
  return `${lines.join("\n")}\n`;
}
