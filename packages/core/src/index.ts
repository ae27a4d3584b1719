/**
 * @nucleo/core — the job model and the dispatcher every Nucleo job runs through.
 *
 * @packageDocumentation
 */
export * from "./errors/index.js";
export * from "./seat/index.js";
export * from "./scope/index.js";
export * from "./admission/index.js";
export * from "./events/index.js";
export * from "./content/index.js";
export * from "./jobs/index.js";
export * from "./dispatch/index.js";
export * from "./log/index.js";
export {
  CostLedger,
  emptyLedgerTotals,
  type LedgerTotals,
  type LedgerCall,
} from "./ledger/cost-ledger.js";
export { Decimal } from "./money/decimal.js";
export * from "./artifacts/index.js";
export {
  buildTrajectory,
  walkTrajectory,
  type TrajectoryJob,
  type TrajectoryNode,
} from "./trajectory/trajectory.js";
export { RunLog, type RunLogJob } from "./trajectory/run-log.js";
export {
  describeIssue,
  formatPath,
  type DescribedIssue,
  type DescribeIssueOptions,
} from "./schema/describe-issue.js";
export { printableText, firstPrintableLine } from "./text/printable-text.js";
export type { RecalledOutput, ReplaySource, WorkflowReplay } from "./replay/replay-source.js";
