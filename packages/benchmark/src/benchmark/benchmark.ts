import type { CatalogEntry } from "@nucleo/catalog";
import type { LlmEnvironment } from "@nucleo/conversation";
import {
  AbstractDoer,
  InvalidInputError,
  SystemError,
  systemTimers,
  type AbstractJob,
  type Grade,
  type GradeRung,
  type JobContext,
} from "@nucleo/core";
import type { ModelDependentTool } from "@nucleo/tools";
import { isModelDependent } from "@nucleo/tools/internal";
import type { ZodType } from "zod";
import {
  Blindfold,
  DEFAULT_JUDGE_TIMEOUT_MS,
  JudgeTool,
  recordRun,
  type JudgeInput,
  type JudgeVerdict,
} from "../judge/index.js";
import type { BenchmarkReport } from "../report/benchmark-report.js";
import { formatReportTable } from "../report/index.js";
import type { BenchmarkOptions } from "./benchmark-options.js";
import type { BenchmarkProgress } from "./benchmark-progress.js";
import { checkBenchmarkOptions } from "./check-options.js";
import { buildReport } from "./build-report.js";
import { judgeRun, scoreRun, type JudgeRecord } from "./judge-and-score.js";
import { describeRunError, launchRun, type RunDeadline, type SubmitDoor } from "./launched-run.js";
import { RunMeter } from "./run-meter.js";
import { rowOf, type RunState } from "./run-rows.js";

const DEFAULT_RUN_TIMEOUT_MS = 10 * 60_000;

/**
 * Races a model-dependent job — a thinker or a one-call tool — across every model of its
 * grade. The reference runs first and alone, unpinned: what the deployment's picker serves.
 * Then every candidate entry runs the same input `times` times, each run pinned to its entry,
 * all submitted at once under admission. A run's pin serves the job's own calls and those of
 * its children with no grade of their own (a one-call tool that declares none, a `sub_thinker`
 * delegate); a child whose grade is known — declared, or stated in its input like
 * `quick_llm_question`'s — is served by the picker in every run, the reference's included, so
 * every run does the same job and their costs compare. As each run lands a blind judge at
 * `CEILING` compares it in full with the reference (turns, tool calls and results, answer), so
 * judging overlaps the race; a {@link Scorer} adds a score in code. The benchmark returns the
 * reference's output — wrapping a step in a benchmark changes nothing downstream — and the
 * {@link BenchmarkReport} goes sideways: logged as a table, published on the job's metadata
 * under {@link Benchmark.REPORT}, and kept for {@link Benchmark.report}.
 *
 * Every figure comes from a private ledger the dispatcher feeds with this job's own subtree,
 * attributed by lineage: a thinker's calls and its children's calls land on its row.
 *
 * The raced job runs `1 + candidates × times` times: race jobs whose effects may repeat. One
 * instance runs one benchmark at a time (`report()` holds the last one's report).
 *
 * @example
 * const benchmark = new Benchmark({ factory: () => new Summariser({ environment }), environment, times: 3 });
 * const summary = await dispatcher.submit(benchmark, { text });  // the reference's answer
 * console.log(benchmark.report()?.models.map((model) => [model.model, model.judgeScore?.mean]));
 */
export class Benchmark<TInput, TOutput> extends AbstractDoer<TInput, TOutput> {
  /** The metadata key the report is published under. */
  static readonly REPORT = "nucleo.benchmark.report";

  readonly name: string;
  override readonly description: string;
  readonly input: ZodType<TInput>;
  readonly output: ZodType<TOutput>;
  override readonly readOnly: boolean;
  readonly #options: BenchmarkOptions<TInput, TOutput>;
  readonly #jobName: string;
  readonly #grade: Grade | undefined;
  readonly #times: number;
  #report: BenchmarkReport | undefined;
  /** Every instance the factory has made: a factory that hands one out twice would share it between runs. */
  readonly #made = new WeakSet<object>();

  /**
   * @throws {InvalidInputError} naming the option that is wrong.
   * @throws {SystemError} when the factory throws or makes something that is not a model-dependent job.
   */
  constructor(options: BenchmarkOptions<TInput, TOutput>) {
    super();
    checkBenchmarkOptions(options);
    const probe = makeProbe(options.factory);
    this.#made.add(probe);
    this.#options = options;
    this.#jobName = String(probe.name);
    const declared = probe.grade();
    if (options.grade !== undefined && declared !== undefined && options.grade !== declared) {
      throw new InvalidInputError({
        parameter: "grade",
        value: options.grade,
        expected: `no grade, or ${declared}: job "${String(probe.name)}" declares ${declared} itself (the option is for jobs that declare none)`,
      });
    }
    this.#grade = options.grade ?? declared;
    this.#times = options.times ?? 1;
    if (this.#grade === undefined) {
      throw new InvalidInputError({
        parameter: "grade",
        expected: `the grade to race: job "${this.#jobName}" declares none of its own`,
      });
    }
    this.name = `benchmark_${this.#jobName}`;
    this.description = `Races "${this.#jobName}" across the models of its grade and judges each run against a reference.`;
    this.input = probe.input;
    this.output = probe.output;
    this.readOnly = probe.readOnly === true;
  }

  /** The entries a benchmark of `grade` races in this deployment: its open, callable entries inside the envelope. */
  static candidates(environment: LlmEnvironment, grade: Grade): readonly CatalogEntry[] {
    return environment.picker.candidates(grade);
  }

  /** The report of the last run, once it has ended (also when the reference failed). */
  report(): BenchmarkReport | undefined {
    return this.#report;
  }

  async execute(input: TInput, context: JobContext): Promise<TOutput> {
    const options = this.#options;
    const candidates = this.#candidates();
    const timers = options.timers ?? systemTimers;
    const meter = new RunMeter(context.jobId);
    context.observe(meter);
    const blindfold = Blindfold.forCatalog(options.environment.picker.catalog, options.blindTerms);
    const progress = guardedProgress(options.onProgress);
    const runTimeoutMs = options.runTimeoutMs ?? DEFAULT_RUN_TIMEOUT_MS;
    const judgeTimeoutMs = options.judgeTimeoutMs ?? DEFAULT_JUDGE_TIMEOUT_MS;
    const deadline = (timeoutMs: number, what: string): RunDeadline => ({
      timeoutMs,
      timers,
      whenSeated: (jobId, start) => meter.whenSeated(jobId, start),
      forget: (jobId) => meter.cancelSeated(jobId),
      reason: `it ran past the benchmark's ${what} timeout of ${timeoutMs} ms`,
    });
    const states: RunState<TInput, TOutput>[] = [];
    const launch = (
      run: number,
      entry: CatalogEntry | undefined,
      repeat: number,
      door: SubmitDoor,
    ): RunState<TInput, TOutput> => {
      const launched = launchRun({
        factory: this.#fresh,
        input,
        pin: entry?.id,
        context,
        door,
        deadline: deadline(runTimeoutMs, "run"),
        onSubmitted: (jobId) => meter.track(jobId),
      });
      const state: RunState<TInput, TOutput> = {
        run,
        role: entry ? "candidate" : "reference",
        entry,
        repeat,
        launched,
        outcome: undefined,
        judge: null,
        judgeNote: null,
        scorer: null,
        scorerNote: null,
      };
      states.push(state);
      return state;
    };
    const row = (state: RunState<TInput, TOutput>) =>
      rowOf(
        state,
        state.launched.jobId === undefined ? undefined : meter.measure(state.launched.jobId),
      );
    progress(() => ({
      kind: "started",
      candidates: candidates.map((entry) => entry.id),
      times: this.#times,
      runs: candidates.length * this.#times,
    }));

    // The reference: first and alone, unpinned.
    const reference = launch(0, undefined, 1, "next-step");
    reference.outcome = await reference.launched.settled;
    reference.judgeNote = "the reference: the ground truth, not judged";
    stopIfCancelled(context);
    const referenceOutput = reference.outcome.ok ? reference.outcome.output : undefined;
    const referenceRecord = reference.outcome.ok
      ? recordRun(reference.launched.job, input, referenceOutput)
      : undefined;
    progress(() => ({ kind: "reference", row: row(reference) }));

    // The race: every run submitted before any is awaited, all under one step ordinal.
    context.nextStep();
    let run = 0;
    const race = candidates.flatMap((entry) =>
      Array.from({ length: this.#times }, (_, index) =>
        launch(++run, entry, index + 1, "current-step"),
      ),
    );
    // Judges share the next ordinal, claimed now that every run is in.
    context.nextStep();
    const judges: JudgeRecord[] = [];
    const makeJudge =
      options.judge ??
      ((): AbstractJob<JudgeInput, JudgeVerdict> =>
        new JudgeTool({ environment: options.environment, timeoutMs: judgeTimeoutMs }));
    await Promise.all(
      race.map(async (state) => {
        state.outcome = await state.launched.settled;
        if (!state.outcome.ok) state.judgeNote = "the run failed";
        else if (referenceRecord === undefined) state.judgeNote = "the reference failed";
        progress(() => ({ kind: "run", row: row(state) }));
        if (!state.outcome.ok || referenceRecord === undefined || context.signal.aborted) return;
        const output = state.outcome.output;
        const [judged] = await Promise.all([
          judgeRun({
            state,
            candidate: recordRun(state.launched.job, input, output),
            reference: referenceRecord,
            blindfold,
            makeJudge,
            context,
            deadline: deadline(judgeTimeoutMs, "judge"),
            onSubmitted: (jobId) => meter.track(jobId),
          }),
          options.scorer
            ? scoreRun(state, options.scorer, output, referenceOutput as TOutput, {
                timeoutMs: judgeTimeoutMs,
                timers,
              })
            : undefined,
        ]);
        judges.push(judged);
        progress(() => ({ kind: "judged", row: row(state) }));
      }),
    );
    // A cancelled benchmark has already failed: nothing to publish on a job that has ended.
    stopIfCancelled(context);

    const report = buildReport({
      job: this.#jobName,
      grade: this.#rung(candidates),
      times: this.#times,
      states,
      candidates,
      meter,
      judges,
    });
    this.#report = report;
    // The table first: whatever happens to publishing, the table is logged.
    logTable(options.log, formatReportTable(report));
    context.publish(Benchmark.REPORT, report);
    if (!reference.outcome.ok) {
      throw new SystemError({
        code: "reference_failed",
        message: `Benchmark of "${this.#jobName}": the reference run failed (${reference.outcome.error}); every run is left unjudged.`,
      });
    }
    return referenceOutput as TOutput;
  }

  /** The factory, checked to make a fresh model-dependent instance per run, given the grade when it has none. */
  readonly #fresh = (): ModelDependentTool<TInput, TOutput> => {
    const job = this.#options.factory();
    if (typeof job !== "object" || job === null || !isModelDependent(job)) {
      throw new SystemError({
        code: "invalid_job",
        message: "the factory made something that is not a model-dependent job",
      });
    }
    if (this.#made.has(job)) {
      throw new SystemError({
        code: "invalid_job",
        message:
          "the factory returned an instance it had made before; runs must not share one (make a new instance per call)",
      });
    }
    this.#made.add(job);
    if (job.grade() === undefined) job.setGrade(this.#grade!);
    return job;
  };

  /** The entries to race: the explicit list (each checked, by position), else the grade's open, callable entries. */
  #candidates(): readonly CatalogEntry[] {
    const picker = this.#options.environment.picker;
    const explicit = this.#options.candidates;
    if (explicit !== undefined) {
      return explicit.map((entryId, index) => {
        if (explicit.indexOf(entryId) !== index) {
          throw new InvalidInputError({
            parameter: `candidates[${index}]`,
            value: entryId,
            expected: `an entry not listed before (it is candidates[${explicit.indexOf(entryId)}]; use times to run an entry more than once)`,
          });
        }
        let entry: CatalogEntry;
        try {
          entry = picker.pinned(entryId);
        } catch (error) {
          throw new InvalidInputError({
            parameter: `candidates[${index}]`,
            value: entryId,
            expected: `an entry of the catalog inside the deployment's envelope (${describeRunError(error)})`,
            cause: error,
          });
        }
        if (!entry.callable)
          throw new InvalidInputError({
            parameter: `candidates[${index}]`,
            value: entryId,
            expected: "an entry this deployment may call (it is marked not callable)",
          });
        return entry;
      });
    }
    const found = Benchmark.candidates(this.#options.environment, this.#grade!);
    if (found.length === 0) {
      throw new InvalidInputError({
        parameter: "grade",
        value: this.#grade!,
        expected: `a grade with at least one open, callable entry to race, but the catalog has none for job "${this.#jobName}"`,
      });
    }
    return found;
  }

  /** The report's grade: the declared one resolved (`CEILING` to its rung); with explicit candidates of another grade, still the declared one. */
  #rung(candidates: readonly CatalogEntry[]): GradeRung {
    try {
      return this.#options.environment.picker.resolve(this.#grade!);
    } catch {
      return candidates[0]!.grade;
    }
  }
}

function makeProbe<TInput, TOutput>(
  factory: () => ModelDependentTool<TInput, TOutput>,
): ModelDependentTool<TInput, TOutput> {
  let probe: unknown;
  try {
    probe = factory();
  } catch (error) {
    // Named like a run's failure (a library's raw text may carry a secret); the original is on `cause`.
    throw new SystemError({
      code: "factory_failed",
      message: `Benchmark: the factory threw while making the job to race (${describeRunError(error)}).`,
      cause: error,
    });
  }
  if (!isModelDependent(probe) || typeof (probe as { name?: unknown }).name !== "string") {
    throw new SystemError({
      code: "invalid_job",
      message:
        "Benchmark: the factory must make a model-dependent job (a thinker or a one-call tool), a fresh one per call.",
    });
  }
  return probe as ModelDependentTool<TInput, TOutput>;
}

/** Stops a benchmark whose job was cancelled (by its caller or a failed ancestor): its runs are being cancelled too. */
function stopIfCancelled(context: JobContext): void {
  if (context.signal.aborted) throw context.signal.reason;
}

/**
 * A progress callback that cannot break the benchmark: after it throws once it is not told
 * again. Events are built only while someone listens (a row reads the ledger).
 */
function guardedProgress(
  onProgress: ((progress: BenchmarkProgress) => void) | undefined,
): (progress: () => BenchmarkProgress) => void {
  let listening = onProgress !== undefined;
  return (progress) => {
    if (!listening) return;
    try {
      onProgress!(progress());
    } catch {
      listening = false;
    }
  };
}

/** Logs the table; a `log` that throws loses only the table's printing, never the report. */
function logTable(log: ((table: string) => void) | undefined, table: string): void {
  try {
    (log ?? ((text: string) => process.stdout.write(`${text}\n`)))(table);
  } catch {
    // The report is published and kept for `report()`; the table can be formatted again from it.
  }
}
