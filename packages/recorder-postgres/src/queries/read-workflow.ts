import { sql, type Kysely, type RawBuilder } from "kysely";
import type { RecorderDatabase } from "../schema/database.js";
import { NO_COST } from "./cost-totals.js";
import type { RecordedJob } from "./recorded-job.js";
import { RecordTextReader, type RecordRow } from "./record-text-reader.js";
import { TOKEN_COUNTS, type CallColumns } from "./totals-table.js";

/** A recorded job whose costs are filled in later. */
export type MutableRecordedJob = { -readonly [K in keyof RecordedJob]: RecordedJob[K] };

/** A workflow's jobs, as the trajectory reads them. */
export interface WorkflowJobs {
  readonly jobs: MutableRecordedJob[];
  /** Each job's submission time (epoch ms), `Infinity` where none is recorded. */
  readonly submittedAt: Float64Array;
}

// Each row as one record text (see RecordTextReader): times as epoch microseconds, counts and
// costs as PostgreSQL prints them, read in place.
const MICROSECONDS = (column: string) => `(date_part('epoch', ${column}) * 1000000)::int8`;
const JOB_RECORD = sql.raw(
  `row(id, parent_id, job_class, job_name, kind, status, error_code, error_message, replayed_from, ordinal, attempts, ${["submitted_at", "started_at", "ended_at"].map(MICROSECONDS).join(", ")})::text`,
);
const CALL_RECORD = sql.raw(
  "row(job_id, currency, input_tokens, cache_read_input_tokens, cache_creation_input_tokens, output_tokens, reasoning_output_tokens, cost)::text",
);

/**
 * How a workflow's jobs and calls travel: each row as one record text (see
 * {@link RecordTextReader}), filtered on `root_id`, nothing sorted or grouped (the README's
 * "How fast" has the figures).
 *
 * - A server pool: a row per record, so the server streams rows while the driver takes them in
 *   on the other connection; one column rather than thirteen spares the driver a string and a
 *   property per column.
 * - PGlite (one connection, in this thread): the records joined into one text per statement,
 *   because nothing runs in parallel there and every field of every row is a copy out of its
 *   memory.
 */
function recordsOf(
  db: Kysely<RecorderDatabase>,
  record: RawBuilder<unknown>,
  table: "nucleo_jobs" | "nucleo_model_calls",
  rootId: string,
) {
  const records = db.getExecutor().adapter.supportsMultipleConnections
    ? record
    : sql`string_agg(${record}, e'\\n')`;
  return sql<RecordRow>`select ${records} as records from ${sql.table(table)} where root_id = ${rootId}`.execute(
    db,
  );
}

/**
 * Reads a workflow's jobs (see {@link recordsOf}).
 *
 * @internal
 */
export async function readWorkflowJobs(
  db: Kysely<RecorderDatabase>,
  rootId: string,
): Promise<WorkflowJobs> {
  const { rows } = await recordsOf(db, JOB_RECORD, "nucleo_jobs", rootId);
  return readJobs(rootId, new RecordTextReader(rows), rows.length);
}

/**
 * Reads a workflow's model calls (see {@link recordsOf}).
 *
 * @internal
 */
export async function readWorkflowCalls(
  db: Kysely<RecorderDatabase>,
  rootId: string,
): Promise<CallColumns> {
  const { rows } = await recordsOf(db, CALL_RECORD, "nucleo_model_calls", rootId);
  return readCalls(rows);
}

function readJobs(rootId: string, records: RecordTextReader, expected: number): WorkflowJobs {
  // Sized up front for a server's row per record (assigning into a sized array is several times
  // cheaper than pushing a hundred thousand times); PGlite's one text grows them as it goes.
  const jobs = new Array<MutableRecordedJob>(expected);
  let submittedAt = new Float64Array(expected);
  let count = 0;
  // Siblings tend to be written side by side and most columns repeat from row to row: each
  // column's last value is offered to the reader, which returns it rather than a new string.
  let [parentId, jobClass, jobName, kind, status, errorCode]: (string | null)[] = [];
  while (records.hasRecord()) {
    records.startRecord();
    const jobId = records.field()!;
    parentId = records.field(parentId);
    jobClass = records.field(jobClass);
    jobName = records.field(jobName);
    kind = records.field(kind);
    status = records.field(status);
    errorCode = records.field(errorCode);
    const errorMessage = records.field();
    const replayedFrom = records.field();
    const ordinal = records.number();
    const attempts = records.number();
    const submitted = microsToMs(records.number());
    const started = microsToMs(records.number());
    const ended = microsToMs(records.number());
    records.endRecord();
    if (count === submittedAt.length) submittedAt = grow(submittedAt);
    submittedAt[count] = submitted ?? Number.POSITIVE_INFINITY;
    jobs[count++] = {
      jobId,
      parentId,
      rootId,
      ordinal: Number.isNaN(ordinal) ? null : ordinal,
      startedAt: started ?? submitted ?? Number.POSITIVE_INFINITY,
      times: { submittedAt: submitted, startedAt: started, endedAt: ended },
      jobClass: jobClass!,
      jobName: jobName!,
      kind: kind!,
      status: status!,
      attempts,
      error:
        errorCode === null && errorMessage === null
          ? null
          : { code: errorCode, message: errorMessage },
      replayedFrom,
      cost: NOT_YET_COSTED,
    };
  }
  jobs.length = count;
  return { jobs, submittedAt: submittedAt.subarray(0, count) };
}

function readCalls(rows: readonly RecordRow[]): CallColumns {
  const records = new RecordTextReader(rows);
  const expected = rows.length;
  const jobIds = new Array<string>(expected);
  const currencies = new Array<string>(expected);
  let tokens = new Float64Array(expected * TOKEN_COUNTS);
  let costRow = new Int32Array(expected);
  let costFrom = new Int32Array(expected);
  let costTo = new Int32Array(expected);
  let count = 0;
  let currency: string | null = null;
  while (records.hasRecord()) {
    records.startRecord();
    if (count === costFrom.length)
      [tokens, costRow, costFrom, costTo] = [
        grow(tokens),
        grow(costRow),
        grow(costFrom),
        grow(costTo),
      ];
    jobIds[count] = records.field()!;
    currency = records.field(currency);
    currencies[count] = currency!;
    for (let at = count * TOKEN_COUNTS, end = at + TOKEN_COUNTS; at < end; at += 1)
      tokens[at] = records.number();
    records.span();
    costRow[count] = records.row;
    costFrom[count] = records.spanFrom;
    costTo[count] = records.spanTo;
    records.endRecord();
    count += 1;
  }
  jobIds.length = count;
  currencies.length = count;
  return {
    jobIds,
    currencies,
    tokens: tokens.subarray(0, count * TOKEN_COUNTS),
    rows,
    costRow: costRow.subarray(0, count),
    costFrom: costFrom.subarray(0, count),
    costTo: costTo.subarray(0, count),
  };
}

/** The same array, twice as long (or one long), its values kept. */
function grow<T extends Float64Array | Int32Array>(array: T): T {
  const larger = new (array.constructor as new (length: number) => T)(
    Math.max(1, array.length * 2),
  );
  larger.set(array);
  return larger;
}

const microsToMs = (micros: number): number | null => (Number.isNaN(micros) ? null : micros / 1000);

/** Every job's costs until the rollup gives it its own (one object, not one per job). */
const NOT_YET_COSTED = Object.freeze({ own: NO_COST, subtree: NO_COST });
