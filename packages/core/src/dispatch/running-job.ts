import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What the running-job context holds: a job run of some copy of this package. Any copy may
 * read its `jobId`; only the copy that made the run can tell whether it is its own.
 *
 * @internal
 */
export interface RunningJob {
  readonly jobId: string;
}

const SLOT = Symbol.for("nucleo.dispatch.running-job");

/**
 * The job whose code is running, carried through its async context (timers and callbacks it
 * sets included), so `JobDispatcher.submit` called from inside a job can tell, and make the
 * submission that job's child instead of a new workflow.
 *
 * Kept in a registered-symbol slot on `globalThis`: a second copy of this package, or a second
 * dispatcher, reads the same context, so a submission to it from inside a job is seen too.
 *
 * @internal
 */
export const RUNNING_JOB: AsyncLocalStorage<RunningJob> = ((
  globalThis as { [SLOT]?: AsyncLocalStorage<RunningJob> }
)[SLOT] ??= new AsyncLocalStorage<RunningJob>());
