import { markdownTable } from "markdown-table";
import type { BenchmarkReport, BenchmarkRow } from "./benchmark-report.js";
import {
  formatCostSpreads,
  formatCosts,
  formatCount,
  formatDuration,
  formatNote,
  formatScore,
  formatSpread,
  NO_FIGURE,
} from "./format-figures.js";
import { rowNote } from "./row-note.js";
import type { TableStyle } from "./table-style.js";

/** A column: its header, how it lines up, and its cell for each item (raw text). */
interface Column<TItem> {
  readonly header: string;
  readonly align: "l" | "r";
  readonly cell: (item: TItem) => string;
}

/** How long a failure may run in the notes; the first line only, whatever its length. */
const FAILURE_LIMIT = 300;

/**
 * The runs table: one line per row, the reference first, each with its note (see
 * {@link rowNote}). The scorer column appears only when some run has a scorer figure, so a
 * benchmark without a scorer shows no empty column; the "served by" column only where the
 * style asks for it.
 *
 * @internal
 */
export function runsTable(report: BenchmarkReport, style: TableStyle): string {
  const scored = report.rows.some((row) => row.scorer !== null || row.scorerNote !== null);
  const columns: Column<BenchmarkRow>[] = [
    { header: "run", align: "r", cell: (row) => String(row.run) },
    { header: "role", align: "l", cell: (row) => (row.role === "reference" ? "ref" : "cand") },
    { header: "model", align: "l", cell: (row) => row.model },
    ...(style.servedByColumn
      ? [
          {
            header: "served by",
            align: "l",
            cell: (row: BenchmarkRow) =>
              row.servedBy.length === 0 ? NO_FIGURE : row.servedBy.join(", "),
          } as const,
        ]
      : []),
    { header: "#", align: "r", cell: (row) => String(row.repeat) },
    { header: "status", align: "l", cell: (row) => row.status },
    { header: "calls", align: "r", cell: (row) => formatCount(row.calls) },
    { header: "iter", align: "r", cell: (row) => formatCount(row.iterations) },
    {
      header: "tokens in/out",
      align: "r",
      cell: (row) => `${formatCount(row.tokens.input)} / ${formatCount(row.tokens.output)}`,
    },
    { header: "latency", align: "r", cell: (row) => formatDuration(row.latencyMs) },
    { header: "wall", align: "r", cell: (row) => formatDuration(row.wallMs) },
    { header: "cost", align: "r", cell: (row) => formatCosts(row.cost) },
    {
      header: "judge",
      align: "r",
      cell: (row) => (row.judge === null ? NO_FIGURE : `${formatScore(row.judge.score)}/10`),
    },
    ...(scored
      ? [
          {
            header: "scorer",
            align: "r",
            cell: (row: BenchmarkRow) =>
              row.scorer === null ? NO_FIGURE : formatScore(row.scorer),
          } as const,
        ]
      : []),
    { header: "note", align: "l", cell: rowNote },
  ];
  return render(columns, report.rows, style);
}

/**
 * The per-model table: runs, failures, and the means (± sample deviation when each model ran
 * more than once) of the judge's score, the scorer's, calls, cost, latency and wall time.
 *
 * @internal
 */
export function modelsTable(report: BenchmarkReport, style: TableStyle): string {
  const spread = report.times > 1;
  type Summary = BenchmarkReport["models"][number];
  const scored = report.models.some((model) => model.scorer !== null);
  const columns: Column<Summary>[] = [
    { header: "model", align: "l", cell: (model) => model.model },
    { header: "provider model", align: "l", cell: (model) => model.providerModel },
    { header: "runs", align: "r", cell: (model) => String(model.runs) },
    { header: "failed", align: "r", cell: (model) => String(model.failed) },
    { header: "judged", align: "r", cell: (model) => String(model.judged) },
    {
      header: "judge /10",
      align: "r",
      cell: (model) => formatSpread(model.judgeScore, spread, formatScore),
    },
    ...(scored
      ? [
          {
            header: "scorer",
            align: "r",
            cell: (model: Summary) => formatSpread(model.scorer, spread, formatScore),
          } as const,
        ]
      : []),
    {
      header: "calls",
      align: "r",
      cell: (model) => formatSpread(model.calls, spread, formatScore),
    },
    { header: "cost", align: "r", cell: (model) => formatCostSpreads(model.cost, spread) },
    {
      header: "latency",
      align: "r",
      cell: (model) => formatSpread(model.latencyMs, spread, formatDuration),
    },
    {
      header: "wall",
      align: "r",
      cell: (model) => formatSpread(model.wallMs, spread, formatDuration),
    },
  ];
  return render(columns, report.models, style);
}

/**
 * The lines under the tables: what judging cost, and the failures that shaped the report — a
 * judge failure only when every judge failed (a single judge's failure is on its run's row,
 * so no count of them here), the reference's when it failed.
 *
 * @internal
 */
export function reportNotes(report: BenchmarkReport, style: TableStyle): string[] {
  const { judges, calls, cost } = report.judging;
  const notes = [
    `Judging: ${judges} judge(s), ${formatCount(calls)} call(s), ${formatCosts(cost)}`,
  ];
  if (report.judgeFailure !== null)
    notes.push(`Judge failure: ${style.text(formatNote(report.judgeFailure, FAILURE_LIMIT))}`);
  if (report.referenceFailure !== null)
    notes.push(
      `Reference failure: ${style.text(formatNote(report.referenceFailure, FAILURE_LIMIT))}`,
    );
  return notes;
}

function render<TItem>(
  columns: readonly Column<TItem>[],
  items: readonly TItem[],
  style: TableStyle,
): string {
  const header = columns.map((column) => column.header);
  // Every body cell goes through the style, not only the notes: an entry id or a provider
  // model name with a pipe would split its cell just the same.
  const body = items.map((item) => columns.map((column) => style.cell(column.cell(item))));
  // Width by code points, so `±` and `…` count as one column in a terminal.
  return markdownTable([header, ...body], {
    align: columns.map((column) => column.align),
    stringLength: (text) => [...text].length,
  });
}
