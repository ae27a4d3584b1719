import { buildTrajectory, type TrajectoryNode } from "@nucleo/core";
import { sql, type Kysely } from "kysely";
import type { RecorderDatabase } from "../schema/database.js";
import { NO_COST } from "./cost-totals.js";
import type { RecordedJob, Trajectory } from "./recorded-job.js";
import { rollUpTrajectoryCosts, type JobSpend } from "./trajectory-costs.js";
import { unknownWorkflow } from "./workflow-checks.js";

type MutableRecordedJob = { -readonly [K in keyof RecordedJob]: RecordedJob[K] };

/** A job as the trajectory statement returns it (a JSON array: compact, parsed natively). */
type JobTuple = [
  id: string,
  parentId: string | null,
  ordinal: number | null,
  jobClass: string,
  jobName: string,
  kind: string,
  status: string,
  attempts: number,
  errorCode: string | null,
  errorMessage: string | null,
  submittedMs: number | null,
  startedMs: number | null,
  endedMs: number | null,
];

/** One job's calls in one currency: job, currency, calls, five token sums, exact cost text. */
type SpendTuple = [jobId: string, currency: string, calls: number, input: number, cacheRead: number, cacheCreation: number, output: number, reasoning: number, cost: string];

/**
 * Reads a workflow's jobs and their spending, and builds its trajectory with core's
 * `buildTrajectory`: children by ordinal, then start time, unstamped last; full ties in
 * submission order, then by id (the order rows come in). Two statements, sent together (on a
 * server they run on two connections at once), each answering one JSON value of arrays — not
 * a row per job, nor objects: the driver parses one JSON text natively, several times faster
 * than a hundred thousand rows. Times are epoch milliseconds with their microseconds, so
 * siblings started within one millisecond still sort as they do in SQL.
 *
 * @internal
 */
export async function readTrajectory(db: Kysely<RecorderDatabase>, rootId: string): Promise<Trajectory> {
  // Two statements, sent together: on a server pool they run on two connections at once.
  const [jobRows, spendRows] = await Promise.all([
    sql<{ jobs: JobTuple[] | null }>`
      select json_agg(json_build_array(id, parent_id, ordinal, job_class, job_name, kind, status, attempts, error_code, error_message,
                                       date_part('epoch', submitted_at) * 1000, date_part('epoch', started_at) * 1000,
                                       date_part('epoch', ended_at) * 1000)
                      order by submitted_at nulls last, id) as jobs
        from nucleo_jobs
       where root_id = ${rootId}`.execute(db),
    sql<{ spend: SpendTuple[] | null }>`
      select json_agg(json_build_array(job_id, currency, calls, input, cache_read, cache_creation, output, reasoning, cost::text)) as spend
        from (select job_id, currency, count(*) as calls, sum(input_tokens) as input, sum(cache_read_input_tokens) as cache_read,
                     sum(cache_creation_input_tokens) as cache_creation, sum(output_tokens) as output,
                     sum(reasoning_output_tokens) as reasoning, sum(cost) as cost
                from nucleo_model_calls
               where root_id = ${rootId}
               group by job_id, currency) as spend`.execute(db),
  ]);
  const jobs = (jobRows.rows[0]?.jobs ?? []).map((tuple) => toJob(tuple, rootId));
  const trees = buildTrajectory(jobs);
  const root = trees.find((node) => node.job.jobId === rootId);
  if (root === undefined) throw await explainMissingRoot(db, rootId, jobs.length);
  const spend = (spendRows.rows[0]?.spend ?? []).map(toSpend);
  const costs = await rollUpTrajectoryCosts(db, rootId, jobs, trees, spend);
  jobs.forEach((job, index) => (job.cost = costs[index]!));
  return { rootId, root, detached: trees.filter((tree) => tree !== root) as TrajectoryNode<RecordedJob>[], jobCount: jobs.length };
}

function toJob(tuple: JobTuple, rootId: string): MutableRecordedJob {
  const [jobId, parentId, ordinal, jobClass, jobName, kind, status, attempts, errorCode, errorMessage, submittedAt, startedAt, endedAt] = tuple;
  return {
    jobId,
    parentId,
    rootId,
    ordinal,
    startedAt: startedAt ?? submittedAt ?? Number.POSITIVE_INFINITY,
    times: { submittedAt, startedAt, endedAt },
    jobClass,
    jobName,
    kind,
    status,
    attempts,
    error: errorCode === null && errorMessage === null ? null : { code: errorCode, message: errorMessage },
    cost: { own: NO_COST, subtree: NO_COST },
  };
}

function toSpend([jobId, currency, calls, input, cacheRead, cacheCreation, output, reasoning, cost]: SpendTuple): JobSpend {
  return { jobId, currency, calls, input, cacheRead, cacheCreation, output, reasoning, cost };
}

async function explainMissingRoot(db: Kysely<RecorderDatabase>, rootId: string, recordedJobs: number) {
  if (recordedJobs > 0) return unknownWorkflow(rootId, "trajectory", undefined, recordedJobs);
  const job = await db.selectFrom("nucleo_jobs").select("root_id").where("id", "=", rootId).executeTakeFirst();
  return unknownWorkflow(rootId, "trajectory", job?.root_id);
}
