export type {
  BenchmarkReport,
  BenchmarkRow,
  CostSpread,
  JudgeScore,
  MisusedTool,
  ModelSummary,
  RunTokens,
  Spread,
} from "./benchmark-report.js";
export { summarizeModels, type SummarizedCandidate } from "./summarize-models.js";
export { spreadOf, costSpreadOf } from "./spread.js";
export { formatReportTable } from "./format-report-table.js";
export { reportToMarkdown } from "./report-to-markdown.js";
export { reportToJson } from "./report-to-json.js";
