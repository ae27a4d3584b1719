import type { Kysely } from "kysely";
import type { RecorderDatabase } from "../schema/database.js";
import {
  readBenchmarkReport,
  readBenchmarkReports,
  type BenchmarkReportDetail,
  type BenchmarkReportsOptions,
  type BenchmarkReportSummary,
} from "./benchmark-report-query.js";
import { readCostLedger, type CostLedgerOptions, type CostLedgerRow } from "./cost-ledger-query.js";
import { guardQuery, requireId } from "./query-guard.js";
import type { Trajectory } from "./recorded-job.js";
import { readSeatSizing, type SeatSizingOptions, type SeatSizingRow } from "./seat-sizing-query.js";
import { readSubtreeCost, type SubtreeCost } from "./subtree-cost-query.js";
import { readTrajectory } from "./trajectory-query.js";

/**
 * The recorder's read side: what ran and what it cost, as typed answers. Every rollup is
 * computed from the immutable model-call rows when asked (nothing keeps running totals), costs
 * are exact decimal text per currency, and every value reaches SQL as a bound parameter.
 * The same queries, as plain SQL for psql, are in the package's README.
 *
 * Errors: an id nothing is recorded under is a {@link RecorderQueryError} (`unknown_workflow`,
 * `unknown_job`, `unknown_benchmark`) naming it; a malformed argument an `InvalidInputError`
 * naming the parameter; a database failure a `RecorderQueryError` (`recorder_query_failed`,
 * or `recorder_not_migrated`) with the driver's error on `cause`.
 *
 * @example
 * const { db, close } = await openRecorderDatabase({ url: process.env.DATABASE_URL });
 * const queries = new RecorderQueries(db);
 * const { root } = await queries.trajectory(rootId);
 * walkTrajectory(root, (node, depth) => console.log("  ".repeat(depth), node.job.jobName, node.job.cost.subtree.cost));
 * console.table(await queries.costLedger({ by: "model" }));
 * await close();
 */
export class RecorderQueries {
  readonly #db: Kysely<RecorderDatabase>;

  constructor(db: Kysely<RecorderDatabase>) {
    this.#db = db;
  }

  /**
   * A workflow's trajectory: its jobs as a tree (children by ordinal, then start time,
   * unstamped last), each with status, times, class, name, error, and its own and its
   * subtree's cost. Refused with `unknown_workflow` when `rootId` is not a recorded root job.
   */
  trajectory(rootId: string): Promise<Trajectory> {
    return guardQuery("trajectory", () => readTrajectory(this.#db, requireId(rootId, "rootId")));
  }

  /** Calls, tokens and exact cost per currency of a job and all its descendants (`unknown_job` if not recorded). */
  subtreeCost(jobId: string): Promise<SubtreeCost> {
    return guardQuery("subtreeCost", () => readSubtreeCost(this.#db, requireId(jobId, "jobId")));
  }

  /**
   * A cost ledger: one row per group (workflow, job class, model or UTC day) and currency,
   * with calls, tokens and the exact cost; optionally for one workflow, a time range, a currency.
   */
  costLedger(options: CostLedgerOptions): Promise<CostLedgerRow[]> {
    return guardQuery("costLedger", () => readCostLedger(this.#db, options));
  }

  /** Seat sizing per job class: output tokens (max, p95), `max_tokens` stops and the rung to book. */
  seatSizing(options: SeatSizingOptions = {}): Promise<SeatSizingRow[]> {
    return guardQuery("seatSizing", () => readSeatSizing(this.#db, options));
  }

  /** The recorded benchmark reports, oldest first, optionally those of one workflow. */
  benchmarkReports(options: BenchmarkReportsOptions = {}): Promise<BenchmarkReportSummary[]> {
    return guardQuery("benchmarkReports", () =>
      readBenchmarkReports(
        this.#db,
        options.rootId === undefined ? {} : { rootId: requireId(options.rootId, "rootId") },
      ),
    );
  }

  /** One benchmark's report with its runs in run order (`unknown_benchmark` when there is none). */
  benchmarkReport(jobId: string): Promise<BenchmarkReportDetail> {
    return guardQuery("benchmarkReport", () =>
      readBenchmarkReport(this.#db, requireId(jobId, "jobId")),
    );
  }
}
