import type { Kysely } from "kysely";
import type { RecorderDatabase } from "../schema/database.js";
import { RecorderQueryError } from "./recorder-query-error.js";

/**
 * Throws `unknown_workflow` naming `rootId` unless it is a recorded workflow (a root job).
 * When the id is a job inside some workflow, the message says which one.
 *
 * @internal
 */
export async function requireWorkflow(
  db: Kysely<RecorderDatabase>,
  rootId: string,
  query: string,
): Promise<void> {
  const job = await db
    .selectFrom("nucleo_jobs")
    .select(["id", "root_id"])
    .where("id", "=", rootId)
    .executeTakeFirst();
  if (job !== undefined && job.root_id === job.id) return;
  throw unknownWorkflow(rootId, query, job?.root_id);
}

/**
 * The `unknown_workflow` error for `rootId`: no such job, a job that is not a root (its
 * workflow named), or a workflow whose root row is not recorded (yet) though some jobs are.
 *
 * @internal
 */
export function unknownWorkflow(
  rootId: string,
  query: string,
  rootOfJob?: string,
  recordedJobs = 0,
): RecorderQueryError {
  const id = JSON.stringify(rootId);
  let message = `No workflow with id ${id} is recorded.`;
  if (rootOfJob !== undefined && rootOfJob !== rootId) {
    message = `${id} is a job inside workflow ${JSON.stringify(rootOfJob)}, not a workflow: ask for the workflow's id instead.`;
  } else if (recordedJobs > 0) {
    message = `The root job of workflow ${id} is not recorded (${recordedJobs} of its jobs are): the recorder may still be writing it.`;
  }
  return new RecorderQueryError({ code: "unknown_workflow", query, id: rootId, message });
}

/**
 * Throws `unknown_job` naming `jobId` unless a job with that id is recorded.
 *
 * @internal
 */
export async function requireJob(
  db: Kysely<RecorderDatabase>,
  jobId: string,
  query: string,
): Promise<void> {
  const job = await db
    .selectFrom("nucleo_jobs")
    .select("id")
    .where("id", "=", jobId)
    .executeTakeFirst();
  if (job !== undefined) return;
  throw new RecorderQueryError({
    code: "unknown_job",
    query,
    id: jobId,
    message: `No job with id ${JSON.stringify(jobId)} is recorded.`,
  });
}
