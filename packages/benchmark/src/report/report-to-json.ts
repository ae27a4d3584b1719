import type { BenchmarkReport } from "./benchmark-report.js";

/**
 * A benchmark report as pretty JSON text. The report is plain data — costs are decimal text,
 * times ISO strings — so nothing is lost and it reads back with `JSON.parse`.
 *
 * @example
 * await writeFile("review-benchmark.json", reportToJson(report));
 */
export function reportToJson(report: BenchmarkReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
