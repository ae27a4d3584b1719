/** How many workflows a recorder remembers as resumable or not. */
export const WORKFLOWS_KEPT = 10_000;

/**
 * Which workflows were submitted as resumable, as far as this recorder saw their submissions:
 * a finished job's output goes to the checkpoint statement (see `REPLAY_CHECKPOINTS`) unless
 * its workflow is known not to be resumable, so the output of an ordinary workflow's job is
 * not sent twice. What it does not know — a workflow forgotten (oldest first, past
 * {@link WORKFLOWS_KEPT}) or submitted before a restart — is sent, and the statement decides
 * from the job's recorded row: the memory saves work, the table keeps it correct.
 *
 * @internal
 */
export class ResumableWorkflows {
  readonly #capacity: number;
  /** Root id → whether its jobs carry replay marks, oldest first (a Map keeps insertion order). */
  readonly #known = new Map<string, boolean>();

  constructor(capacity = WORKFLOWS_KEPT) {
    this.#capacity = capacity;
  }

  /**
   * A job's submission: a root tells whether its workflow is resumable; a child with a replay
   * mark says its workflow is, whatever its root said.
   */
  submitted(jobId: string, rootId: string, marked: boolean): void {
    if (jobId === rootId) this.#remember(rootId, marked);
    else if (marked) this.#remember(rootId, true);
  }

  /** False only when the workflow is known not to be resumable: its jobs have no checkpoint. */
  mayResume(rootId: string): boolean {
    return this.#known.get(rootId) !== false;
  }

  #remember(rootId: string, resumable: boolean): void {
    this.#known.delete(rootId);
    if (this.#known.size >= this.#capacity) {
      const oldest = this.#known.keys().next();
      if (oldest.done !== true) this.#known.delete(oldest.value);
    }
    this.#known.set(rootId, resumable);
  }
}
