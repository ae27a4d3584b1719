import { sql, type Kysely } from "kysely";
import type { RecorderDatabase } from "../schema/database.js";
import { NO_COST } from "./cost-totals.js";
import type { RecordedJob } from "./recorded-job.js";
import { RecordTextReader } from "./record-text-reader.js";

/** A recorded job whose costs are filled in later. */
export type MutableRecordedJob = { -readonly [K in keyof RecordedJob]: RecordedJob[K] };

/** A workflow's jobs and model calls, as the trajectory reads them. */
export interface WorkflowRead {
  readonly jobs: MutableRecordedJob[];
  /** Each job's submission time (epoch ms), `Infinity` where none is recorded. */
  readonly submittedAt: Float64Array;
  readonly calls: {
    readonly jobIds: readonly string[];
    readonly currencies: readonly string[];
    /** Per call, the text holding its counts (as `TotalsTable.addCall` reads them) and where they start in it. */
    readonly counts: readonly string[];
    readonly countsAt: Int32Array;
  };
}

// The columns both ways read. Numbers travel as decimal text separated by spaces (empty for
// null; times as epoch microseconds), read without a string per number: one field, not five.
const MICROSECONDS = (column: string) => `coalesce(((date_part('epoch', ${column}) * 1000000)::int8)::text, '')`;
const JOB_NUMBERS = sql.raw(`concat_ws(' ', coalesce(ordinal::text, ''), attempts, ${["submitted_at", "started_at", "ended_at"].map(MICROSECONDS).join(", ")})`);
const JOB_TEXTS = sql.raw("id, parent_id, job_class, job_name, kind, status, error_code, error_message");
const CALL_COUNTS = sql.raw("concat_ws(' ', input_tokens, cache_read_input_tokens, cache_creation_input_tokens, output_tokens, reasoning_output_tokens, cost)");

/**
 * Reads a workflow's jobs and model calls: two statements filtering on `root_id`, nothing
 * sorted or grouped. How the rows travel depends on the connection, as measured on a
 * hundred thousand jobs:
 *
 * - A server pool: as rows, on two connections at once. The server streams them as it reads
 *   them and the driver parses them meanwhile on the other core; aggregating them into one
 *   value first cost the server two to four times as much, and the driver waited for all of it.
 * - PGlite (one connection, in this thread): as one text value per statement, the records one
 *   after another (see {@link RecordTextReader}). Nothing runs in parallel there, and PGlite
 *   copies every field of every row out of its memory: rows took twice as long as this.
 *
 * @internal
 */
export async function readWorkflow(db: Kysely<RecorderDatabase>, rootId: string): Promise<WorkflowRead> {
  return db.getExecutor().adapter.supportsMultipleConnections ? readAsRows(db, rootId) : readAsText(db, rootId);
}

interface JobRow {
  readonly id: string;
  readonly parent_id: string | null;
  readonly job_class: string;
  readonly job_name: string;
  readonly kind: string;
  readonly status: string;
  readonly error_code: string | null;
  readonly error_message: string | null;
  readonly numbers: string;
}

async function readAsRows(db: Kysely<RecorderDatabase>, rootId: string): Promise<WorkflowRead> {
  const [jobRows, callRows] = await Promise.all([
    sql<JobRow>`select ${JOB_TEXTS}, ${JOB_NUMBERS} as numbers from nucleo_jobs where root_id = ${rootId}`.execute(db),
    sql<{ job_id: string; currency: string; counts: string }>`
      select job_id, currency, ${CALL_COUNTS} as counts from nucleo_model_calls where root_id = ${rootId}`.execute(db),
  ]);
  const rows = jobRows.rows;
  const jobs = new Array<MutableRecordedJob>(rows.length);
  const submittedAt = new Float64Array(rows.length);
  const numbers = new Float64Array(5);
  for (let index = 0; index < rows.length; index += 1) {
    const row = rows[index]!;
    readNumbers(row.numbers, 0, numbers);
    jobs[index] = toJob(rootId, row.id, row.parent_id, row, numbers);
    submittedAt[index] = submittedMs(numbers);
  }
  const calls = callRows.rows;
  return {
    jobs,
    submittedAt,
    calls: {
      jobIds: calls.map((call) => call.job_id),
      currencies: calls.map((call) => call.currency),
      counts: calls.map((call) => call.counts),
      countsAt: new Int32Array(calls.length),
    },
  };
}

async function readAsText(db: Kysely<RecorderDatabase>, rootId: string): Promise<WorkflowRead> {
  // Both aggregates of a statement see its rows in the same order, so their records line up.
  const jobText = await sql<{ texts: string | null; numbers: string | null }>`
    select string_agg(row(${JOB_TEXTS})::text, e'\\n') as texts, string_agg(${JOB_NUMBERS}, e'\\n') as numbers
      from nucleo_jobs where root_id = ${rootId}`.execute(db);
  const callText = await sql<{ texts: string | null; counts: string | null }>`
    select string_agg(row(job_id, currency)::text, e'\\n') as texts, string_agg(${CALL_COUNTS}, e'\\n') as counts
      from nucleo_model_calls where root_id = ${rootId}`.execute(db);

  const jobs: MutableRecordedJob[] = [];
  const submitted: number[] = [];
  const texts = new RecordTextReader(jobText.rows[0]?.texts ?? "");
  const numberText = jobText.rows[0]?.numbers ?? "";
  const numbers = new Float64Array(5);
  for (let at = 0; texts.hasRecord(); ) {
    texts.startRecord();
    const [id, parentId, jobClass, jobName, kind, status, errorCode, errorMessage] = [
      texts.field(), texts.field(), texts.field(), texts.field(), texts.field(), texts.field(), texts.field(), texts.field(),
    ];
    texts.endRecord();
    at = readNumbers(numberText, at, numbers);
    const row = { job_class: jobClass!, job_name: jobName!, kind: kind!, status: status!, error_code: errorCode, error_message: errorMessage };
    jobs.push(toJob(rootId, id!, parentId, row, numbers));
    submitted.push(submittedMs(numbers));
  }

  const jobIds: string[] = [];
  const currencies: string[] = [];
  const callRecords = new RecordTextReader(callText.rows[0]?.texts ?? "");
  const counts = callText.rows[0]?.counts ?? "";
  const countsAt: number[] = [];
  for (let position = 0; callRecords.hasRecord(); position = counts.indexOf("\n", position) + 1) {
    callRecords.startRecord();
    jobIds.push(callRecords.field()!);
    currencies.push(callRecords.field()!);
    callRecords.endRecord();
    countsAt.push(position);
  }
  return {
    jobs,
    submittedAt: Float64Array.from(submitted),
    calls: { jobIds, currencies, counts: new Array<string>(jobIds.length).fill(counts), countsAt: Int32Array.from(countsAt) },
  };
}

/**
 * Reads whole numbers separated by single spaces from `text` at `from` — an empty one is null
 * (NaN in `into`) — up to a line break or the end, without a string per number. Returns the
 * position after the line.
 *
 * @internal
 */
export function readNumbers(text: string, from: number, into: Float64Array): number {
  let field = 0;
  let value = 0;
  let digits = 0;
  let sign = 1;
  let position = from;
  for (; ; position += 1) {
    const code = position < text.length ? text.charCodeAt(position) : 10;
    if (code === 32 /* space */ || code === 10 /* \n */) {
      if (field < into.length) into[field++] = digits === 0 ? Number.NaN : sign * value;
      value = 0;
      digits = 0;
      sign = 1;
      if (code === 10) break;
    } else if (code === 45 /* - */) sign = -1;
    else {
      value = value * 10 + (code - 48);
      digits += 1;
    }
  }
  for (; field < into.length; field += 1) into[field] = Number.NaN;
  return position + 1;
}

const submittedMs = (numbers: Float64Array): number => (Number.isNaN(numbers[2]!) ? Number.POSITIVE_INFINITY : numbers[2]! / 1000);

type JobTexts = Pick<JobRow, "job_class" | "job_name" | "kind" | "status" | "error_code" | "error_message">;

function toJob(rootId: string, jobId: string, parentId: string | null, row: JobTexts, [ordinal, attempts, submitted, started, ended]: Float64Array): MutableRecordedJob {
  const submittedAt = Number.isNaN(submitted!) ? null : submitted! / 1000;
  const startedAt = Number.isNaN(started!) ? null : started! / 1000;
  return {
    jobId,
    parentId,
    rootId,
    ordinal: Number.isNaN(ordinal!) ? null : ordinal!,
    startedAt: startedAt ?? submittedAt ?? Number.POSITIVE_INFINITY,
    times: { submittedAt, startedAt, endedAt: Number.isNaN(ended!) ? null : ended! / 1000 },
    jobClass: row.job_class,
    jobName: row.job_name,
    kind: row.kind,
    status: row.status,
    attempts: attempts!,
    error: row.error_code === null && row.error_message === null ? null : { code: row.error_code, message: row.error_message },
    cost: NOT_YET_COSTED,
  };
}

/** Every job's costs until the rollup gives it its own (one object, not one per job). */
const NOT_YET_COSTED = Object.freeze({ own: NO_COST, subtree: NO_COST });
