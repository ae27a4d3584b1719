import type { SeatSizingRow } from "@nucleo/recorder-postgres";
import { formatTable } from "./format-cost.js";

/** The seat-sizing report: per job class, output tokens (max, p95), `max_tokens` stops and the rung to book. */
export function formatSizing(rows: readonly SeatSizingRow[], where: string): string {
  const heading = `Seat sizing per job class, read from ${where}`;
  if (rows.length === 0) return `${heading}\n  (no model calls recorded yet: run a workflow first)`;
  const table: string[][] = [["job class", "calls", "max output", "p95 output", "max_tokens stops", "recommended rung"]];
  for (const row of rows) {
    table.push([row.jobClass, String(row.calls), String(row.maxOutputTokens), String(row.p95OutputTokens), String(row.maxTokensStops), row.recommendedRung]);
  }
  return [heading, ...formatTable(table)].join("\n");
}
