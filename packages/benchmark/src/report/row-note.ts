import type { BenchmarkRow } from "./benchmark-report.js";
import { formatNote } from "./format-figures.js";

/** How much of a judge's reason the runs table shows; the Markdown lists it in full. */
const REASON_LIMIT = 100;

/**
 * The entries that served some of a run's calls but are not the row's `model`: a pinned
 * candidate whose child tool declares a grade of its own is served by the picker there, so
 * its row's cost is not all its pin's. (The reference's `model` already names every entry
 * that served it, joined by `+`.)
 *
 * @internal
 */
export function servedElsewhere(row: BenchmarkRow): string[] {
  const named = row.role === "reference" ? row.model.split("+") : [row.model];
  return row.servedBy.filter((entry) => !named.includes(entry));
}

/**
 * A run's note cell: why it failed; else the judge's reason (its first line, cut at about 100
 * characters); else why it has no verdict or no scorer figure — then, when other entries served
 * some of its calls, `also served by …`, which is never cut off. Raw text: the table's style
 * escapes it.
 *
 * @example
 * rowNote(row); // "Same total as the reference, added with the tool.; also served by alpha"
 *
 * @internal
 */
export function rowNote(row: BenchmarkRow): string {
  const note =
    row.error !== null
      ? formatNote(row.error)
      : row.judge !== null
        ? formatNote(row.judge.reason, REASON_LIMIT)
        : formatNote(row.judgeNote ?? row.scorerNote ?? "");
  const others = servedElsewhere(row);
  const served = others.length === 0 ? "" : `also served by ${others.join(", ")}`;
  return [note, served].filter((part) => part !== "").join("; ");
}
