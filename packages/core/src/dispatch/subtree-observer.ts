import type { RunEvent } from "../events/run-event.js";
import type { RunObserver } from "../events/run-observer.js";
import { SystemError } from "../errors/system-error.js";
import { wantsContent, type EventSink } from "./event-sink.js";

/**
 * Hands an observer the events of one job and its descendants only. Descendants are learnt
 * from `job.submitted` (a child's first event, emitted before any other of its own), so the
 * filter keeps one id per job of the subtree and nothing else. After the job's own
 * `job.finished` or `job.failed` it unsubscribes itself.
 *
 * @internal
 */
export class SubtreeObserver implements RunObserver {
  readonly wantsContent: boolean;
  readonly #members: Set<string>;
  #unsubscribe: (() => void) | undefined;
  #ended = false;

  constructor(
    private readonly jobId: string,
    private readonly observer: RunObserver,
  ) {
    this.#members = new Set([jobId]);
    this.wantsContent = wantsContent(observer);
  }

  /**
   * What `context.observe(observer)` does: subscribes `observer` to the events of job `jobId`
   * and its descendants, and answers the function that ends the subscription. A job that has
   * ended has no more events of its own: nothing is subscribed.
   *
   * @throws {SystemError} `invalid_observer`, naming the job, when `observer` has no `onEvent`.
   */
  static subscribe(
    sink: EventSink,
    observer: RunObserver,
    job: { readonly jobName: string; readonly jobId: string; readonly ended: boolean },
  ): () => void {
    if (typeof observer?.onEvent !== "function") {
      throw new SystemError({
        code: "invalid_observer",
        message: `Job "${job.jobName}": observe(observer) needs an object with an onEvent(event) method.`,
      });
    }
    if (job.ended) return () => {};
    const filter = new SubtreeObserver(job.jobId, observer);
    return filter.attach(sink.add(filter));
  }

  /** Gives the filter the function that removes it from the sink. */
  attach(unsubscribe: () => void): () => void {
    this.#unsubscribe = unsubscribe;
    return () => this.end();
  }

  onEvent(event: RunEvent): void {
    if (this.#ended) return;
    if (
      event.type === "job.submitted" &&
      event.parentId !== null &&
      this.#members.has(event.parentId)
    )
      this.#members.add(event.jobId);
    if (!this.#members.has(event.jobId)) return;
    this.observer.onEvent(event);
    if (
      event.jobId === this.jobId &&
      (event.type === "job.finished" || event.type === "job.failed")
    )
      this.end();
  }

  /** Stops delivery and lets go of the subtree's ids. */
  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#members.clear();
    this.#unsubscribe?.();
  }
}
