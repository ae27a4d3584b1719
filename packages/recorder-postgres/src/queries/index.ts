export { RecorderQueries } from "./recorder-queries.js";
export {
  RecorderQueryError,
  type RecorderQueryErrorCode,
  type RecorderQueryErrorOptions,
} from "./recorder-query-error.js";
export type { RecordedJob, RecordedTimes, Trajectory } from "./recorded-job.js";
export type { CostTotals, TokenTotals } from "./cost-totals.js";
export type { SubtreeCost } from "./subtree-cost-query.js";
export {
  LEDGER_GROUPINGS,
  type CostLedgerOptions,
  type CostLedgerRow,
  type LedgerGrouping,
} from "./cost-ledger-query.js";
export type { SeatSizingOptions, SeatSizingRow } from "./seat-sizing-query.js";
export { recommendOutputRung, SIZING_HEADROOM } from "./output-rung-advice.js";
export type {
  BenchmarkReportDetail,
  BenchmarkReportsOptions,
  BenchmarkReportSummary,
  BenchmarkRunRow,
} from "./benchmark-report-query.js";
