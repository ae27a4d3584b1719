import { sql, type Kysely } from "kysely";
import type { RecorderDatabase } from "../schema/database.js";

/**
 * A job's input and output as recorded (after the content policy's redaction and size cap: a
 * value over the cap reads `{ nucleo_truncated: { length, head } }`). Each is `undefined` when
 * nothing was recorded for it — content was off (policy `metadata`, or no observer asked for
 * it), the job has not started (input) or not finished (output), or it failed (no output) —
 * and `null` when the recorded value is JSON `null` (a job that returned nothing is kept as
 * `null`).
 */
export interface JobContent {
  readonly jobId: string;
  readonly input: unknown;
  readonly output: unknown;
}

interface JobContentRow {
  readonly known: boolean;
  readonly input: unknown;
  readonly has_input: boolean;
  readonly output: unknown;
  readonly has_output: boolean;
}

/**
 * A job's recorded input and output, in one statement; undefined when no job with the id is
 * recorded (neither its row nor its content).
 *
 * @internal
 */
export async function readJobContent(
  db: Kysely<RecorderDatabase>,
  jobId: string,
): Promise<JobContent | undefined> {
  // `is not null` tells SQL NULL (nothing recorded) from JSON null, which drivers both read as null.
  const { rows } = await sql<JobContentRow>`
    select j.id is not null or c.job_id is not null as known,
           c.input, c.input is not null as has_input,
           c.output, c.output is not null as has_output
    from (select 1) as one
    left join nucleo_jobs j on j.id = ${jobId}
    left join nucleo_job_content c on c.job_id = ${jobId}`.execute(db);
  const row = rows[0];
  if (row === undefined || !row.known) return undefined;
  return {
    jobId,
    input: row.has_input ? row.input : undefined,
    output: row.has_output ? row.output : undefined,
  };
}
