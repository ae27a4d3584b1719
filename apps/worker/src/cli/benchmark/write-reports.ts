import { mkdir, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { reportToJson, reportToMarkdown, type BenchmarkReport } from "@nucleo/benchmark";

/** Where the report files go. */
export interface ReportTargets {
  /** The folder relative paths are resolved against. */
  readonly outDir: string;
  /** Default `<job>-benchmark.json`. */
  readonly json?: string;
  /** Default `<job>-benchmark.md`. */
  readonly markdown?: string;
}

/** The absolute paths written. */
export interface WrittenReports {
  readonly json: string;
  readonly markdown: string;
}

/**
 * Writes a report as JSON and as Markdown, creating folders as needed.
 */
export async function writeReports(
  report: BenchmarkReport,
  targets: ReportTargets,
): Promise<WrittenReports> {
  // A job name is code's, but keep it to characters every file system takes.
  const stem = `${report.job.replace(/[^A-Za-z0-9._-]+/g, "-")}-benchmark`;
  const json = resolve(targets.outDir, targets.json ?? `${stem}.json`);
  const markdown = resolve(targets.outDir, targets.markdown ?? `${stem}.md`);
  for (const [path, text] of [
    [json, reportToJson(report)],
    [markdown, reportToMarkdown(report)],
  ] as const) {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, text, "utf8");
  }
  return { json, markdown };
}
