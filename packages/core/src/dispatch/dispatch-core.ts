import type { Admission } from "../admission/admission.js";
import { InvalidInputError } from "../errors/invalid-input-error.js";
import { SystemError } from "../errors/system-error.js";
import { unwrap } from "../errors/unwrap.js";
import type { LLMReadableError } from "../errors/llm-readable-error.js";
import { AbstractJob } from "../jobs/abstract-job.js";
import { META_ITERATION, type SubmitOptions } from "../jobs/job-context.js";
import { createJobHandle, markRejectionHandled, type JobHandle } from "../jobs/job-handle.js";
import { acceptsUndefinedOnly } from "../schema/accepts-anything.js";
import { describeIssue } from "../schema/describe-issue.js";
import { ScopeGuard, type ScopeRequest } from "../scope/scope-guard.js";
import { ScopeViolationError } from "../scope/scope-violation-error.js";
import { mayRunReadOnly } from "../jobs/read-only-binding.js";
import { jobRoleOf, type JobRole } from "../jobs/job-role.js";
import type { JobSubmittedEvent, ReplayMark } from "../events/run-event.js";
import { finishReplayed, placeJob, recallReplayed } from "./replay-door.js";
import { checkRootOptions } from "./root-options.js";
import type { Clock, ThrottlePolicy, Timers } from "./dispatcher-options.js";
import type { LogFields } from "../log/logger.js";
import type { EventSink } from "./event-sink.js";
import { JobRun } from "./job-run.js";
import type { RunningJob } from "./running-job.js";

const EMPTY_METADATA: Readonly<Record<string, unknown>> = Object.freeze({});
const NO_INPUT = Object.freeze({ ok: true as const, value: undefined });
const READ_ONLY: ScopeRequest = Object.freeze({ readOnly: true });
/** A refused job never ran: cancelling its handle does nothing. */
const NOTHING_TO_CANCEL = { cancel(): void {} };

/**
 * The submission door every job goes through, top-level or child: it assigns the id and the
 * lineage, seals the parent's scope onto the child, stamps the ordinal, checks the input
 * against the job's schema, and starts the run. A refused submission still gets an id and its
 * events; its handle rejects with the reason. Nothing a caller passes makes it throw.
 *
 * @internal
 */
export class DispatchCore {
  constructor(
    readonly admission: Admission | undefined,
    readonly events: EventSink,
    readonly axes: ReadonlySet<string>,
    readonly throttle: Required<ThrottlePolicy>,
    readonly clock: Clock,
    readonly timers: Timers,
    readonly ids: () => string,
    readonly report: (problem: string, error: unknown, fields?: LogFields) => void,
  ) {}

  dispatch<TInput, TOutput>(
    job: AbstractJob<TInput, TOutput>,
    input: unknown,
    parent: JobRun<unknown, unknown> | null,
    options: SubmitOptions | undefined,
    ordinal: number | null,
  ): JobHandle<TOutput> {
    const jobId = parent === null && options?.id !== undefined ? options.id : this.ids();
    const submittedAt = this.clock.now();
    if (!AbstractJob.isJob(job)) {
      return this.#refuse(
        jobId,
        parent,
        submittedAt,
        "(not a job)",
        "(not a job)",
        ordinal,
        ScopeGuard.OPEN,
        new SystemError({
          code: "invalid_job",
          message:
            "submit(job, ...): `job` must be an instance of a Nucleo job class (AbstractTool or AbstractDoer).",
        }),
      );
    }
    const jobClass = job.constructor.name;
    let scope = parent?.scope ?? ScopeGuard.OPEN;
    let refusal: LLMReadableError | undefined;
    try {
      scope = scope.narrow(options?.scope, this.axes);
      // A job that declares itself read-only is bound by it, whatever its caller allowed: sealed
      // onto its own scope, its hooks and seams see it, its children inherit it, events show it.
      if (job.readOnly === true && !scope.readOnly) scope = scope.narrow(READ_ONLY, this.axes);
    } catch (error) {
      refusal = unwrap(error) as LLMReadableError;
    }
    // The read-only binding at the door: under it, every job must say it only reads — a tool, or
    // a doer (code that could write) — unless it reaches the world only through children this
    // door checks in turn (a thinker). Thinkers sweep and refuse writing tools first; this holds
    // on every other path (a doer, an overridden seam), so a bound workflow never writes.
    if (!refusal && scope.readOnly && !mayRunReadOnly(job)) {
      refusal = new ScopeViolationError({
        axis: "readOnly",
        message: `Job "${String(job.name)}" is not read-only, and this workflow is bound read-only.`,
      });
    }
    if (!refusal && parent === null) refusal = checkRootOptions(options);
    const parsed = refusal ? undefined : this.#parseInput(job, input);
    if (parsed && !parsed.ok) refusal = parsed.error;
    if (refusal || !parsed?.ok) {
      return this.#refuse(
        jobId,
        parent,
        submittedAt,
        jobClass,
        String(job.name),
        ordinal,
        scope,
        refusal!,
      );
    }
    const replay = placeJob(job, parsed.value, parent, options, ordinal, jobId);
    if (replay) {
      const replayed = recallReplayed(job, parsed.value, replay, parent, this.report);
      if (replayed)
        return finishReplayed(
          this,
          jobId,
          parent!,
          jobClass,
          job,
          ordinal,
          scope,
          submittedAt,
          replay,
          replayed,
        );
    }
    const metadata = metadataFor(options?.metadata, ordinal);
    const run = new JobRun<TInput, TOutput>(this, job, parsed.value as TInput, {
      jobId,
      parent,
      scope,
      ordinal,
      metadata,
      jobClass,
      submittedAt,
      signal: options?.signal,
      replay,
    });
    if (this.events.active)
      this.emitSubmitted(
        run.jobId,
        parent,
        run.ancestorIds(),
        jobClass,
        job.name,
        ordinal,
        scope,
        submittedAt,
        run.orchestrator,
        jobRoleOf(job),
        replay && { position: replay.position, fingerprint: replay.fingerprint },
      );
    run.start();
    return run.handle;
  }

  /**
   * A submission through the dispatcher made while a job's code runs (in its async context):
   * that job's child, with no ordinal, under its scope and cancellation and in its lineage. It
   * is refused when the job runs on another dispatcher (a child cannot cross dispatchers) or has
   * ended (nothing would cancel it with its workflow): nothing leaves a workflow by this door.
   */
  dispatchWithin<TInput, TOutput>(
    running: RunningJob,
    job: AbstractJob<TInput, TOutput>,
    input: unknown,
    options: SubmitOptions | undefined,
  ): JobHandle<TOutput> {
    const jobName = AbstractJob.isJob(job) ? String(job.name) : "(not a job)";
    if (!JobRun.belongsTo(running, this)) {
      return this.refuse(
        job,
        null,
        null,
        new SystemError({
          code: "other_dispatcher",
          message:
            `submit(job "${jobName}", ...) was called on a dispatcher other than the one running job ${String(running.jobId)}: ` +
            "submit a job's children through its context (context.submitInStep, nextStep + submitInCurrentStep, or context.submit).",
        }),
      );
    }
    if (running.ended) {
      return this.refuse(
        job,
        running,
        null,
        new SystemError({
          code: "job_ended",
          message:
            `submit(job "${jobName}", ...) was called from code job ${running.jobId} left behind after it ended (a timer, a callback): ` +
            "nothing would cancel it with its workflow. Submit while the job runs, or from outside it (after awaiting its handle).",
        }),
      );
    }
    return this.dispatch(job, input, running, options, null);
  }

  /** Refuses a submission the run itself found wrong (events and a rejected handle, like any refusal). */
  refuse<TOutput>(
    job: AbstractJob<unknown, TOutput>,
    parent: JobRun<unknown, unknown> | null,
    ordinal: number | null,
    error: LLMReadableError,
  ): JobHandle<TOutput> {
    const jobClass = AbstractJob.isJob(job) ? job.constructor.name : "(not a job)";
    const jobName = AbstractJob.isJob(job) ? String(job.name) : "(not a job)";
    return this.#refuse(
      this.ids(),
      parent,
      this.clock.now(),
      jobClass,
      jobName,
      ordinal,
      parent?.scope ?? ScopeGuard.OPEN,
      error,
    );
  }

  /** Waits `ms` on the injected timers; wakes early (without error) when `until` fires. */
  sleep(ms: number, onceAborted: (hook: () => void) => () => void): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = this.timers.setTimeout(() => {
        stop();
        resolve();
      }, ms);
      const stop = onceAborted(() => {
        this.timers.clearTimeout(timer);
        resolve();
      });
    });
  }

  #parseInput(
    job: AbstractJob<unknown, unknown>,
    input: unknown,
  ): { ok: true; value: unknown } | { ok: false; error: LLMReadableError } {
    const schema = job.input as { safeParse?: unknown } | undefined;
    // No input at all (a model call's), known without running the schema.
    if (input === undefined && acceptsUndefinedOnly(schema)) return NO_INPUT;
    if (typeof schema?.safeParse !== "function") {
      return {
        ok: false,
        error: new SystemError({
          code: "invalid_job",
          message: `Job "${job.name}" has no input schema (its \`input\` must be a zod schema).`,
        }),
      };
    }
    let result: ReturnType<typeof job.input.safeParse>;
    try {
      result = job.input.safeParse(input);
    } catch (error) {
      // A refinement in the job's own schema threw: the job's fault, reported as ours, never a crash of submit().
      return {
        ok: false,
        error: new SystemError({
          code: "invalid_job",
          message: `Job "${job.name}": its input schema threw while checking the input.`,
          cause: error,
        }),
      };
    }
    if (result.success) return { ok: true, value: result.data };
    const issue = describeIssue(result.error.issues[0]!);
    const more =
      result.error.issues.length > 1 ? ` (and ${result.error.issues.length - 1} more)` : "";
    return {
      ok: false,
      error: new InvalidInputError({
        parameter: issue.path,
        expected: `${issue.expected}${more}`,
        cause: result.error,
      }),
    };
  }

  #refuse<TOutput>(
    jobId: string,
    parent: JobRun<unknown, unknown> | null,
    at: number,
    jobClass: string,
    jobName: string,
    ordinal: number | null,
    scope: ScopeGuard,
    error: LLMReadableError,
  ): JobHandle<TOutput> {
    if (this.events.active) {
      const ancestors = parent === null ? [] : [parent.jobId, ...parent.ancestorIds()];
      this.emitSubmitted(jobId, parent, ancestors, jobClass, jobName, ordinal, scope, at, false);
      this.events.emit({
        type: "job.failed",
        at: this.clock.now(),
        jobId,
        parentId: parent?.jobId ?? null,
        rootId: parent?.rootId ?? jobId,
        seq: 2,
        durationMs: 0,
        error: { name: error.name, code: error.code, message: error.message },
      });
    }
    const refused = Promise.reject(error) as Promise<TOutput>;
    markRejectionHandled(refused);
    return createJobHandle<TOutput>(refused, jobId, NOTHING_TO_CANCEL);
  }

  /** Emits `job.submitted` for a job accepted or refused at the door. @internal */
  emitSubmitted(
    jobId: string,
    parent: JobRun<unknown, unknown> | null,
    ancestors: readonly string[],
    jobClass: string,
    jobName: string,
    ordinal: number | null,
    scope: ScopeGuard,
    at: number,
    orchestrator: boolean,
    role?: JobRole,
    mark?: ReplayMark,
  ): void {
    const event: JobSubmittedEvent = {
      type: "job.submitted",
      at,
      jobId,
      parentId: parent?.jobId ?? null,
      rootId: parent?.rootId ?? jobId,
      seq: 1,
      jobClass,
      jobName,
      ordinal,
      kind: orchestrator ? "orchestrator" : "tool",
      scope: scope.toJSON(),
      ancestors,
    };
    this.events.emit(
      role === undefined && mark === undefined
        ? event
        : {
            ...event,
            ...(role !== undefined && { role }),
            ...(mark !== undefined && { replay: mark }),
          },
    );
  }
}

// A child's metadata is its caller's plus its ordinal. Callers that hand every child the same
// frozen metadata (a thinker's turns) get one shared object per ordinal instead of a new one
// per child: a handful of small ordinals per metadata object, kept while it lives.
const SHARED_ORDINALS = 64;
const sharedMetadata = new WeakMap<object, Array<Readonly<Record<string, unknown>>>>();
const ordinalOnly: Array<Readonly<Record<string, unknown>>> = [];

function metadataFor(
  given: Readonly<Record<string, unknown>> | undefined,
  ordinal: number | null,
): Readonly<Record<string, unknown>> {
  if (ordinal === null) return given === undefined ? EMPTY_METADATA : Object.freeze({ ...given });
  const shareable =
    ordinal > 0 && ordinal < SHARED_ORDINALS && (given === undefined || Object.isFrozen(given));
  if (!shareable) return Object.freeze({ ...given, [META_ITERATION]: ordinal });
  let byOrdinal = given === undefined ? ordinalOnly : sharedMetadata.get(given);
  if (byOrdinal === undefined) sharedMetadata.set(given!, (byOrdinal = []));
  return (byOrdinal[ordinal] ??= Object.freeze({ ...given, [META_ITERATION]: ordinal }));
}
