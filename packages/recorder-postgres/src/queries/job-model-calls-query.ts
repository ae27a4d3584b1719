import type { Kysely } from "kysely";
import type { RecorderDatabase } from "../schema/database.js";
import {
  readModelCall,
  selectModelCallMetadata,
  type RecordedModelCall,
} from "./model-call-rows.js";

/**
 * A job's model calls in the order it made them (`seq`), metadata only: one range of the
 * primary key, nothing of what was said. A job without calls, or none recorded under the id,
 * answers `[]` (telling the two apart would cost a second statement on every call; the
 * trajectory says which jobs exist).
 *
 * @internal
 */
export async function readJobModelCalls(
  db: Kysely<RecorderDatabase>,
  jobId: string,
): Promise<RecordedModelCall[]> {
  const rows = await selectModelCallMetadata(db)
    .where("mc.job_id", "=", jobId)
    .orderBy("mc.seq")
    .execute();
  return rows.map(readModelCall);
}
