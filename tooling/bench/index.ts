/**
 * `@nucleo/tooling/bench`: what the packages' `bench/` scripts share — sample statistics,
 * timing loops, number formats, the report's machine line and tables, and the zero-latency
 * client and catalog entry the benches around a model call run on. Plain erasable
 * TypeScript: Node runs the benches that import it directly.
 */
export { median, quantile, ratio } from "./statistics.ts";
export { fixed, whole } from "./format-number.ts";
export { microsPerCall, timed, type MicrosPerCallOptions } from "./timing.ts";
export { machineLine } from "./machine-line.ts";
export {
  benchReport,
  markdownTable,
  type MarkdownTable,
  type ReportBlock,
  type TableColumn,
} from "./bench-report.ts";
export {
  benchEntry,
  smallBenchEntry,
  zeroLatencyClient,
  type BenchEntryOptions,
  type ZeroLatencyAnswer,
  type ZeroLatencyClient,
  type ZeroLatencyResponse,
} from "./zero-latency.ts";
