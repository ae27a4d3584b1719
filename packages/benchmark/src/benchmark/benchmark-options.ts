import type { AbstractJob, Timers } from "@nucleo/core";
import type { LlmEnvironment } from "@nucleo/conversation";
import type { ModelDependentTool } from "@nucleo/tools";
import type { JudgeInput, JudgeVerdict } from "../judge/judge-verdict.js";
import type { BenchmarkProgress } from "./benchmark-progress.js";
import type { Scorer } from "./scorer.js";

/** Everything a {@link Benchmark} is built with. */
export interface BenchmarkOptions<TInput, TOutput> {
  /**
   * Makes a fresh instance of the raced job — a thinker or a one-call tool — for every run.
   * Called once more at construction, for the job's name, schemas and grade. A run whose
   * factory call throws is a failed row; throw a Nucleo error (`SystemError`) for its words to
   * reach the row — any other error is named by its type only, since rows are recorded.
   */
  readonly factory: () => ModelDependentTool<TInput, TOutput>;
  /** The deployment: its picker names the grade's candidates; the judge's model calls go through it. */
  readonly environment: LlmEnvironment;
  /** Runs per candidate entry (default 1). With more than one, the report gives each model's spread. */
  readonly times?: number;
  /** Entry ids to race instead of every open, callable entry of the grade. */
  readonly candidates?: readonly string[];
  readonly scorer?: Scorer<TOutput>;
  /** Makes the judge for one run (default: a `JudgeTool` on `environment`). */
  readonly judge?: () => AbstractJob<JudgeInput, JudgeVerdict>;
  /** A run still going after this long is cancelled and becomes a failed row (default 10 minutes). */
  readonly runTimeoutMs?: number;
  /** A judge still going after this long fails, costing its run's score (default 5 minutes). */
  readonly judgeTimeoutMs?: number;
  /** Extra words to cover before a judge reads a run (entry ids and provider model names always are). */
  readonly blindTerms?: readonly string[];
  /** Where the table goes once the benchmark ends (default: standard output). */
  readonly log?: (table: string) => void;
  /** Told as runs and judges land, for a progress display. */
  readonly onProgress?: (progress: BenchmarkProgress) => void;
  /** Timers for the run timeout (default the global ones; inject a test's). */
  readonly timers?: Timers;
}
