import type { GradeRung } from "@nucleo/core";

/** Tokens a run spent, over all its model calls (children's included). */
export interface RunTokens {
  readonly input: number;
  readonly cachedInput: number;
  readonly output: number;
  readonly reasoning: number;
  /** Input tokens written to a provider's prompt cache (priced apart by some). */
  readonly cacheWrite: number;
}

/** A tool the judge found mis-used, and how. */
export interface MisusedTool {
  readonly tool: string;
  readonly problem: string;
}

/** The judge's scored verdict on one candidate run, after the rubric's caps. */
export interface JudgeScore {
  /** Accuracy plus shown work, 0–10. */
  readonly score: number;
  /** 0–7, capped at 7 − 3 per tool the run called and mis-used. */
  readonly accuracy: number;
  /** 0–3. */
  readonly shownWork: number;
  readonly misusedTools: readonly MisusedTool[];
  /** The judge's reason, in its words (model names covered). */
  readonly reason: string;
}

/** One run of the job: the reference (row 0) or a candidate pinned to an entry. */
export interface BenchmarkRow {
  /** 0 for the reference, then 1, 2, ... in submission order. */
  readonly run: number;
  readonly role: "reference" | "candidate";
  /**
   * The catalog entry: a candidate's pin; for the reference, the entry (or entries, joined by
   * `+`) the picker served it, or `-` when it made no call.
   */
  readonly model: string;
  /** The provider's model name(s) behind `model`, the same way. */
  readonly providerModel: string;
  /**
   * Every entry that served one of the run's calls, in first-use order. A pinned thinker's own
   * turns go to its pin; a child tool that declares a grade of its own is served by the picker
   * at that grade, and its calls (and cost) are on this row too.
   */
  readonly servedBy: readonly string[];
  /** Which of the `times` runs on this entry (1-based; the reference is 1). */
  readonly repeat: number;
  readonly status: "ok" | "failed";
  /** Why the run failed (`code: message`), else `null`. */
  readonly error: string | null;
  /** Model calls of the run and all its descendants. */
  readonly calls: number;
  /** The job's own turns: a thinker's transcript turns, else the calls the job made itself. */
  readonly iterations: number;
  readonly tokens: RunTokens;
  /** Time spent waiting on models, summed over the run's calls. */
  readonly latencyMs: number;
  /** From the run's first start (after admission) to its end. */
  readonly wallMs: number;
  /** Exact cost per currency (normally one: the entry's), as decimal text. */
  readonly cost: Readonly<Record<string, string>>;
  /** The judge's verdict; `null` when the run was not judged (see `judgeNote`). */
  readonly judge: JudgeScore | null;
  /** Why there is no verdict: the run or the reference failed, or the judge did. */
  readonly judgeNote: string | null;
  /** The scorer's score (0–10) against the reference's output, when a scorer was given and both succeeded. */
  readonly scorer: number | null;
  /** Why the scorer gave no score, when it threw or returned something out of range. */
  readonly scorerNote: string | null;
}

/** Mean and spread of one measure over a model's runs. */
export interface Spread {
  readonly mean: number;
  /** Sample standard deviation; `null` with fewer than two values. */
  readonly stdDev: number | null;
  readonly min: number;
  readonly max: number;
  /** How many runs the figures cover. */
  readonly count: number;
}

/** A cost's mean and spread in one currency. */
export interface CostSpread {
  /**
   * Exact mean, as decimal text rounded half-even to 12 places (further for a mean so small
   * that 12 places would round it to zero: it is never `"0"` unless every cost was zero).
   */
  readonly mean: string;
  readonly stdDev: number | null;
}

/** One candidate entry's runs, summarised. */
export interface ModelSummary {
  readonly model: string;
  readonly providerModel: string;
  readonly runs: number;
  readonly failed: number;
  /** Runs that have a judge score. */
  readonly judged: number;
  readonly judgeScore: Spread | null;
  readonly scorer: Spread | null;
  /** Over the runs that succeeded. */
  readonly calls: Spread | null;
  readonly latencyMs: Spread | null;
  readonly wallMs: Spread | null;
  readonly cost: Readonly<Record<string, CostSpread>>;
}

/**
 * What a benchmark found: plain JSON data, published on the benchmark job's metadata under
 * `Benchmark.REPORT` and returned by `Benchmark.report()`.
 */
export interface BenchmarkReport {
  /** The raced job's name. */
  readonly job: string;
  readonly grade: GradeRung;
  readonly times: number;
  /** ISO times from the dispatcher's clock. */
  readonly startedAt: string;
  readonly finishedAt: string;
  /** The reference first, then every candidate run in submission order. */
  readonly rows: readonly BenchmarkRow[];
  /** One per candidate entry, in candidate order. */
  readonly models: readonly ModelSummary[];
  /** What judging itself cost (not on any row). */
  readonly judging: {
    readonly judges: number;
    readonly calls: number;
    readonly cost: Readonly<Record<string, string>>;
  };
  /** Set only when every judge failed: the first judge's reason. */
  readonly judgeFailure: string | null;
  /** Set when the reference failed (and so the benchmark did). */
  readonly referenceFailure: string | null;
}
