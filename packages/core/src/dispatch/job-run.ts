import type { SeatRequest } from "../admission/admission.js";
import { LLMReadableError } from "../errors/llm-readable-error.js";
import { RetrySignal, ThrottleSignal } from "../errors/retry-signals.js";
import { SystemError } from "../errors/system-error.js";
import { unwrap } from "../errors/unwrap.js";
import type { JobReportedEvent, RunEvent } from "../events/run-event.js";
import type { RunObserver } from "../events/run-observer.js";
import type { AbstractJob } from "../jobs/abstract-job.js";
import { AbstractOrchestrator } from "../jobs/abstract-orchestrator.js";
import type { AttemptInfo, ChildSubmitOptions, JobContext } from "../jobs/job-context.js";
import { createJobHandle, markRejectionHandled, type JobHandle } from "../jobs/job-handle.js";
import { INVOKE } from "../jobs/job-symbols.js";
import { acceptsAnything } from "../schema/accepts-anything.js";
import type { ReplayPlace } from "../replay/replay-place.js";
import type { ScopeGuard } from "../scope/scope-guard.js";
import { followCallerSignal } from "./caller-signal.js";
import { CancellationNode } from "./cancellation-node.js";
import { cancelledByHandle, cancelledByParentFailure } from "./cancellation-reasons.js";
import type { DispatchCore } from "./dispatch-core.js";
import { HeldSeats, NO_RESOURCES, type SeatOwner } from "./held-seats.js";
import { invalidOutputError } from "./invalid-output.js";
import { invokeTool } from "./invoke-tool.js";
import { assertPublishable } from "./published-value.js";
import { stampReported } from "./reported-event.js";
import { FIRST_ATTEMPT, planRetry } from "./retry-plan.js";
import { reportableType, type LifecycleEvent, type RunPlacement } from "./run-placement.js";
import { RUNNING_JOB } from "./running-job.js";
import { finishedEvent, startedEvent } from "./said-lifecycle.js";
import { SubtreeObserver } from "./subtree-observer.js";
import { requestedSeats } from "./tool-hooks.js";

/**
 * One submitted job from admission to result, and the {@link JobContext} it sees. Runs the
 * attempt loop: reserve seats, execute (under the timeout), return the seats, and consume the
 * retry signals — a throttle waits and re-admits, a correction re-runs the same instance, a
 * truncation re-runs once escalated. Cancellation fails the run at once and reaches every
 * descendant. Kept lean on purpose: while a job is in flight this object, its promise, the
 * reaction waiting on its work and its async-context frame are all it costs (see the
 * benchmark in the package README).
 *
 * @internal
 */
export class JobRun<TInput, TOutput> implements JobContext, SeatOwner {
  readonly handle: JobHandle<TOutput>;
  readonly jobId: string;
  readonly rootId: string;
  readonly jobClass: string;
  readonly ordinal: number | null;
  readonly scope: ScopeGuard;
  readonly metadata: Readonly<Record<string, unknown>>;
  attempt: AttemptInfo = FIRST_ATTEMPT;
  readonly #core: DispatchCore;
  readonly #job: AbstractJob<TInput, TOutput>;
  readonly #input: TInput;
  readonly #parent: JobRun<unknown, unknown> | null;
  readonly #node: CancellationNode;
  readonly #submittedAt: number;
  readonly #callerSignal: AbortSignal | undefined;
  /** Whether the job holds nothing (asked once: a brand found through a long prototype chain costs on every look). */
  readonly #orchestrator: boolean;
  /** @internal Its place in a resumable workflow, when it runs in one. */
  readonly replay: ReplayPlace | undefined;
  #step = 0;
  /** The last event number used; `job.submitted` (emitted by the door) is 1. */
  #seq = 1;
  /** Built on first use by {@link ancestorIds}. */
  #ancestors: readonly string[] | undefined;
  #done = false;
  #held: HeldSeats | undefined;
  #resolve!: (value: TOutput) => void;
  #reject!: (error: unknown) => void;

  constructor(
    core: DispatchCore,
    job: AbstractJob<TInput, TOutput>,
    input: TInput,
    placement: RunPlacement<JobRun<unknown, unknown>>,
  ) {
    this.#core = core;
    this.#job = job;
    this.#input = input;
    this.#parent = placement.parent;
    this.jobId = placement.jobId;
    this.rootId = placement.parent?.rootId ?? placement.jobId;
    this.jobClass = placement.jobClass;
    this.ordinal = placement.ordinal;
    this.scope = placement.scope;
    this.metadata = placement.metadata;
    this.#submittedAt = placement.submittedAt;
    this.#callerSignal = placement.signal;
    this.replay = placement.replay;
    this.#orchestrator = AbstractOrchestrator.isOrchestrator(job);
    this.#node = new CancellationNode(
      placement.parent === null ? undefined : placement.parent.#node,
      this,
    );
    const promise = new Promise<TOutput>((resolve, reject) => {
      this.#resolve = resolve;
      this.#reject = reject;
    });
    this.handle = createJobHandle(promise, this.jobId, this);
  }

  get parentId(): string | null {
    return this.#parent?.jobId ?? null;
  }

  get signal(): AbortSignal {
    return this.#node.signal;
  }

  get idempotencyKey(): string {
    return this.replay?.idempotencyKey ?? this.jobId;
  }

  get step(): number {
    return this.#step;
  }

  get observed(): boolean {
    return this.#core.events.active;
  }

  get wantsContent(): boolean {
    return this.#core.events.content;
  }

  /** Begins the attempt loop; called once, after the submission event. */
  start(): void {
    if (this.#callerSignal) followCallerSignal(this.#callerSignal, this.#node, this.jobId);
    if (this.#node.aborted) this.#fail(this.#node.reason);
    // The whole loop (requirements, execute, retries) runs in this job's own async context, so
    // a `dispatcher.submit` its code makes, from a timer it set too, becomes its child under its
    // own scope. Every job, tools too: one that ran in whatever context started it would submit
    // under its parent's wider scope, or under another workflow's (decision 0012).
    else RUNNING_JOB.run(this, JobRun.#runLoop, this as JobRun<unknown, unknown>);
  }

  static #runLoop(run: JobRun<unknown, unknown>): void {
    run.#attempt();
  }

  /** @internal Whether `value` is a run of `core` (false for a run of another dispatcher or copy of this package). */
  static belongsTo(value: object, core: DispatchCore): value is JobRun<unknown, unknown> {
    return #core in value && value.#core === core;
  }

  /** @internal Whether the job is an orchestrator (it holds nothing). */
  get orchestrator(): boolean {
    return this.#orchestrator;
  }

  /** @internal Whether the run has finished or failed. */
  get ended(): boolean {
    return this.#done;
  }

  /** @internal Called by the cancellation node when this job or an ancestor is aborted. */
  onCancelled(reason: unknown): void {
    this.#fail(reason);
  }

  emit(event: JobReportedEvent): void {
    // The type says which events a job reports; this holds when the caller ignores the type.
    reportableType(event, this.#job.name);
    const core = this.#core;
    if (core.events.active)
      core.events.emit(stampReported(event, this, core.clock.now(), ++this.#seq));
  }

  publish(key: string, value: unknown): void {
    assertPublishable(key, value, {
      jobName: this.#job.name,
      jobId: this.jobId,
      ended: this.#done,
    });
    if (this.#core.events.active) this.emitLifecycle({ type: "job.published", key, value });
  }

  observe(observer: RunObserver): () => void {
    return SubtreeObserver.subscribe(this.#core.events, observer, {
      jobName: this.#job.name,
      jobId: this.jobId,
      ended: this.#done,
    });
  }

  submit<I, O>(job: AbstractJob<I, O>, input: I, options?: ChildSubmitOptions): JobHandle<O> {
    return this.#core.dispatch(job, input, this as JobRun<unknown, unknown>, options, null);
  }

  submitInStep<I, O>(job: AbstractJob<I, O>, input: I, options?: ChildSubmitOptions): JobHandle<O> {
    return this.#core.dispatch(job, input, this as JobRun<unknown, unknown>, options, ++this.#step);
  }

  nextStep(): number {
    return ++this.#step;
  }

  submitInCurrentStep<I, O>(
    job: AbstractJob<I, O>,
    input: I,
    options?: ChildSubmitOptions,
  ): JobHandle<O> {
    if (this.#step === 0) {
      const error = new SystemError({
        code: "no_step",
        message:
          "submitInCurrentStep: call nextStep() first to claim the ordinal the parallel children share.",
      });
      return this.#core.refuse(job, this as JobRun<unknown, unknown>, null, error);
    }
    return this.#core.dispatch(job, input, this as JobRun<unknown, unknown>, options, this.#step);
  }

  // The attempt loop, written as callbacks rather than an async function: a job waiting on its
  // model or its children then holds a promise reaction, not a paused frame with every local of
  // the loop (thousands of jobs wait at once).

  /** Starts an attempt, once no observer holds the dispatcher back. */
  #attempt(): void {
    // An observer that cannot keep up (a recorder whose database is away) holds back new attempts.
    const held = this.#core.events.pressure();
    if (held) {
      void held.then(() => {
        if (!this.#done) this.#seatAndRun();
      });
    } else {
      this.#seatAndRun();
    }
  }

  /** Takes the attempt's seats (a tool's), then runs it. */
  #seatAndRun(): void {
    // An observer may have cancelled this job (on a retry's or a seat's event): it never runs again.
    if (this.#done) return;
    let requests: readonly SeatRequest[] | null = null;
    if (!this.#orchestrator) {
      try {
        requests = requestedSeats(this.#job, this.#input, this.attempt, this.#core.admission);
      } catch (thrown) {
        return this.#onError(thrown);
      }
    }
    if (requests === null) return this.#run();
    const held = new HeldSeats(this.#core, this);
    this.#held = held;
    let granted: number;
    try {
      granted = held.takeNow(requests);
    } catch (thrown) {
      return this.#onError(thrown);
    }
    // All taken, or the job ended on an observer's word (then it does not run).
    if (granted === requests.length || this.#done) return this.#run();
    held.take(requests, granted).then(
      () => {
        if (!this.#done) this.#run();
      },
      (thrown: unknown) => this.#onError(thrown),
    );
  }

  /** Runs the job once; its output or its error settles the attempt. */
  #run(): void {
    if (this.#done) return;
    let result: Promise<TOutput> | TOutput;
    try {
      if (this.#core.events.active)
        this.emitLifecycle(
          startedEvent(this.attempt.number, this.#input, this.#core.events.content),
        );
      result = this.#orchestrator
        ? this.#job[INVOKE](this.#input, NO_RESOURCES, this)
        : invokeTool(
            this.#job,
            this.#input,
            this.#held ?? NO_RESOURCES,
            this,
            this.#core.timers,
            this.#node,
          );
    } catch (thrown) {
      return this.#onError(thrown);
    }
    // Settled a microtask later even when the job answered at once, as an awaited result would be.
    Promise.resolve(result).then(
      (output) => {
        try {
          this.#held?.returnAll();
          this.#succeed(output);
        } catch (thrown) {
          this.#onError(thrown);
        }
      },
      (thrown: unknown) => this.#onError(thrown),
    );
  }

  /** An attempt threw: a retry signal plans the next attempt, anything else fails the run. */
  #onError(thrown: unknown): void {
    // A signal a library wrapped in another error's cause is still the signal.
    const error = unwrap(thrown);
    const throttle = ThrottleSignal.isInstance(error) ? error : undefined;
    const cooledByAdmission = this.#held?.returnAll(throttle) ?? false;
    if (this.#done) return;
    if (!RetrySignal.isInstance(error)) return this.#fail(error);
    const plan = planRetry(
      error,
      this.attempt,
      cooledByAdmission,
      this.#core.throttle,
      this.#job.name,
    );
    if ("error" in plan) return this.#fail(plan.error);
    const { delayMs } = plan;
    if (this.#core.events.active)
      this.emitLifecycle({
        type: "job.retrying",
        reason: error.kind,
        attempt: this.attempt.number,
        delayMs,
      });
    this.attempt = plan.next;
    if (delayMs === 0) return this.#attempt();
    void this.#core
      .sleep(delayMs, (hook) => this.#node.onceAborted(hook))
      .then(() => {
        if (!this.#done) this.#attempt();
      });
  }

  #succeed(output: TOutput): void {
    if (this.#done) return;
    const schema = this.#job.output;
    // A schema that accepts anything would hand back the same value: not asked (a model call's).
    const checked = acceptsAnything(schema)
      ? { success: true as const, data: output }
      : schema.safeParse(output);
    if (!checked.success) return this.#fail(invalidOutputError(this.#job.name, checked.error));
    this.#done = true;
    this.#node.finish();
    if (this.#core.events.active) {
      const durationMs = this.#core.clock.now() - this.#submittedAt;
      this.emitLifecycle(finishedEvent(durationMs, checked.data, this.#core.events.content));
    }
    this.#resolve(checked.data);
  }

  #fail(reason: unknown): void {
    if (this.#done) return;
    this.#done = true;
    this.#held?.returnAll();
    const error = LLMReadableError.isInstance(reason) ? reason : unwrap(reason);
    // Nobody will await a failed job's running children: stop them rather than let them spend.
    if (!this.#node.aborted) this.#node.abortChildren(cancelledByParentFailure(this.jobId, error));
    this.#node.finish();
    if (this.#core.events.active) {
      const code = (error as { code?: string }).code ?? "internal";
      this.emitLifecycle({
        type: "job.failed",
        durationMs: this.#core.clock.now() - this.#submittedAt,
        error: { name: error.name, code, message: error.message },
      });
    }
    markRejectionHandled(this.handle);
    this.#reject(error);
  }

  /** @internal Cancels this job and every descendant (what its handle's `cancel` does). */
  cancel(reason?: string): void {
    this.#node.abort(cancelledByHandle(this.jobId, reason));
  }

  /** Emits a lifecycle event with this run's lineage. @internal */
  emitLifecycle(event: LifecycleEvent): void {
    this.#core.events.emit({
      ...event,
      at: this.#core.clock.now(),
      jobId: this.jobId,
      parentId: this.parentId,
      rootId: this.rootId,
      seq: ++this.#seq,
    } as RunEvent);
  }

  /**
   * This job's ancestors, parent first, root last: built on first use (only observed runs
   * ask) and shared by every event that carries them, since a job's lineage never changes.
   * @internal
   */
  ancestorIds(): readonly string[] {
    if (this.#ancestors === undefined) {
      const ancestors: string[] =
        this.#parent === null ? [] : [this.#parent.jobId, ...this.#parent.ancestorIds()];
      this.#ancestors = Object.freeze(ancestors);
    }
    return this.#ancestors;
  }
}
