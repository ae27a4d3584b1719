/** What an earlier attempt recorded for one job: its id and its checked output. */
export interface RecalledOutput {
  readonly jobId: string;
  readonly output: unknown;
}

/**
 * The outputs earlier attempts of a workflow finished, by position and fingerprint (see
 * `ReplayMark`). A resumed workflow asks it for each job before running it; a hit returns the
 * recorded output and the job does not run. Asked synchronously: load it before the attempt.
 */
export interface ReplaySource {
  /** The output recorded for the job at `position` whose request hashed to `fingerprint`, if any. */
  recall(position: string, fingerprint: string): RecalledOutput | undefined;
}

/**
 * Submits a top-level job as one attempt of a resumable workflow (`SubmitOptions.replay`):
 * every job in it is positioned and fingerprinted on its `job.submitted` event, and a job an
 * earlier attempt finished is replayed from `source` instead of run.
 */
export interface WorkflowReplay {
  /**
   * The workflow's identity across attempts (a queue's workflow id), which every job's
   * `context.idempotencyKey` starts with.
   */
  readonly workflowId: string;
  /** What earlier attempts finished; absent on a first attempt. */
  readonly source?: ReplaySource;
}
