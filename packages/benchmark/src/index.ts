/**
 * @nucleo/benchmark — race any model-dependent job across every model of its grade: a
 * reference run first, then every candidate pinned to its entry, each judged blind against
 * the reference as it lands, with exact costs per run from the dispatcher's own events.
 *
 * @packageDocumentation
 */
export { Benchmark } from "./benchmark/benchmark.js";
export type { BenchmarkOptions } from "./benchmark/benchmark-options.js";
export type { BenchmarkProgress } from "./benchmark/benchmark-progress.js";
export type { Scorer } from "./benchmark/scorer.js";
export {
  Blindfold,
  BLIND_PLACEHOLDER,
  FAMILY_TERMS,
  VERSIONED_TERMS,
  JudgeTool,
  DEFAULT_JUDGE_TIMEOUT_MS,
  JUDGE_INSTRUCTIONS,
  JudgeInput,
  JudgeVerdict,
  recordRun,
  RUBRIC,
  accuracyCap,
  RecordedRun,
  RecordedToolCall,
  RecordedTurn,
  RunRecord,
  scoreVerdict,
  type BlindfoldOptions,
  type JudgeToolOptions,
} from "./judge/index.js";
export * from "./report/index.js";
export type { BenchmarkSetup } from "./benchmark/benchmark-setup.js";
export { ProgressTally } from "./benchmark/progress-tally.js";
export { MAX_TIMES } from "./benchmark/check-options.js";
