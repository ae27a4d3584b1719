import type { Kysely } from "kysely";
import type { RecorderDatabase } from "../schema/database.js";
import type { BatchRows } from "./batch-rows.js";
import {
  JOB_CONTENT,
  MESSAGES,
  MODEL_CALL_CONTENT,
  REPLAY_CHECKPOINTS,
  THREAD_MESSAGES,
} from "./said-inserts.js";
import { insert, type Insert } from "./unnest-insert.js";

const JOBS: Insert<BatchRows["jobs"][number]> = {
  table: "nucleo_jobs",
  columns: {
    id: "text",
    parent_id: "text",
    root_id: "text",
    ancestors: "text[]",
    job_class: "text",
    job_name: "text",
    kind: "text",
    role: "text",
    ordinal: "int4",
    status: "text",
    submitted_at: "timestamptz",
    started_at: "timestamptz",
    ended_at: "timestamptz",
    attempts: "int4",
    last_seq: "int4",
    scope_axes: "jsonb",
    read_only: "bool",
    error_code: "text",
    error_message: "text",
    metadata: "jsonb",
    position: "text",
    fingerprint: "text",
    replayed_from: "text",
  },
  // Until its submission is recorded (submitted_at is null) a row's submission facts are
  // placeholders; class and ancestors also come with model calls, so they fill in when empty.
  // least / greatest skip nulls: the first start, the latest attempt. Status, end and error
  // follow the later lifecycle event. Model calls and seats touch their job's row too (so it
  // exists whatever order events come in): the WHERE skips rewriting a row they cannot change.
  onConflict: `on conflict (id) do update set
    parent_id = coalesce(nucleo_jobs.parent_id, excluded.parent_id),
    ancestors = case when cardinality(nucleo_jobs.ancestors) = 0 then excluded.ancestors else nucleo_jobs.ancestors end,
    job_class = case when nucleo_jobs.job_class = '' then excluded.job_class else nucleo_jobs.job_class end,
    job_name = case when nucleo_jobs.submitted_at is null then excluded.job_name else nucleo_jobs.job_name end,
    kind = case when nucleo_jobs.submitted_at is null then excluded.kind else nucleo_jobs.kind end,
    role = case when nucleo_jobs.submitted_at is null then excluded.role else nucleo_jobs.role end,
    ordinal = case when nucleo_jobs.submitted_at is null then excluded.ordinal else nucleo_jobs.ordinal end,
    scope_axes = case when nucleo_jobs.submitted_at is null then excluded.scope_axes else nucleo_jobs.scope_axes end,
    read_only = case when nucleo_jobs.submitted_at is null then excluded.read_only else nucleo_jobs.read_only end,
    position = case when nucleo_jobs.submitted_at is null then excluded.position else nucleo_jobs.position end,
    fingerprint = case when nucleo_jobs.submitted_at is null then excluded.fingerprint else nucleo_jobs.fingerprint end,
    replayed_from = case when nucleo_jobs.submitted_at is null then excluded.replayed_from else nucleo_jobs.replayed_from end,
    submitted_at = coalesce(nucleo_jobs.submitted_at, excluded.submitted_at),
    started_at = least(nucleo_jobs.started_at, excluded.started_at),
    attempts = greatest(nucleo_jobs.attempts, excluded.attempts),
    status = case when excluded.last_seq > nucleo_jobs.last_seq then excluded.status else nucleo_jobs.status end,
    ended_at = case when excluded.last_seq > nucleo_jobs.last_seq then excluded.ended_at else nucleo_jobs.ended_at end,
    error_code = case when excluded.last_seq > nucleo_jobs.last_seq then excluded.error_code else nucleo_jobs.error_code end,
    error_message = case when excluded.last_seq > nucleo_jobs.last_seq then excluded.error_message else nucleo_jobs.error_message end,
    last_seq = greatest(nucleo_jobs.last_seq, excluded.last_seq),
    metadata = nucleo_jobs.metadata || excluded.metadata
  where nucleo_jobs.submitted_at is null or excluded.last_seq > nucleo_jobs.last_seq or excluded.started_at is not null
    or excluded.attempts > nucleo_jobs.attempts or excluded.metadata <> '{}'::jsonb`,
};

const MODEL_CALLS: Insert<BatchRows["modelCalls"][number]> = {
  table: "nucleo_model_calls",
  columns: {
    job_id: "text",
    seq: "int4",
    root_id: "text",
    ancestors: "text[]",
    job_class: "text",
    at: "timestamptz",
    operation_name: "text",
    provider_name: "text",
    entry_id: "text",
    request_model: "text",
    response_model: "text",
    grade: "text",
    depth: "text",
    input_tokens: "int8",
    cache_read_input_tokens: "int8",
    cache_creation_input_tokens: "int8",
    cache_creation_1h_input_tokens: "int8",
    output_tokens: "int8",
    reasoning_output_tokens: "int8",
    cost: "numeric",
    currency: "text",
    latency_ms: "int4",
    finish_reason: "text",
    attempt: "int4",
    corrections: "int4",
  },
  onConflict: "on conflict (job_id, seq) do nothing",
};

const SEAT_COLUMNS = {
  seat_id: "text",
  job_id: "text",
  root_id: "text",
  grade: "text",
  entry_id: "text",
  input_tokens: "int4",
  max_output_tokens: "int4",
  waited_ms: "int4",
  reserved_at: "timestamptz",
  settled_at: "timestamptz",
  outcome: "text",
  used_input_tokens: "int4",
  used_output_tokens: "int4",
} as const;

/** Rows with a reservation (and its settlement when the batch had both: taken only then). */
const SEAT_RESERVATIONS: Insert<BatchRows["seatReservations"][number]> = {
  table: "nucleo_seats",
  columns: SEAT_COLUMNS,
  onConflict: `on conflict (seat_id) do update set
    job_id = excluded.job_id, root_id = excluded.root_id, grade = excluded.grade, entry_id = excluded.entry_id,
    input_tokens = excluded.input_tokens, max_output_tokens = excluded.max_output_tokens, waited_ms = excluded.waited_ms, reserved_at = excluded.reserved_at,
    settled_at = case when excluded.settled_at is not null then excluded.settled_at else nucleo_seats.settled_at end,
    outcome = case when excluded.settled_at is not null then excluded.outcome else nucleo_seats.outcome end,
    used_input_tokens = case when excluded.settled_at is not null then excluded.used_input_tokens else nucleo_seats.used_input_tokens end,
    used_output_tokens = case when excluded.settled_at is not null then excluded.used_output_tokens else nucleo_seats.used_output_tokens end`,
};

/** Settlements whose reservation is not in the batch: only the settlement's columns change. */
const SEAT_SETTLEMENTS: Insert<BatchRows["seatSettlements"][number]> = {
  table: "nucleo_seats",
  columns: SEAT_COLUMNS,
  onConflict: `on conflict (seat_id) do update set
    settled_at = excluded.settled_at, outcome = excluded.outcome,
    used_input_tokens = excluded.used_input_tokens, used_output_tokens = excluded.used_output_tokens`,
};

const TOOL_WITHHOLDS: Insert<BatchRows["toolWithholds"][number]> = {
  table: "nucleo_tool_withholds",
  columns: {
    job_id: "text",
    seq: "int4",
    root_id: "text",
    at: "timestamptz",
    tool: "text",
    reason: "text",
  },
  onConflict: "on conflict (job_id, seq) do nothing",
};

const SKILL_ADMISSIONS: Insert<BatchRows["skillAdmissions"][number]> = {
  table: "nucleo_skill_admissions",
  columns: { job_id: "text", seq: "int4", root_id: "text", at: "timestamptz", skill: "text" },
  onConflict: "on conflict (job_id, seq) do nothing",
};

const BENCHMARK_REPORTS: Insert<BatchRows["benchmarkReports"][number]> = {
  table: "nucleo_benchmark_reports",
  columns: {
    job_id: "text",
    root_id: "text",
    raced_job: "text",
    grade: "text",
    times: "int4",
    started_at: "timestamptz",
    finished_at: "timestamptz",
    judge_failure: "text",
    reference_failure: "text",
    report: "jsonb",
  },
  onConflict: `on conflict (job_id) do update set
    root_id = excluded.root_id, raced_job = excluded.raced_job, grade = excluded.grade, times = excluded.times, started_at = excluded.started_at,
    finished_at = excluded.finished_at, judge_failure = excluded.judge_failure, reference_failure = excluded.reference_failure, report = excluded.report`,
};

const BENCHMARK_ROWS: Insert<BatchRows["benchmarkRows"][number]> = {
  table: "nucleo_benchmark_rows",
  columns: {
    job_id: "text",
    run: "int4",
    role: "text",
    model: "text",
    provider_model: "text",
    repeat: "int4",
    status: "text",
    error: "text",
    calls: "int4",
    iterations: "int4",
    input_tokens: "int8",
    output_tokens: "int8",
    latency_ms: "int4",
    wall_ms: "int4",
    cost: "jsonb",
    judge_score: "float4",
    judge_reason: "text",
    scorer_score: "float4",
  },
  onConflict: `on conflict (job_id, run) do update set
    role = excluded.role, model = excluded.model, provider_model = excluded.provider_model, repeat = excluded.repeat, status = excluded.status,
    error = excluded.error, calls = excluded.calls, iterations = excluded.iterations, input_tokens = excluded.input_tokens,
    output_tokens = excluded.output_tokens, latency_ms = excluded.latency_ms, wall_ms = excluded.wall_ms, cost = excluded.cost,
    judge_score = excluded.judge_score, judge_reason = excluded.judge_reason, scorer_score = excluded.scorer_score`,
};

/**
 * Writes one batch in one transaction: one multi-row INSERT per table, each idempotent, so
 * writing a batch again — after a commit whose acknowledgement was lost, say — changes nothing:
 *
 * - model calls, withheld tools and admitted skills: `ON CONFLICT (job_id, seq) DO NOTHING`;
 * - jobs: upserted by id; submission facts fill a row until its submission is recorded and then
 *   never change; status, end and error come from the event with the higher `seq`
 *   (`last_seq`); the start is the earliest, the attempts the most; published values merge into
 *   `metadata` by key (jsonb `||`): within a batch the highest `seq` wins a key, across batches
 *   the later batch (the writer keeps events in order; keeping a key's order against a
 *   redelivered older value would need a per-key `seq` the schema does not have);
 * - seats: upserted by seat id, reservation and settlement each filling their own columns;
 * - benchmark reports and their rows: upserted by job id and (job id, run);
 * - what was said (see `said-inserts.ts`): job content upserted by job id, input and output
 *   each filled in when its event comes; messages by (workflow, hash) and model call content
 *   by (job id, seq), `DO NOTHING`;
 * - replay checkpoints (see `REPLAY_CHECKPOINTS`): a finished job's exact output under its
 *   workflow and position, `DO NOTHING`, in the transaction that records the finish, so a job
 *   recorded as finished has its checkpoint and one without it is not recorded as finished.
 *
 * Each INSERT takes its rows from `unnest` over one array parameter per column
 * (`insert into t (a, b) select * from unnest($1::text[], $2::int4[]) ...`), not from a VALUES
 * list of one parameter per value (1,000 model calls would bind 24,000): it is faster (figures
 * in the README's "Ingest") and the 65,535-parameter limit never binds. The statements are written out rather than built with Kysely's query builder,
 * whose per-value nodes cost more CPU than the rest of the writer; values still travel only as
 * parameters.
 *
 * @internal
 */
export async function writeBatch(db: Kysely<RecorderDatabase>, rows: BatchRows): Promise<void> {
  if (Object.values(rows).every((table: readonly unknown[]) => table.length === 0)) return;
  // What was running when the write failed, for the report (never the rows themselves).
  let statement = "the batch's transaction (begin)";
  try {
    await db.transaction().execute(async (trx) => {
      for (const [spec, tableRows] of [
        [JOBS, rows.jobs],
        [MODEL_CALLS, rows.modelCalls],
        [SEAT_RESERVATIONS, rows.seatReservations],
        [SEAT_SETTLEMENTS, rows.seatSettlements],
        [TOOL_WITHHOLDS, rows.toolWithholds],
        [SKILL_ADMISSIONS, rows.skillAdmissions],
        [BENCHMARK_REPORTS, rows.benchmarkReports],
        [BENCHMARK_ROWS, rows.benchmarkRows],
        [JOB_CONTENT, rows.jobContent],
        [MESSAGES, rows.messages],
        [MODEL_CALL_CONTENT, rows.callContent],
        [THREAD_MESSAGES, rows.threadMessages],
        // After the jobs: a checkpoint takes its position and fingerprint from the job's row,
        // written by this batch or an earlier one.
        [REPLAY_CHECKPOINTS, rows.checkpoints],
      ] as const) {
        if (tableRows.length === 0) continue;
        statement = `insert into ${spec.table}`;
        await insert(trx, spec as Insert<unknown>, tableRows);
      }
      statement = "the batch's transaction (commit)";
    });
  } catch (error) {
    throw new BatchStatementError(statement, error);
  }
}

/**
 * A batch write failed: which statement (`insert into nucleo_jobs`, the transaction's begin or
 * commit) and, on `cause`, what the driver threw.
 *
 * @internal
 */
export class BatchStatementError extends Error {
  constructor(
    readonly statement: string,
    override readonly cause: unknown,
  ) {
    super(`${statement} failed`);
    this.name = "BatchStatementError";
  }
}
