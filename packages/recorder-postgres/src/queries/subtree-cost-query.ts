import { sql, type Kysely } from "kysely";
import type { RecorderDatabase } from "../schema/database.js";
import { NO_COST, TOKEN_COLUMNS, TotalsAccumulator, type CostTotals } from "./cost-totals.js";
import { requireJob } from "./workflow-checks.js";

/** What a job and all its descendants spent. */
export interface SubtreeCost extends CostTotals {
  readonly jobId: string;
}

/**
 * Sums the model calls of a job and every descendant, per currency, in one statement over two
 * index ranges: the job's own calls (the primary key of `nucleo_model_calls`) and what was
 * attributed to it as an ancestor (`nucleo_cost_attribution`, one row per write that reached
 * its subtree since the recorder last merged them, read from the index alone). No recursion,
 * no stored totals: attribution rows are appended by writers, merged now and then, and summed
 * here.
 * A job with no calls anywhere below it is checked to exist (`unknown_job` otherwise).
 *
 * @internal
 */
export async function readSubtreeCost(
  db: Kysely<RecorderDatabase>,
  jobId: string,
): Promise<SubtreeCost> {
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
  const own = db
    .selectFrom("nucleo_model_calls")
    .select(["currency", sql<string>`1::int8`.as("calls"), ...TOKEN_COLUMNS, "cost"])
    .where("job_id", "=", jobId);
  const below = db
    .selectFrom("nucleo_cost_attribution")
    .select(["currency", "calls", ...TOKEN_COLUMNS, "cost"])
    .where("ancestor_id", "=", jobId);
  return (
    db
      .selectFrom(own.unionAll(below).as("spend"))
      .select([
        "currency",
        sql<string>`sum(calls)`.as("calls"),
        ...TOKEN_COLUMNS.map((column) => sql<string>`sum(${sql.ref(column)})`.as(column)),
        sql<string>`sum(cost)`.as("cost"),
      ])
      .groupBy("currency")
      // Calls deleted since leave rows that cancel out: a currency left with none is no spending.
      .having(sql<boolean>`sum(calls) <> 0`)
  );
}
