/** How many model-call jobs a recorder remembers as submitted and their output not yet committed. */
export const OPEN_MODEL_CALLS_KEPT = 10_000;

/**
 * The jobs submitted as `model_call` (an `LLMCall`: a thinker's turn or a direct model call)
 * whose output is not committed yet. Such a job's output holds its call's response, which
 * `nucleo_messages` already holds and indexes, so its `nucleo_job_content` row is marked
 * (`output_repeats_call`) and left out of the search vector: indexing the answer twice was a
 * quarter of the text each turn of a loop put through PostgreSQL's tokenizer. Bounded, oldest
 * forgotten first: a job forgotten, or submitted before a restart, has its output indexed,
 * which costs time and is otherwise harmless.
 *
 * @internal
 */
export class OpenModelCalls {
  readonly #capacity: number;
  /** Job ids, oldest first (a Set keeps insertion order). */
  readonly #jobs = new Set<string>();

  constructor(capacity = OPEN_MODEL_CALLS_KEPT) {
    this.#capacity = capacity;
  }

  /** The job was submitted as a model call. */
  submitted(jobId: string): void {
    if (this.#jobs.size >= this.#capacity && !this.#jobs.has(jobId)) {
      const oldest = this.#jobs.values().next();
      if (oldest.done !== true) this.#jobs.delete(oldest.value);
    }
    this.#jobs.add(jobId);
  }

  /** Whether the job's output repeats its model call's response. */
  has(jobId: string): boolean {
    return this.#jobs.has(jobId);
  }

  /** The job's output is committed: it need not be remembered any longer. */
  committed(jobId: string): void {
    this.#jobs.delete(jobId);
  }
}
