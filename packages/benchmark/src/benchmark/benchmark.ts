import type { CatalogEntry, ModelPicker } from "@nucleo/catalog";
import { AbstractDoer, InvalidInputError, SystemError, type AbstractJob, type Decimal, type GradeRung, type JobContext, type Timers } from "@nucleo/core";
import { isModelDependent, type ModelDependentTool } from "@nucleo/tools";
import type { ZodType } from "zod";
import { Blindfold, DEFAULT_JUDGE_TIMEOUT_MS, JudgeTool, recordRun, scoreVerdict, type JudgeInput, type JudgeVerdict, type RunRecord } from "../judge/index.js";
import type { BenchmarkReport } from "../report/benchmark-report.js";
import { formatReportTable, summarizeModels } from "../report/index.js";
import type { BenchmarkOptions } from "./benchmark-options.js";
import { describe, launchRun, type SubmitDoor } from "./launched-run.js";
import { RunMeter } from "./run-meter.js";
import { rowOf, type RunState } from "./run-rows.js";

/** One judge submitted (or that could not be made), for the report's judging line. */
interface JudgeRecord {
  readonly jobId: string | undefined;
  failed: boolean;
  note: string | null;
}

const DEFAULT_RUN_TIMEOUT_MS = 10 * 60_000;
const globalTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Races a model-dependent job — a thinker or a one-call tool — across every model of its
 * grade. The reference runs first and alone, unpinned: what the deployment's picker serves.
 * Then every candidate entry runs the same input `times` times, each run pinned to its entry,
 * all submitted at once under admission. As each run lands a blind judge at `CEILING`
 * compares it in full with the reference (turns, tool calls and results, answer), so judging
 * overlaps the race; a {@link Scorer} adds a score in code. The benchmark returns the
 * reference's output — wrapping a step in a benchmark changes nothing downstream — and the
 * {@link BenchmarkReport} goes sideways: logged as a table, published on the job's metadata
 * under {@link Benchmark.REPORT}, and kept for {@link Benchmark.report}.
 *
 * Every figure comes from a private ledger the dispatcher feeds with this job's own subtree,
 * attributed by lineage: a thinker's calls and its children's calls land on its row.
 *
 * The raced job runs `1 + candidates × times` times: race jobs whose effects may repeat.
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
  readonly #grade: string | undefined;
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
    checkOptions(options);
    const probe = makeProbe(options.factory);
    this.#made.add(probe);
    this.#options = options;
    this.#jobName = String(probe.name);
    this.#grade = probe.grade();
    this.#times = options.times ?? 1;
    if (this.#grade === undefined && options.candidates === undefined) {
      throw new InvalidInputError({ parameter: "candidates", expected: `a list of entry ids: job "${this.#jobName}" declares no grade, so its candidates cannot be listed` });
    }
    this.name = `benchmark_${this.#jobName}`;
    this.description = `Races "${this.#jobName}" across the models of its grade and judges each run against a reference.`;
    this.input = probe.input;
    this.output = probe.output;
    this.readOnly = probe.readOnly === true;
  }

  /** The report of the last run, once it has ended (also when the reference failed). */
  report(): BenchmarkReport | undefined {
    return this.#report;
  }

  async execute(input: TInput, context: JobContext): Promise<TOutput> {
    const options = this.#options;
    const picker = options.environment.picker;
    const candidates = this.#candidates(picker);
    const timers = options.timers ?? globalTimers;
    const runTimeoutMs = options.runTimeoutMs ?? DEFAULT_RUN_TIMEOUT_MS;
    const meter = new RunMeter(context.jobId);
    context.observe(meter);
    const blindfold = Blindfold.forCatalog(picker.catalog, options.blindTerms);
    const progress = options.onProgress ?? (() => {});
    const states: RunState<TInput, TOutput>[] = [];
    const launch = (run: number, entry: CatalogEntry | undefined, repeat: number, door: SubmitDoor): RunState<TInput, TOutput> => {
      const launched = launchRun({
        factory: this.#fresh, input, pin: entry?.id, context, door, timeoutMs: runTimeoutMs, timers, onSubmitted: (jobId) => meter.track(jobId),
      });
      const state: RunState<TInput, TOutput> = {
        run, role: entry ? "candidate" : "reference", entry, repeat, launched, outcome: undefined, judge: null, judgeNote: null, scorer: null, scorerNote: null,
      };
      states.push(state);
      return state;
    };
    const row = (state: RunState<TInput, TOutput>) => rowOf(state as RunState<unknown, unknown>, state.launched.jobId === undefined ? undefined : meter.measure(state.launched.jobId));
    progress({ kind: "started", candidates: candidates.map((entry) => entry.id), times: this.#times, runs: candidates.length * this.#times });

    // The reference: first and alone, unpinned.
    const reference = launch(0, undefined, 1, "next-step");
    reference.outcome = await reference.launched.settled;
    const referenceOutput = reference.outcome.ok ? reference.outcome.output : undefined;
    const referenceRecord = reference.outcome.ok ? recordRun(reference.launched.job, input, referenceOutput) : undefined;
    reference.judgeNote = "the reference: the ground truth, not judged";
    progress({ kind: "reference", row: row(reference) });

    // The race: every run submitted before any is awaited, all under one step ordinal.
    context.nextStep();
    let run = 0;
    const race = candidates.flatMap((entry) => Array.from({ length: this.#times }, (_, index) => launch(++run, entry, index + 1, "current-step")));
    // Judges share the next ordinal, claimed now that every run is in.
    context.nextStep();
    const judges: JudgeRecord[] = [];
    const landed = race.map(async (state) => {
      state.outcome = await state.launched.settled;
      if (!state.outcome.ok) {
        state.judgeNote = "the run failed";
      } else if (!reference.outcome!.ok) {
        state.judgeNote = "the reference failed";
      }
      progress({ kind: "run", row: row(state) });
      if (!state.outcome.ok || referenceOutput === undefined || referenceRecord === undefined) return;
      const output = state.outcome.output;
      await Promise.all([
        this.#score(state, output, referenceOutput),
        this.#judge(state, recordRun(state.launched.job, input, output), referenceRecord, blindfold, context, meter, judges),
      ]);
      progress({ kind: "judged", row: row(state) });
    });
    await Promise.all(landed);

    const report = this.#buildReport(states, candidates, meter, judges, reference);
    this.#report = report;
    context.publish(Benchmark.REPORT, report);
    (options.log ?? printToStdout)(formatReportTable(report));
    if (!reference.outcome.ok) {
      throw new SystemError({ code: "reference_failed", message: `Benchmark of "${this.#jobName}": the reference run failed (${reference.outcome.error}); every run is left unjudged.` });
    }
    return referenceOutput as TOutput;
  }

  /** The factory, checked to make a fresh instance per run. */
  readonly #fresh = (): ModelDependentTool<TInput, TOutput> => {
    const job = this.#options.factory();
    if (typeof job !== "object" || job === null || !isModelDependent(job)) {
      throw new SystemError({ code: "invalid_job", message: "the factory made something that is not a model-dependent job" });
    }
    if (this.#made.has(job)) {
      throw new SystemError({ code: "invalid_job", message: "the factory returned an instance it had made before; runs must not share one (make a new instance per call)" });
    }
    this.#made.add(job);
    return job;
  };

  /** The entries to race: the explicit list (each checked), else the grade's open, callable entries. */
  #candidates(picker: ModelPicker): readonly CatalogEntry[] {
    const explicit = this.#options.candidates;
    if (explicit !== undefined) {
      return explicit.map((entryId, index) => {
        const entry = picker.pinned(entryId);
        if (!entry.callable) throw new InvalidInputError({ parameter: `candidates[${index}]`, value: entryId, expected: "an entry this deployment may call (it is marked not callable)" });
        return entry;
      });
    }
    const found = picker.candidates(this.#grade!);
    if (found.length === 0) {
      throw new InvalidInputError({ parameter: "grade", value: this.#grade!, expected: `a grade with at least one open, callable entry to race, but the catalog has none for job "${this.#jobName}"` });
    }
    return found;
  }

  async #score(state: RunState<TInput, TOutput>, output: TOutput, reference: TOutput): Promise<void> {
    const scorer = this.#options.scorer;
    if (!scorer) return;
    try {
      const score = await scorer.score(output, reference);
      if (typeof score !== "number" || !Number.isFinite(score) || score < 0 || score > 10) {
        state.scorerNote = `scorer "${scorer.name}" answered ${typeof score === "number" ? score : typeof score}, not a score from 0 to 10`;
      } else {
        state.scorer = score;
      }
    } catch (error) {
      state.scorerNote = `scorer "${scorer.name}" failed: ${describe(error)}`;
    }
  }

  async #judge(
    state: RunState<TInput, TOutput>,
    candidate: RunRecord,
    reference: RunRecord,
    blindfold: Blindfold,
    context: JobContext,
    meter: RunMeter,
    judges: JudgeRecord[],
  ): Promise<void> {
    const judgeInput: JudgeInput = blindfold.cover({
      task: reference.task,
      reference: { turns: reference.turns, answer: reference.answer },
      candidate: { turns: candidate.turns, answer: candidate.answer },
    });
    let judge: AbstractJob<JudgeInput, JudgeVerdict>;
    try {
      judge = this.#options.judge?.() ?? new JudgeTool({ environment: this.#options.environment, timeoutMs: this.#options.judgeTimeoutMs ?? DEFAULT_JUDGE_TIMEOUT_MS });
    } catch (error) {
      state.judgeNote = `the judge failed: ${describe(error)}`;
      judges.push({ jobId: undefined, failed: true, note: state.judgeNote });
      return;
    }
    const handle = context.submitInCurrentStep(judge, judgeInput);
    meter.track(handle.id);
    const record: JudgeRecord = { jobId: handle.id, failed: false, note: null };
    judges.push(record);
    try {
      state.judge = scoreVerdict(await handle);
    } catch (error) {
      record.failed = true;
      record.note = state.judgeNote = `the judge failed: ${describe(error)}`;
    }
  }

  #buildReport(
    states: readonly RunState<TInput, TOutput>[],
    candidates: readonly CatalogEntry[],
    meter: RunMeter,
    judges: readonly JudgeRecord[],
    reference: RunState<TInput, TOutput>,
  ): BenchmarkReport {
    const rows = [...states].sort((a, b) => a.run - b.run).map((state) => rowOf(state as RunState<unknown, unknown>, state.launched.jobId === undefined ? undefined : meter.measure(state.launched.jobId)));
    const judgingCost = new Map<string, Decimal>();
    let judgingCalls = 0;
    for (const judge of judges) {
      if (judge.jobId === undefined) continue;
      const totals = meter.measure(judge.jobId).totals;
      judgingCalls += totals.calls;
      for (const [currency, amount] of totals.cost) judgingCost.set(currency, judgingCost.get(currency)?.plus(amount) ?? amount);
    }
    const failedJudges = judges.filter((judge) => judge.failed);
    const span = meter.span();
    const grade = this.#grade === undefined ? (candidates[0]?.grade ?? "MEDIUM") : this.#options.environment.picker.resolve(this.#grade);
    return {
      job: this.#jobName,
      grade: grade as GradeRung,
      times: this.#times,
      startedAt: new Date(span.firstAt ?? 0).toISOString(),
      finishedAt: new Date(span.lastAt ?? 0).toISOString(),
      rows,
      models: summarizeModels(rows, candidates.map((entry) => ({ id: entry.id, providerModel: entry.model }))),
      judging: { judges: judges.length, failed: failedJudges.length, calls: judgingCalls, cost: Object.fromEntries([...judgingCost].map(([currency, amount]) => [currency, amount.toString()])) },
      judgeFailure: judges.length > 0 && failedJudges.length === judges.length ? `every judge failed; the first: ${failedJudges[0]!.note}` : null,
      referenceFailure: reference.outcome?.ok === false ? reference.outcome.error : null,
    };
  }
}

function checkOptions(options: BenchmarkOptions<unknown, unknown>): void {
  if (typeof options?.factory !== "function") throw new InvalidInputError({ parameter: "factory", expected: "a function that makes the raced job" });
  if (typeof options.environment?.picker?.candidates !== "function") throw new InvalidInputError({ parameter: "environment", expected: "an LlmEnvironment (its picker lists the grade's candidates)" });
  if (options.times !== undefined && !(Number.isSafeInteger(options.times) && options.times >= 1)) {
    throw new InvalidInputError({ parameter: "times", value: String(options.times), expected: "a whole number of runs per entry, at least 1" });
  }
  for (const key of ["runTimeoutMs", "judgeTimeoutMs"] as const) {
    const value = options[key];
    if (value !== undefined && !(typeof value === "number" && Number.isFinite(value) && value > 0)) {
      throw new InvalidInputError({ parameter: key, value: String(value), expected: "a positive number of milliseconds" });
    }
  }
  if (options.candidates !== undefined && (!Array.isArray(options.candidates) || options.candidates.length === 0)) {
    throw new InvalidInputError({ parameter: "candidates", expected: "a non-empty list of entry ids (leave it out to race the whole grade)" });
  }
}

function makeProbe<TInput, TOutput>(factory: () => ModelDependentTool<TInput, TOutput>): ModelDependentTool<TInput, TOutput> {
  let probe: unknown;
  try {
    probe = factory();
  } catch (error) {
    // Thrown to the caller constructing the benchmark (never recorded), so its own words help most.
    const said = error instanceof Error ? error.message : String(error);
    throw new SystemError({ code: "factory_failed", message: `Benchmark: the factory threw while making the job to race: ${said}`, cause: error });
  }
  if (!isModelDependent(probe) || typeof (probe as { name?: unknown }).name !== "string") {
    throw new SystemError({ code: "invalid_job", message: "Benchmark: the factory must make a model-dependent job (a thinker or a one-call tool), a fresh one per call." });
  }
  return probe as ModelDependentTool<TInput, TOutput>;
}

function printToStdout(table: string): void {
  process.stdout.write(`${table}\n`);
}
