import type { WorkflowRun } from "../compose/worker.js";

/**
 * The runs this process's server took from the queue, by workflow id, for a caller that
 * submitted them and waits for them here: the server may take a workflow before its submitter
 * has heard its id back, so either side may come first.
 */
export class RunsTaken {
  readonly #runs = new Map<string, WorkflowRun>();
  readonly #waiting = new Map<string, (run: WorkflowRun) => void>();

  /** Told by the queue handler: the workflow `id` runs as `run`. */
  started(id: string, run: WorkflowRun): void {
    const waiter = this.#waiting.get(id);
    if (waiter) {
      this.#waiting.delete(id);
      waiter(run);
    } else this.#runs.set(id, run);
  }

  /** The run of workflow `id`, once this process took it. */
  taken(id: string): Promise<WorkflowRun> {
    const run = this.#runs.get(id);
    if (run) {
      this.#runs.delete(id);
      return Promise.resolve(run);
    }
    return new Promise((resolve) => this.#waiting.set(id, resolve));
  }
}
