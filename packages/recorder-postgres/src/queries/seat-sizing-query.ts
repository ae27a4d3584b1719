import type { OutputRung } from "@nucleo/core";
import { sql, type Kysely } from "kysely";
import type { RecorderDatabase } from "../schema/database.js";
import { readCount } from "./cost-totals.js";
import { recommendOutputRung } from "./output-rung-advice.js";
import { requireId } from "./query-guard.js";

/** Which job classes a seat-sizing report covers. */
export interface SeatSizingOptions {
  /** Only this job class (an empty report when it made no calls). */
  readonly jobClass?: string;
}

/** How much answer one job class's model calls needed, and the rung to book for it. */
export interface SeatSizingRow {
  readonly jobClass: string;
  readonly calls: number;
  /** The largest answer (output tokens of one call). */
  readonly maxOutputTokens: number;
  /**
   * The 95th percentile of output tokens per call, by `percentile_disc`: a count some call
   * really produced (the smallest with at least 95% of calls at or below it), never an
   * interpolation between two.
   */
  readonly p95OutputTokens: number;
  /** Calls the provider cut off at the seat's budget (`finish_reason = 'max_tokens'`). */
  readonly maxTokensStops: number;
  /** The smallest output rung holding the p95 with ×1.25 headroom (see `recommendOutputRung`). */
  readonly recommendedRung: OutputRung;
}

/**
 * Per job class: calls, max and 95th-percentile output tokens, `max_tokens` stops and the
 * recommended output rung, ordered by job class (byte order). Output tokens are the answer as recorded:
 * reasoning the provider reports apart (OpenAI) is not in them, matching the rung budgets,
 * which exclude the reasoning budget; where a provider counts thinking inside the answer
 * (Anthropic) the figure errs large, on the safe side.
 *
 * @internal
 */
export async function readSeatSizing(
  db: Kysely<RecorderDatabase>,
  options: SeatSizingOptions = {},
): Promise<SeatSizingRow[]> {
  if (options.jobClass !== undefined) requireId(options.jobClass, "jobClass");
  // Grouped (so sorted) by the class's bytes, not by the database's collation: the percentile
  // sorts every call anyway, and a locale-aware sort of a million class names costs several
  // times the whole rest of the query. Also orders the report the same on every server.
  const jobClass = sql<string>`job_class collate "C"`;
  let query = db
    .selectFrom("nucleo_model_calls")
    .select(jobClass.as("job_class"))
    .select([
      sql`count(*)`.as("calls"),
      sql`max(output_tokens)`.as("max_output_tokens"),
      sql`percentile_disc(0.95) within group (order by output_tokens)`.as("p95_output_tokens"),
      sql`count(*) filter (where finish_reason = 'max_tokens')`.as("max_tokens_stops"),
    ]);
  if (options.jobClass !== undefined) query = query.where("job_class", "=", options.jobClass);
  const rows = await query.groupBy(jobClass).orderBy(jobClass).execute();
  return rows.map((row) => {
    const p95OutputTokens = readCount(row.p95_output_tokens);
    return {
      jobClass: row.job_class,
      calls: readCount(row.calls),
      maxOutputTokens: readCount(row.max_output_tokens),
      p95OutputTokens,
      maxTokensStops: readCount(row.max_tokens_stops),
      recommendedRung: recommendOutputRung(p95OutputTokens),
    };
  });
}
