import type { WorkflowReplay } from "./replay-source.js";

/**
 * A job's place in a resumable workflow: the workflow, the job's position and fingerprint, and
 * the count of the children it submitted so far under each ordinal and name (their
 * occurrences), from which each child's position follows.
 *
 * @internal
 */
export class ReplayPlace {
  #occurrences: Map<string, number> | undefined;

  constructor(
    readonly workflow: WorkflowReplay,
    readonly position: string,
    readonly fingerprint: string,
  ) {}

  /**
   * The position of the next child submitted under `ordinal` with `name`: counted at
   * submission, so siblings submitted in the same order get the same positions in every attempt.
   */
  childPosition(ordinal: number | null, name: string): string {
    const segment = `${ordinal ?? "-"}.${encodeURIComponent(name)}`;
    this.#occurrences ??= new Map();
    const occurrence = this.#occurrences.get(segment) ?? 0;
    this.#occurrences.set(segment, occurrence + 1);
    return `${this.position}/${segment}.${occurrence}`;
  }

  /** The stable key a job at this place hands a writer (`context.idempotencyKey`). */
  get idempotencyKey(): string {
    return this.workflow.workflowId + this.position;
  }
}
