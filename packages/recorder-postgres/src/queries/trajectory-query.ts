import type { TrajectoryNode } from "@nucleo/core";
import type { Kysely } from "kysely";
import type { RecorderDatabase } from "../schema/database.js";
import { readWorkflowCalls, readWorkflowJobs } from "./read-workflow.js";
import type { RecordedJob, Trajectory } from "./recorded-job.js";
import { rollUpTrajectoryCosts } from "./trajectory-costs.js";
import { buildJobTree } from "./trajectory-tree.js";
import { unknownWorkflow } from "./workflow-checks.js";

/**
 * Reads a workflow's jobs and model calls and builds its trajectory: children by ordinal, then
 * start time, unstamped last; full ties by submission time, then by id in byte order. The
 * calls are read while the jobs' tree is built (on a server, on a connection of their own).
 * Each job's own calls are summed here exactly and rolled up the tree (see
 * {@link rollUpTrajectoryCosts}): no query per job, no stored totals.
 *
 * @internal
 */
export async function readTrajectory(
  db: Kysely<RecorderDatabase>,
  rootId: string,
): Promise<Trajectory> {
  const [{ jobs, tree }, calls] = await Promise.all([
    readWorkflowJobs(db, rootId).then((workflow) => ({
      jobs: workflow.jobs,
      tree: buildJobTree(workflow),
    })),
    readWorkflowCalls(db, rootId),
  ]);
  const root = tree.trees.find((node) => node.job.jobId === rootId);
  if (root === undefined) throw await explainMissingRoot(db, rootId, jobs.length);
  await rollUpTrajectoryCosts(db, { rootId, jobs, tree, calls });
  return {
    rootId,
    root,
    detached: tree.trees.filter((node) => node !== root) as TrajectoryNode<RecordedJob>[],
    jobCount: jobs.length,
  };
}

async function explainMissingRoot(
  db: Kysely<RecorderDatabase>,
  rootId: string,
  recordedJobs: number,
) {
  if (recordedJobs > 0) return unknownWorkflow(rootId, "trajectory", undefined, recordedJobs);
  const job = await db
    .selectFrom("nucleo_jobs")
    .select("root_id")
    .where("id", "=", rootId)
    .executeTakeFirst();
  return unknownWorkflow(rootId, "trajectory", job?.root_id);
}
