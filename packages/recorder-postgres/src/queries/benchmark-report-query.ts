import { sql, type Kysely } from "kysely";
import type { RecorderDatabase } from "../schema/database.js";
import { readCount } from "./cost-totals.js";
import { RecorderQueryError } from "./recorder-query-error.js";
import { requireWorkflow } from "./workflow-checks.js";

/** Which benchmark reports to list. */
export interface BenchmarkReportsOptions {
  /** Only the benchmarks run inside this workflow (refused as `unknown_workflow` when none is recorded). */
  readonly rootId?: string;
}

/** One recorded benchmark, summarised. Times are epoch milliseconds. */
export interface BenchmarkReportSummary {
  /** The benchmark job's id. */
  readonly jobId: string;
  readonly rootId: string;
  /** The raced job's name. */
  readonly racedJob: string;
  readonly grade: string;
  /** Runs per candidate entry. */
  readonly times: number;
  readonly startedAt: number;
  readonly finishedAt: number;
  /** Runs recorded (reference included), and how many failed. */
  readonly runs: number;
  readonly failedRuns: number;
  /** Set when every judge failed. */
  readonly judgeFailure: string | null;
  /** Set when the reference run failed. */
  readonly referenceFailure: string | null;
}

/** One run of a benchmark: the reference (run 0) or a candidate. */
export interface BenchmarkRunRow {
  readonly run: number;
  readonly role: string;
  /** The catalog entry (or entries, joined by `+`). */
  readonly model: string;
  readonly providerModel: string;
  readonly repeat: number;
  readonly status: string;
  readonly error: string | null;
  readonly calls: number;
  readonly iterations: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly latencyMs: number;
  readonly wallMs: number;
  /** Exact cost per currency, as the report wrote it. */
  readonly cost: Readonly<Record<string, string>>;
  readonly judgeScore: number | null;
  readonly judgeReason: string | null;
  readonly scorerScore: number | null;
}

/** One benchmark in full: its summary, its runs in run order and the report as published. */
export interface BenchmarkReportDetail extends BenchmarkReportSummary {
  readonly rows: readonly BenchmarkRunRow[];
  /** The whole report as the benchmark job published it (per-model summaries, judging cost, ...). */
  readonly report: Readonly<Record<string, unknown>>;
}

const epochMs = (column: "r.started_at" | "r.finished_at") =>
  sql<number>`date_part('epoch', ${sql.ref(column)}) * 1000`;

function selectSummaries(db: Kysely<RecorderDatabase>) {
  return db
    .selectFrom("nucleo_benchmark_reports as r")
    .select([
      "r.job_id",
      "r.root_id",
      "r.raced_job",
      "r.grade",
      "r.times",
      "r.judge_failure",
      "r.reference_failure",
    ])
    .select([
      epochMs("r.started_at").as("started_ms"),
      epochMs("r.finished_at").as("finished_ms"),
      (eb) =>
        eb
          .selectFrom("nucleo_benchmark_rows as b")
          .select(sql`count(*)`.as("runs"))
          .whereRef("b.job_id", "=", "r.job_id")
          .as("runs"),
      (eb) =>
        eb
          .selectFrom("nucleo_benchmark_rows as b")
          .select(sql`count(*)`.as("failed"))
          .whereRef("b.job_id", "=", "r.job_id")
          .where("b.status", "=", "failed")
          .as("failed_runs"),
    ]);
}

type SummaryRow = Awaited<
  ReturnType<ReturnType<typeof selectSummaries>["executeTakeFirstOrThrow"]>
>;

function toSummary(row: SummaryRow): BenchmarkReportSummary {
  return {
    jobId: row.job_id,
    rootId: row.root_id,
    racedJob: row.raced_job,
    grade: row.grade,
    times: row.times,
    startedAt: row.started_ms,
    finishedAt: row.finished_ms,
    runs: readCount(row.runs),
    failedRuns: readCount(row.failed_runs),
    judgeFailure: row.judge_failure,
    referenceFailure: row.reference_failure,
  };
}

/**
 * The recorded benchmarks, oldest first.
 *
 * @internal
 */
export async function readBenchmarkReports(
  db: Kysely<RecorderDatabase>,
  options: BenchmarkReportsOptions = {},
): Promise<BenchmarkReportSummary[]> {
  let query = selectSummaries(db);
  if (options.rootId !== undefined) query = query.where("r.root_id", "=", options.rootId);
  const rows = await query.orderBy("r.started_at").orderBy("r.job_id").execute();
  if (rows.length === 0 && options.rootId !== undefined)
    await requireWorkflow(db, options.rootId, "benchmarkReports");
  return rows.map(toSummary);
}

/**
 * One benchmark's report with its runs; `unknown_benchmark` naming the id when there is none.
 *
 * @internal
 */
export async function readBenchmarkReport(
  db: Kysely<RecorderDatabase>,
  jobId: string,
): Promise<BenchmarkReportDetail> {
  const summary = await selectSummaries(db)
    .select("r.report")
    .where("r.job_id", "=", jobId)
    .executeTakeFirst();
  if (summary === undefined) throw await unknownBenchmark(db, jobId);
  const rows = await db
    .selectFrom("nucleo_benchmark_rows")
    .selectAll()
    .where("job_id", "=", jobId)
    .orderBy("run")
    .execute();
  return {
    ...toSummary(summary),
    report: summary.report,
    rows: rows.map((row) => ({
      run: row.run,
      role: row.role,
      model: row.model,
      providerModel: row.provider_model,
      repeat: row.repeat,
      status: row.status,
      error: row.error,
      calls: row.calls,
      iterations: row.iterations,
      inputTokens: readCount(row.input_tokens),
      outputTokens: readCount(row.output_tokens),
      latencyMs: row.latency_ms,
      wallMs: row.wall_ms,
      cost: row.cost,
      judgeScore: row.judge_score,
      judgeReason: row.judge_reason,
      scorerScore: row.scorer_score,
    })),
  };
}

async function unknownBenchmark(
  db: Kysely<RecorderDatabase>,
  jobId: string,
): Promise<RecorderQueryError> {
  const job = await db
    .selectFrom("nucleo_jobs")
    .select("job_class")
    .where("id", "=", jobId)
    .executeTakeFirst();
  const id = JSON.stringify(jobId);
  const message =
    job === undefined
      ? `No benchmark report with job id ${id} is recorded (no job has that id).`
      : `Job ${id} (${job.job_class}) has no benchmark report recorded: it is not a benchmark, or has not finished.`;
  return new RecorderQueryError({
    code: "unknown_benchmark",
    query: "benchmarkReport",
    id: jobId,
    message,
  });
}
