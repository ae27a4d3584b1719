import type { TokenUsage } from "../admission/token-usage.js";
import type { Grade, GradeRung } from "../seat/grade.js";
import type { Depth } from "../seat/depth.js";
import type { RetryKind } from "../errors/retry-signals.js";
import type { JobRole } from "../jobs/job-role.js";
import type { ModelCallContent } from "./said.js";

/**
 * Fields every event carries: when, which job, which workflow.
 *
 * Text in events is JavaScript text; a recorder may not hold all of it: the Postgres recorder
 * stores a NUL character (U+0000) or a lone surrogate as U+FFFD, silently.
 */
export interface EventLineage {
  /** Epoch milliseconds from the dispatcher's clock. */
  readonly at: number;
  readonly jobId: string;
  readonly parentId: string | null;
  /** The top-level job of the workflow. */
  readonly rootId: string;
  /**
   * This event's number among its job's events, from 1 (`job.submitted`). With `jobId`, the
   * event's identity: a recorder that is handed an event twice writes it once.
   */
  readonly seq: number;
}

/** A job entered the dispatcher (including one refused at the door). */
export interface JobSubmittedEvent extends EventLineage {
  readonly type: "job.submitted";
  /** The job's class name, e.g. `ClaimsDoer`. */
  readonly jobClass: string;
  /** The job's tool name, e.g. `claims_review`. */
  readonly jobName: string;
  /** The step ordinal under its parent; `null` for a raw submit. */
  readonly ordinal: number | null;
  readonly kind: "tool" | "orchestrator";
  readonly scope: { readonly axes: Readonly<Record<string, string>>; readonly readOnly: boolean };
  /** The job's ancestors, parent first, root last (empty for a root): a recorder indexes subtrees by it. */
  readonly ancestors: readonly string[];
  /** What the job is beyond its kind (see {@link JobRole}); absent for plain work. */
  readonly role?: JobRole;
  /**
   * Where the job sits in a workflow submitted to be resumable (`SubmitOptions.replay`), the
   * same in every attempt of it; absent otherwise.
   */
  readonly replay?: ReplayMark;
}

/**
 * A job's place in a resumable workflow, the same in every attempt: what a later attempt
 * matches to return an earlier attempt's recorded output instead of running the job again.
 */
export interface ReplayMark {
  /**
   * The path from the root: the parent's position, then `/<ordinal>.<name>.<occurrence>`
   * (`-` for a child with no step ordinal; the occurrence counts earlier siblings with the same
   * ordinal and name, from 0). The root's position is the empty string.
   */
  readonly position: string;
  /** A hash of what the job was asked: its checked input, or what a job says identifies its request. */
  readonly fingerprint: string;
  /**
   * Set when the job did not run: the id of the earlier attempt's job whose recorded output it
   * returned. Such a job has no `job.started`, no seat and no model call: only `job.finished`.
   */
  readonly replayedFrom?: string;
}

/** An attempt of a job began executing (after admission). */
export interface JobStartedEvent extends EventLineage {
  readonly type: "job.started";
  /** 1 for the first attempt, then counting retries. */
  readonly attempt: number;
  /**
   * The job's input as its schema checked it, on the first attempt only, and only when an
   * observer wants what was said ({@link RunObserver.wantsContent}).
   */
  readonly input?: unknown;
}

/** A job is about to run again because of a retry signal. */
export interface JobRetryingEvent extends EventLineage {
  readonly type: "job.retrying";
  readonly reason: RetryKind;
  /** The attempt that ended with the signal. */
  readonly attempt: number;
  /** How long the dispatcher waits first (throttles only; 0 otherwise). */
  readonly delayMs: number;
}

/** A job returned its output. */
export interface JobFinishedEvent extends EventLineage {
  readonly type: "job.finished";
  /** From submission to result. */
  readonly durationMs: number;
  /** The output as its schema checked it, only when an observer wants what was said. */
  readonly output?: unknown;
}

/** A job failed, was refused, timed out or was cancelled. */
export interface JobFailedEvent extends EventLineage {
  readonly type: "job.failed";
  readonly durationMs: number;
  /** Secret-free: Nucleo's own error name, code and message, never a library's raw text. */
  readonly error: { readonly name: string; readonly code: string; readonly message: string };
}

/** Admission granted a seat. */
export interface SeatReservedEvent extends EventLineage {
  readonly type: "seat.reserved";
  readonly seatId: string;
  readonly grade: Grade | null;
  readonly entryId: string | null;
  readonly inputTokens: number;
  readonly maxOutputTokens: number;
  /** Time spent waiting for admission. */
  readonly waitedMs: number;
}

/** A seat went back to admission: settled with real usage, or released whole. */
export interface SeatSettledEvent extends EventLineage {
  readonly type: "seat.settled";
  readonly seatId: string;
  readonly outcome: "settled" | "released";
  readonly usage: TokenUsage | null;
}

/** One exchange with a model, reported by the job that made it. */
export interface LlmCallEvent extends EventLineage {
  readonly type: "llm.call";
  /** The calling job's class, added by the dispatcher. */
  readonly jobClass: string;
  /** The calling job's ancestors, parent first, root last; added by the dispatcher. */
  readonly ancestors: readonly string[];
  readonly entryId: string;
  /** The model name the provider reported (OpenTelemetry's `gen_ai.response.model`). */
  readonly providerModel: string;
  /** The entry's provider, e.g. `openai` (`gen_ai.provider.name`), when the caller knows it. */
  readonly provider?: string;
  /** The model name the entry asks for (`gen_ai.request.model`), when the caller knows it. */
  readonly requestModel?: string;
  /** The seat's grade (resolved) and depth, when the call had a seat. */
  readonly grade?: GradeRung;
  readonly depth?: Depth;
  readonly usage: TokenUsage;
  /** Exact decimal text in `currency` (see `Decimal`), never a float. */
  readonly cost: string;
  /** ISO 4217 code of the entry's prices, e.g. `USD`. */
  readonly currency: string;
  readonly latencyMs: number;
  /** The provider's stop reason, normalised: `end`, `tool_calls`, `max_tokens`, ... */
  readonly stopReason: string;
  /** The dispatcher attempt this call belongs to. */
  readonly attempt: number;
  /** Corrections already made before this call. */
  readonly corrections: number;
  /**
   * The request as the model saw it and what it answered, only when an observer wants what was
   * said ({@link RunObserver.wantsContent}); built from objects the call already holds.
   */
  readonly content?: ModelCallContent;
}

/** A tool was kept from a thinker's palette (the read-only sweep), logged, never silent. */
export interface ToolWithheldEvent extends EventLineage {
  readonly type: "tool.withheld";
  readonly tool: string;
  readonly reason: string;
}

/** A skill was admitted onto a conversation. */
export interface SkillAdmittedEvent extends EventLineage {
  readonly type: "skill.admitted";
  readonly skill: string;
}

/**
 * A job published a value on its metadata while it ran — a benchmark's report under
 * `Benchmark.REPORT`, say. Recorders merge it into the job's metadata; the last value
 * published under a key wins.
 */
export interface JobPublishedEvent extends EventLineage {
  readonly type: "job.published";
  /** The metadata key. */
  readonly key: string;
  /** Plain JSON data (objects, arrays, strings, finite numbers, booleans, null). */
  readonly value: unknown;
}

/** Everything that happens in a run, as one typed union. Observers switch on `type`. */
export type RunEvent =
  | JobSubmittedEvent
  | JobStartedEvent
  | JobRetryingEvent
  | JobFinishedEvent
  | JobFailedEvent
  | SeatReservedEvent
  | SeatSettledEvent
  | LlmCallEvent
  | ToolWithheldEvent
  | SkillAdmittedEvent
  | JobPublishedEvent;

type WithoutLineage<TEvent> = TEvent extends unknown
  ? Omit<TEvent, keyof EventLineage | "jobClass" | "ancestors">
  : never;

/**
 * The events a job reports itself through `context.emit`; the dispatcher adds the lineage.
 * (`job.published` goes through `context.publish`, which checks the value first.)
 */
export type JobReportedEvent = WithoutLineage<
  LlmCallEvent | ToolWithheldEvent | SkillAdmittedEvent
>;
