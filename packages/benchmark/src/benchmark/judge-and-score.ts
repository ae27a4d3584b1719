import type { AbstractJob, JobContext, Timers } from "@nucleo/core";
import {
  scoreVerdict,
  type Blindfold,
  type JudgeInput,
  type JudgeVerdict,
  type RunRecord,
} from "../judge/index.js";
import { describeRunError, submitWithDeadline, type RunDeadline } from "./launched-run.js";
import type { RunState } from "./run-rows.js";
import type { Scorer } from "./scorer.js";

/** One judge submitted (or that could not be made), for the report's judging line. */
export interface JudgeRecord {
  readonly jobId: string | undefined;
  failed: boolean;
  note: string | null;
}

/**
 * Judges one candidate run against the reference, blind: both records are covered before the
 * judge reads them, the judge runs under its deadline (all its attempts), and its verdict is
 * scored in code. A judge that cannot be made or fails leaves the run unjudged, with the reason.
 *
 * @internal
 */
export async function judgeRun(options: {
  readonly state: RunState<unknown, unknown>;
  readonly candidate: RunRecord;
  readonly reference: RunRecord;
  readonly blindfold: Blindfold;
  readonly makeJudge: () => AbstractJob<JudgeInput, JudgeVerdict>;
  readonly context: JobContext;
  readonly deadline: RunDeadline;
  readonly onSubmitted: (jobId: string) => void;
}): Promise<JudgeRecord> {
  const { state, candidate, reference } = options;
  let jobId: string | undefined;
  try {
    const covered: JudgeInput = options.blindfold.cover({
      task: reference.task,
      reference: { turns: reference.turns, answer: reference.answer },
      candidate: { turns: candidate.turns, answer: candidate.answer },
    });
    const handle = options.context.submitInCurrentStep(options.makeJudge(), covered);
    jobId = handle.id;
    options.onSubmitted(handle.id);
    const outcome = await submitWithDeadline(handle, options.deadline);
    if (!outcome.ok) return failed(state, jobId, outcome.error);
    // The verdict is model output: scored against what the candidate really did.
    state.judge = scoreVerdict(outcome.output, covered.candidate);
    return { jobId, failed: false, note: null };
  } catch (error) {
    // Making, covering, submitting or scoring: any of it failing costs this run's score only.
    return failed(state, jobId, describeRunError(error));
  }
}

function failed(
  state: RunState<unknown, unknown>,
  jobId: string | undefined,
  why: string,
): JudgeRecord {
  state.judgeNote = `the judge failed: ${why}`;
  return { jobId, failed: true, note: state.judgeNote };
}

/**
 * Scores one candidate's output against the reference's in code, under a deadline. A scorer
 * that throws, answers outside 0–10 or runs out of time leaves the run unscored, with the reason.
 *
 * @internal
 */
export async function scoreRun<TOutput>(
  state: RunState<unknown, unknown>,
  scorer: Scorer<TOutput>,
  output: TOutput,
  reference: TOutput,
  limit: { readonly timeoutMs: number; readonly timers: Timers },
): Promise<void> {
  let timer: unknown;
  const late = new Promise<"late">(
    (resolve) => (timer = limit.timers.setTimeout(() => resolve("late"), limit.timeoutMs)),
  );
  try {
    const score = await Promise.race([
      Promise.resolve().then(() => scorer.score(output, reference)),
      late,
    ]);
    if (score === "late") {
      state.scorerNote = `scorer "${scorer.name}" gave no score within ${limit.timeoutMs} ms`;
    } else if (typeof score !== "number" || !Number.isFinite(score) || score < 0 || score > 10) {
      state.scorerNote = `scorer "${scorer.name}" answered ${typeof score === "number" ? score : typeof score}, not a score from 0 to 10`;
    } else {
      state.scorer = score;
    }
  } catch (error) {
    state.scorerNote = `scorer "${scorer.name}" failed: ${describeRunError(error)}`;
  } finally {
    limit.timers.clearTimeout(timer);
  }
}
