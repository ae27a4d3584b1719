import type { AbstractJob, Grade, Timers } from "@nucleo/core";
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
  /**
   * The grade to race, for a job that declares none (a one-call tool that takes its parent's
   * grade): its candidates are listed from it, and every instance that has no grade gets it.
   * Default: the job's own grade; a job that declares one takes no other.
   */
  readonly grade?: Grade;
  /** Runs per candidate entry (default 1, at most 1,000). With more than one, the report gives each model's spread. */
  readonly times?: number;
  /** Entry ids to race instead of every open, callable entry of the grade. */
  readonly candidates?: readonly string[];
  readonly scorer?: Scorer<TOutput>;
  /** Makes the judge for one run (default: a `JudgeTool` on `environment`). */
  readonly judge?: () => AbstractJob<JudgeInput, JudgeVerdict>;
  /**
   * A run still going this long after its first seat at a model is cancelled with everything
   * below it, and becomes a failed row (default 10 minutes). Queueing for that first seat does
   * not count: all runs are submitted at once and the entries' rate limits pace them.
   */
  readonly runTimeoutMs?: number;
  /**
   * A judge still going this long after its first seat (all its attempts), or a scorer this
   * long after it was called, fails, costing its run's score (default 5 minutes).
   */
  readonly judgeTimeoutMs?: number;
  /** Extra words to cover before a judge reads a run (entry ids and provider model names always are). */
  readonly blindTerms?: readonly string[];
  /** Where the table goes once the benchmark ends (default: standard output). A `log` that throws is skipped. */
  readonly log?: (table: string) => void;
  /** Told as runs and judges land, for a progress display. One that throws is not told again; the benchmark carries on. */
  readonly onProgress?: (progress: BenchmarkProgress) => void;
  /** Timers for the run timeout (default the global ones; inject a test's). */
  readonly timers?: Timers;
}
