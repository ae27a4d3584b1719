import type { RunObserver } from "../events/run-observer.js";
import type { AbstractJob } from "../jobs/abstract-job.js";
import type { SubmitOptions } from "../jobs/job-context.js";
import type { JobHandle } from "../jobs/job-handle.js";
import { errorFields } from "../log/error-fields.js";
import type { LogFields, Logger } from "../log/logger.js";
import { stderrLogger } from "../log/stderr-logger.js";
import { DEFAULT_SCOPE_AXES } from "../scope/scope-guard.js";
import { DispatchCore } from "./dispatch-core.js";
import { systemClock, systemTimers, type JobDispatcherOptions } from "./dispatcher-options.js";
import { EventSink } from "./event-sink.js";
import { createJobIds } from "./job-ids.js";
import { RUNNING_JOB } from "./running-job.js";

/**
 * The one door through which every job runs. It assigns ids and lineage, seals the parent's
 * scope onto each child, stamps step ordinals, checks input against the job's schema, asks
 * the job's seats of the {@link Admission} and waits, runs the job, consumes the retry signals
 * (throttle, correction, truncation), enforces timeouts and cancellation down to every
 * descendant, and tells its observers everything as {@link RunEvent}s.
 *
 * @example
 * const ledger = new CostLedger();
 * const dispatcher = new JobDispatcher({ observers: [ledger] });
 * const report = await dispatcher.submit(new ReviewDoer(), { text: "..." }, { scope: { axes: { tenant: "acme" } } });
 */
export class JobDispatcher {
  readonly #core: DispatchCore;

  constructor(options: JobDispatcherOptions = {}) {
    const report = reportTo(options.logger ?? stderrLogger);
    this.#core = new DispatchCore(
      options.admission,
      new EventSink(options.observers ?? [], report),
      new Set(options.scopeAxes ?? DEFAULT_SCOPE_AXES),
      {
        maxThrottles: options.throttle?.maxThrottles ?? 6,
        initialBackoffMs: options.throttle?.initialBackoffMs ?? 500,
        maxBackoffMs: options.throttle?.maxBackoffMs ?? 60_000,
      },
      options.clock ?? systemClock,
      options.timers ?? systemTimers,
      options.ids ?? createJobIds(),
      report,
    );
  }

  /**
   * Submits a top-level job: the root of a new workflow. Never throws: a refused submission
   * (bad input, bad scope, not a job) returns a handle whose result rejects with the reason.
   *
   * Called from inside a running job (its `execute`, or a timer or callback it set), the job
   * becomes the submission's parent, as `context.submit` would make it (no step ordinal): the
   * child inherits its scope and cancellation, and its cost counts in the workflow. Such a call
   * is refused when the job runs on another dispatcher, or has already ended.
   */
  submit<TInput, TOutput>(
    job: AbstractJob<TInput, TOutput>,
    input: TInput,
    options?: SubmitOptions,
  ): JobHandle<TOutput> {
    const running = RUNNING_JOB.getStore();
    if (running === undefined) return this.#core.dispatch(job, input, null, options, null);
    return this.#core.dispatchWithin(running, job, input, options);
  }

  /** Subscribes an observer; returns the function that unsubscribes it. */
  observe(observer: RunObserver): () => void {
    return this.#core.events.add(observer);
  }
}

/** A problem the dispatcher cannot pass to a job, told to the logger; a throwing logger is ignored. */
function reportTo(logger: Logger): (problem: string, error: unknown, fields?: LogFields) => void {
  return (problem, error, fields) => {
    try {
      logger.error({ component: "dispatcher", ...fields, error: errorFields(error) }, problem);
    } catch {
      // The job carries on whatever its logger does.
    }
  };
}
