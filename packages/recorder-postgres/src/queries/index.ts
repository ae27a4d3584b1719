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
export type { JobContent } from "./job-content-query.js";
export type { RecordedModelCall } from "./model-call-rows.js";
export type { ModelCallTranscript, RecordedCallContent } from "./model-call-query.js";
export type { RecordedMessage, RecordedPart, RecordedRole } from "./recorded-message.js";
export {
  TRANSCRIPT_LIMITS,
  type TranscriptCall,
  type TranscriptCallContent,
  type TranscriptJob,
  type TranscriptLimits,
  type WorkflowTranscript,
} from "./workflow-transcript.js";
export {
  SEARCH_SAID_DEFAULT_LIMIT,
  type SaidSearchHit,
  type SearchSaidOptions,
} from "./search-said-query.js";
export { formatTranscript } from "./format-transcript.js";
export {
  WORKFLOW_LIST_DEFAULT_LIMIT,
  WORKFLOW_LIST_MAX_LIMIT,
  WORKFLOW_STATUSES,
  type WorkflowListOptions,
  type WorkflowStatus,
} from "./workflow-list-options.js";
export type { WorkflowPage, WorkflowSummary } from "./workflow-list-query.js";
export {
  DEFAULT_ADMISSION_WINDOW_MS,
  type EntryHeadroom,
  type WaitingSeatClaim,
} from "./admission-headroom-query.js";
