import type { LifecycleEvent } from "./run-placement.js";

/**
 * `job.started`, carrying the job's checked input on its first attempt when an observer wants
 * what was said (`content`), and nothing more otherwise. @internal
 */
export function startedEvent(attempt: number, input: unknown, content: boolean): LifecycleEvent {
  return attempt === 1 && content
    ? { type: "job.started", attempt, input }
    : { type: "job.started", attempt };
}

/** `job.finished`, carrying the checked output when an observer wants what was said. @internal */
export function finishedEvent(
  durationMs: number,
  output: unknown,
  content: boolean,
): LifecycleEvent {
  return content
    ? { type: "job.finished", durationMs, output }
    : { type: "job.finished", durationMs };
}
