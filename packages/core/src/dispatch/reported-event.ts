import type { JobReportedEvent, RunEvent } from "../events/run-event.js";

/** The job an event it reported through `context.emit` is stamped from. @internal */
export interface ReportingJob {
  readonly jobId: string;
  readonly parentId: string | null;
  readonly rootId: string;
  readonly jobClass: string;
  ancestorIds(): readonly string[];
}

/**
 * An event a job reported, stamped with its lineage: the time `at`, the job's ids and the
 * event's number `seq`. A model call also carries the job's class and ancestors, so a ledger or
 * recorder attributes it without keeping a map of every job it has ever seen.
 *
 * Built as one object literal per event (no lineage object spread in): thousands of model
 * calls may report at once.
 *
 * @internal
 */
export function stampReported(
  event: JobReportedEvent,
  job: ReportingJob,
  at: number,
  seq: number,
): RunEvent {
  if (event.type === "llm.call") {
    return {
      ...event,
      at,
      jobId: job.jobId,
      parentId: job.parentId,
      rootId: job.rootId,
      seq,
      jobClass: job.jobClass,
      ancestors: job.ancestorIds(),
    };
  }
  return { ...event, at, jobId: job.jobId, parentId: job.parentId, rootId: job.rootId, seq };
}
