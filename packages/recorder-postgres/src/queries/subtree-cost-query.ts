import { sql, type Kysely } from "kysely";
import type { RecorderDatabase } from "../schema/database.js";
import { NO_COST, TotalsAccumulator, totalsColumns, type CostTotals } from "./cost-totals.js";
import { requireJob } from "./workflow-checks.js";

/** What a job and all its descendants spent. */
export interface SubtreeCost extends CostTotals {
  readonly jobId: string;
}

/**
 * Sums the model calls of a job and every descendant, per currency, in one indexed query: a
 * call row carries its job's ancestors, so the subtree is `job_id = $1 OR ancestors @> {$1}`
 * (the primary key and the GIN index, OR-ed in a bitmap) — no recursion, no stored totals.
 * A job with no calls anywhere below it is checked to exist (`unknown_job` otherwise).
 *
 * @internal
 */
export async function readSubtreeCost(db: Kysely<RecorderDatabase>, jobId: string): Promise<SubtreeCost> {
  const rows = await subtreeCostQuery(db, jobId).execute();
  if (rows.length === 0) {
    await requireJob(db, jobId, "subtreeCost");
    return { jobId, ...NO_COST };
  }
  const totals = new TotalsAccumulator();
  for (const row of rows) totals.addRow(row);
  return { jobId, ...totals.toTotals() };
}

/** The one statement {@link readSubtreeCost} runs, for plan checks. @internal */
export function subtreeCostQuery(db: Kysely<RecorderDatabase>, jobId: string) {
  return db
    .selectFrom("nucleo_model_calls")
    .select("currency")
    .select(totalsColumns())
    .where((where) => where.or([where("job_id", "=", jobId), sql<boolean>`ancestors @> array[${jobId}]::text[]`]))
    .groupBy("currency");
}
