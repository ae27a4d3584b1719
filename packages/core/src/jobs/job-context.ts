import type { SeatReservation } from "../admission/admission.js";
import type { TokenUsage } from "../admission/token-usage.js";
import type { JobReportedEvent } from "../events/run-event.js";
import type { RunObserver } from "../events/run-observer.js";
import type { ScopeGuard, ScopeRequest } from "../scope/scope-guard.js";
import type { AbstractJob } from "./abstract-job.js";
import type { JobHandle } from "./job-handle.js";
import type { WorkflowReplay } from "../replay/replay-source.js";

/** The metadata key under which a child's step ordinal is seeded. */
export const META_ITERATION = "iteration";

/** Which attempt of a job is running, and why it is running again. */
export interface AttemptInfo {
  /** 1 for the first run; each retry signal adds one. */
  readonly number: number;
  /** Correction turns already taken (at most `MAX_CORRECTIONS`). */
  readonly corrections: number;
  /** Throttles already waited out. */
  readonly throttles: number;
  /** Set after a truncation: book the seat at the entry's output ceiling. */
  readonly escalated: boolean;
}

/** What a parent may say about a child it submits. */
export interface ChildSubmitOptions {
  /** Narrow the inherited scope (bind an axis, go read-only). Widening is refused. */
  readonly scope?: ScopeRequest;
  /** Extra metadata for the child's context (the step ordinal is added by the doors). */
  readonly metadata?: Readonly<Record<string, unknown>>;
}

/** What a caller may say about a top-level job. */
export interface SubmitOptions extends ChildSubmitOptions {
  /** Cancels the job and every descendant when it aborts. */
  readonly signal?: AbortSignal;
  /**
   * The root's id, instead of one the dispatcher mints (a queue's id for an attempt of its
   * workflow): a non-empty string of at most 200 characters, unique among every job recorded.
   * Ignored for a child.
   */
  readonly id?: string;
  /**
   * Runs the job as one attempt of a resumable workflow: every job in it is positioned and
   * fingerprinted (`ReplayMark`), and a job an earlier attempt finished returns its recorded
   * output instead of running. Ignored for a child.
   */
  readonly replay?: WorkflowReplay;
}

/**
 * Everything a running job knows about where it sits, and the doors through which it submits
 * children. Handed to `execute`; valid for the job's lifetime.
 */
export interface JobContext {
  readonly jobId: string;
  readonly parentId: string | null;
  /** The workflow: the top-level job's id. */
  readonly rootId: string;
  /** The job's class name. */
  readonly jobClass: string;
  /** This job's step ordinal under its parent, or `null` when it was submitted raw. */
  readonly ordinal: number | null;
  /** The sealed scope: identity axes and the read-only binding. */
  readonly scope: ScopeGuard;
  /** Caller metadata plus `META_ITERATION` when the job was stamped. */
  readonly metadata: Readonly<Record<string, unknown>>;
  /** Aborts on cancellation or timeout of this job or any ancestor. */
  readonly signal: AbortSignal;
  /**
   * A key for a writer to make a repeated call harmless: in a resumable workflow the workflow's
   * id and this job's position, the same in every attempt; otherwise the job's id.
   */
  readonly idempotencyKey: string;
  readonly attempt: AttemptInfo;
  /** The last step ordinal this job handed out to its children (0 before any). */
  readonly step: number;
  /**
   * Whether any observer hears this job's events now (one of the dispatcher's, or one an
   * ancestor subscribed with {@link observe}). When `false`, {@link emit} drops what it is given:
   * skip building what only an observer would read (an exact price, say). Absent means `true`.
   */
  readonly observed?: boolean;
  /**
   * Whether an observer hearing this job wants what was said (`RunObserver.wantsContent`):
   * only then does a model call put its messages on the event it reports. Absent means `false`.
   */
  readonly wantsContent?: boolean;
  /** Reports an event; the dispatcher adds time and lineage. */
  emit(event: JobReportedEvent): void;
  /**
   * Publishes a value on this job's metadata (a `job.published` event), for whatever records
   * the run: a benchmark's report, say. `value` must be plain JSON data; the last value
   * published under a key wins.
   *
   * @throws {SystemError} when the key is empty or the value is not plain JSON data.
   */
  publish(key: string, value: unknown): void;
  /**
   * Subscribes `observer` to the events of this job and all its descendants — the dispatcher
   * feeding a job's private ledger, say. The subscription ends by itself after this job's own
   * last event (`job.finished` or `job.failed`), or earlier when the returned function is called.
   */
  observe(observer: RunObserver): () => void;
  /**
   * Submits a child with no step ordinal. Prefer {@link submitInStep} or
   * {@link submitInCurrentStep}: an unstamped child has no place in the trajectory.
   */
  submit<TInput, TOutput>(
    job: AbstractJob<TInput, TOutput>,
    input: TInput,
    options?: ChildSubmitOptions,
  ): JobHandle<TOutput>;
  /** Claims the next step ordinal and submits the child under it: sequential calls get 1, 2, 3. */
  submitInStep<TInput, TOutput>(
    job: AbstractJob<TInput, TOutput>,
    input: TInput,
    options?: ChildSubmitOptions,
  ): JobHandle<TOutput>;
  /** Claims a step ordinal for a fan-out; follow with {@link submitInCurrentStep} per parallel child. */
  nextStep(): number;
  /** Submits a child under the ordinal last claimed by {@link nextStep}: genuinely parallel siblings. */
  submitInCurrentStep<TInput, TOutput>(
    job: AbstractJob<TInput, TOutput>,
    input: TInput,
    options?: ChildSubmitOptions,
  ): JobHandle<TOutput>;
}

/** The seats a tool holds while it runs. Orchestrators get none. */
export interface JobResources {
  /** The reservations admission granted for this attempt, in the order requested. */
  readonly seats: readonly SeatReservation[];
  /**
   * Records what a seat's call really used. After the attempt the dispatcher settles each seat
   * with its recorded usage, or releases it whole when nothing was recorded.
   */
  recordUsage(seat: SeatReservation, usage: TokenUsage): void;
}
