import { SystemError } from "../errors/system-error.js";
import type { RunEvent } from "../events/run-event.js";
import type { ReplayPlace } from "../replay/replay-place.js";
import type { ScopeGuard } from "../scope/scope-guard.js";

/** Where a run sits; fixed at submission. @internal */
export interface RunPlacement<TParent> {
  readonly jobId: string;
  readonly parent: TParent | null;
  readonly scope: ScopeGuard;
  readonly ordinal: number | null;
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly jobClass: string;
  readonly submittedAt: number;
  readonly signal: AbortSignal | undefined;
  /** Its place in a resumable workflow, when it runs in one. */
  readonly replay: ReplayPlace | undefined;
}

/** An event as a run hands it to be sent: the lineage (time, ids, number) is the run's to add. @internal */
export type LifecycleEvent = RunEvent extends infer TEvent
  ? TEvent extends unknown
    ? Omit<TEvent, "at" | "jobId" | "parentId" | "rootId" | "seq">
    : never
  : never;

/**
 * Refuses an event a job may not report itself, whatever its type says: lifecycle events are
 * the dispatcher's, and published values go through `publish`.
 *
 * @internal
 */
export function reportableType(
  event: unknown,
  jobName: string,
): "llm.call" | "tool.withheld" | "skill.admitted" {
  const type = (event as { type?: unknown } | null)?.type;
  if (type === "llm.call" || type === "tool.withheld" || type === "skill.admitted") return type;
  throw new SystemError({
    code: "invalid_event",
    message: `Job "${jobName}": emit() takes llm.call, tool.withheld and skill.admitted events, not ${JSON.stringify(type)}${type === "job.published" ? " (use publish(key, value))" : ""}.`,
  });
}
