import { sql, type Kysely } from "kysely";
import type { RecorderDatabase } from "../../schema/database.js";

/** A stored call's request message hashes in order, read back through its thread. */
export async function requestHashes(
  db: Kysely<RecorderDatabase>,
  jobId: string,
  seq: number,
): Promise<string[]> {
  const { rows } = await sql<{ hash: string }>`
    select t.hash from nucleo_model_call_content c
    join nucleo_thread_messages t
      on t.root_id = c.root_id and t.thread = c.thread and t.position < c.message_count
    where c.job_id = ${jobId} and c.seq = ${seq}
    order by t.position`.execute(db);
  return rows.map((row) => row.hash);
}
