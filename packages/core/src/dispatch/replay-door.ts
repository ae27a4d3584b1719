import type { AbstractJob } from "../jobs/abstract-job.js";
import { AbstractOrchestrator } from "../jobs/abstract-orchestrator.js";
import { createJobHandle, type JobHandle } from "../jobs/job-handle.js";
import { jobRoleOf } from "../jobs/job-role.js";
import type { ScopeGuard } from "../scope/scope-guard.js";
import type { DispatchCore } from "./dispatch-core.js";
import type { SubmitOptions } from "../jobs/job-context.js";
import type { LogFields } from "../log/logger.js";
import { fingerprintOf } from "../replay/fingerprint.js";
import { ReplayPlace } from "../replay/replay-place.js";
import { acceptsAnything } from "../schema/accepts-anything.js";
import type { JobRun } from "./job-run.js";

/** How the fingerprint of a job whose request has none begins (unique per job: it never matches). */
const UNHASHABLE = "unhashable:";

type Report = (problem: string, error: unknown, fields?: LogFields) => void;

/** An output an earlier attempt recorded, checked and ready to hand back. @internal */
export interface ReplayedOutput {
  readonly from: string;
  readonly output: unknown;
}

/**
 * The place of a job accepted at the door in a resumable workflow (the root's from its
 * options, a child's from its parent's), or `undefined` outside one. The child's position is
 * claimed here, at submission, so siblings keep their positions in every attempt.
 *
 * @internal
 */
export function placeJob(
  job: AbstractJob<unknown, unknown>,
  input: unknown,
  parent: JobRun<unknown, unknown> | null,
  options: SubmitOptions | undefined,
  ordinal: number | null,
  jobId: string,
): ReplayPlace | undefined {
  const workflow = parent === null ? options?.replay : parent.replay?.workflow;
  if (workflow === undefined) return undefined;
  const position = parent === null ? "" : parent.replay!.childPosition(ordinal, String(job.name));
  let fingerprint: string | undefined;
  try {
    // The class too: after a deploy, another class under the same name asks something else.
    const identity = job.replayIdentity ? job.replayIdentity(input) : input;
    fingerprint = fingerprintOf({ job: job.constructor.name, identity });
  } catch {
    // A job whose identity cannot be told is never replayed: it runs, in every attempt.
  }
  return new ReplayPlace(workflow, position, fingerprint ?? `${UNHASHABLE}${jobId}`);
}

/**
 * What an earlier attempt recorded for this job, when it may stand in for running it: found
 * at the same position with the same fingerprint, still valid against the job's output schema,
 * and restored into whatever the job's run would have changed. Anything less — no record, a
 * source or a restore that threw, an output the schema refuses — and the job runs live.
 *
 * @internal
 */
export function recallReplayed(
  job: AbstractJob<unknown, unknown>,
  input: unknown,
  place: ReplayPlace,
  parent: JobRun<unknown, unknown> | null,
  report: Report,
): ReplayedOutput | undefined {
  const source = place.workflow.source;
  // A job whose request has no faithful fingerprint is never handed a recorded output.
  if (place.fingerprint.startsWith(UNHASHABLE)) return undefined;
  // The root is the attempt itself; a child of a cancelled parent fails at the door as it would live.
  if (source === undefined || parent === null || parent.signal.aborted) return undefined;
  let recalled: { readonly jobId?: unknown; readonly output?: unknown } | undefined;
  try {
    recalled = source.recall(place.position, place.fingerprint);
  } catch (error) {
    report("A replay source threw; the job runs live.", error, { jobName: String(job.name) });
    return undefined;
  }
  if (recalled === undefined || recalled === null || typeof recalled.jobId !== "string")
    return undefined;
  let output = recalled.output;
  try {
    if (!acceptsAnything(job.output)) {
      const checked = job.output.safeParse(output);
      if (!checked.success) return undefined;
      output = checked.data;
    }
    job.restoreReplayed?.(input, output);
  } catch (error) {
    // A schema or a restore of the job's own that throws: the job's fault, and it runs live.
    report("A job's output schema or restoreReplayed threw; the job runs live.", error, {
      jobName: String(job.name),
    });
    return undefined;
  }
  return { from: recalled.jobId, output };
}

/** A replayed job never runs: cancelling its handle does nothing. */
const NOTHING_TO_CANCEL = { cancel(): void {} };

/**
 * A child an earlier attempt finished, not run again: its submission (marked with the job it
 * replays) and its finish with the recorded output — no start, no seat, no model call.
 *
 * @internal
 */
export function finishReplayed<TOutput>(
  core: DispatchCore,
  jobId: string,
  parent: JobRun<unknown, unknown>,
  jobClass: string,
  job: AbstractJob<unknown, unknown>,
  ordinal: number | null,
  scope: ScopeGuard,
  submittedAt: number,
  place: ReplayPlace,
  replayed: ReplayedOutput,
): JobHandle<TOutput> {
  const { events, clock } = core;
  if (events.active) {
    const mark = {
      position: place.position,
      fingerprint: place.fingerprint,
      replayedFrom: replayed.from,
    };
    core.emitSubmitted(
      jobId,
      parent,
      [parent.jobId, ...parent.ancestorIds()],
      jobClass,
      String(job.name),
      ordinal,
      scope,
      submittedAt,
      AbstractOrchestrator.isOrchestrator(job),
      jobRoleOf(job),
      mark,
    );
    events.emit({
      type: "job.finished",
      at: clock.now(),
      jobId,
      parentId: parent.jobId,
      rootId: parent.rootId,
      seq: 2,
      durationMs: clock.now() - submittedAt,
      ...(events.content && { output: replayed.output }),
    });
  }
  return createJobHandle(Promise.resolve(replayed.output as TOutput), jobId, NOTHING_TO_CANCEL);
}
