import type { StoredWorkflowError } from "../fleet-error.js";
import { finishedValue, storedError } from "../queue/job-output.js";

/** Where a workflow is: waiting, running, or ended one of three ways. */
export type WorkflowState = "queued" | "retrying" | "running" | "finished" | "cancelled" | "failed";

/** A workflow as the queue knows it. */
export interface WorkflowStatus {
  readonly id: string;
  /** The workflow's name, as submitted. */
  readonly workflow: string;
  readonly tenant: string | undefined;
  readonly state: WorkflowState;
  /** How many times a worker took it (a crash or a drain past its grace counts as one). */
  readonly attempts: number;
  readonly createdAt: Date;
  /** When its latest attempt started. */
  readonly startedAt: Date | undefined;
  /** When it finished, failed or was cancelled. */
  readonly endedAt: Date | undefined;
  /** A finished workflow's result. */
  readonly output?: unknown;
  /** A failed workflow's error; a retrying one's latest failure. */
  readonly error?: StoredWorkflowError;
  /** True when it failed for good: a copy waits in the dead letters (see `deadLetters()`). */
  readonly deadLetter: boolean;
}

/** The job columns a status is built from, as pg-boss's `findJobs` names them. */
export interface JobRow {
  readonly id: string;
  readonly data: unknown;
  readonly state: string;
  readonly retryCount: number;
  readonly createdOn: Date;
  readonly startedOn: Date | null;
  readonly completedOn: Date | null;
  readonly output: unknown;
}

const STATES: Readonly<Record<string, WorkflowState>> = {
  created: "queued",
  retry: "retrying",
  active: "running",
  completed: "finished",
  cancelled: "cancelled",
  failed: "failed",
};

/** pg-boss's state for each of ours (what `list({ state })` filters on). */
export const JOB_STATES: Readonly<Record<WorkflowState, string>> = Object.freeze(
  Object.fromEntries(Object.entries(STATES).map(([job, workflow]) => [workflow, job])) as Record<
    WorkflowState,
    string
  >,
);

/** A workflow's status from its job row. */
export function workflowStatus(row: JobRow): WorkflowStatus {
  const state = STATES[row.state] ?? "queued";
  const data = (typeof row.data === "object" && row.data !== null ? row.data : {}) as {
    workflow?: unknown;
    tenant?: unknown;
  };
  const ended = state === "finished" || state === "failed" || state === "cancelled";
  const failure = state === "failed" || (state === "retrying" && row.output != null);
  return {
    id: row.id,
    workflow: typeof data.workflow === "string" ? data.workflow : "",
    tenant: typeof data.tenant === "string" ? data.tenant : undefined,
    state,
    // pg-boss counts retries when it claims a job again; a job that started once has one more attempt.
    attempts: Number(row.retryCount) + (row.startedOn === null ? 0 : 1),
    createdAt: row.createdOn,
    startedAt: row.startedOn ?? undefined,
    endedAt: ended ? (row.completedOn ?? undefined) : undefined,
    ...(state === "finished" ? { output: finishedValue(row.output) } : {}),
    ...(failure ? { error: storedError(row.output) } : {}),
    deadLetter: state === "failed",
  };
}
