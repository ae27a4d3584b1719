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
import { readJobContent, type JobContent } from "./job-content-query.js";
import { readModelCallTranscript, type ModelCallTranscript } from "./model-call-query.js";
import { guardQuery, requireId, requireSeq } from "./query-guard.js";
import type { Trajectory } from "./recorded-job.js";
import { readSeatSizing, type SeatSizingOptions, type SeatSizingRow } from "./seat-sizing-query.js";
import { readSubtreeCost, type SubtreeCost } from "./subtree-cost-query.js";
import { searchSaid, type SaidSearchHit, type SearchSaidOptions } from "./search-said-query.js";
import { readTrajectory } from "./trajectory-query.js";
import type { WorkflowTranscript } from "./workflow-transcript.js";
import { readWorkflowTranscript } from "./workflow-transcript-query.js";

/**
 * The recorder's read side: what ran, what it cost and what was said, as typed answers. Every
 * rollup is computed from the immutable model-call rows when asked (nothing keeps running
 * totals), costs are exact decimal text per currency, and every value reaches SQL as a bound
 * parameter. The same queries, as plain SQL for psql, are in the package's README.
 *
 * Errors: an id nothing is recorded under is a {@link RecorderQueryError} (`unknown_workflow`,
 * `unknown_job`, `unknown_benchmark`) naming it (`jobContent` and `modelCall` answer
 * `undefined` instead); a workflow too large for a transcript is `workflow_too_large`; a
 * malformed argument an `InvalidInputError` naming the parameter; a database failure a
 * `RecorderQueryError` (`recorder_query_failed`, or `recorder_not_migrated`) with the driver's
 * error on `cause`. The trajectory, cost, sizing and benchmark queries never read what was said
 * (the content tables); only `jobContent`, `modelCall`, `workflowTranscript` and `searchSaid`
 * do.
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

  /**
   * A job's input and output as recorded (see {@link JobContent}: `undefined` where nothing was
   * recorded, `null` for a recorded JSON null); `undefined` when no job with the id is recorded.
   */
  jobContent(jobId: string): Promise<JobContent | undefined> {
    return guardQuery("jobContent", () => readJobContent(this.#db, requireId(jobId, "jobId")));
  }

  /**
   * One model call by its job and event number (`seq`, as in `nucleo_model_calls`): its
   * metadata and, when content was recorded, its system text, messages in request order,
   * tools, tool choice, response format and answer (`content` is undefined otherwise).
   * `undefined` when no such call is recorded.
   */
  modelCall(jobId: string, seq: number): Promise<ModelCallTranscript | undefined> {
    return guardQuery("modelCall", () =>
      readModelCallTranscript(this.#db, requireId(jobId, "jobId"), requireSeq(seq, "seq")),
    );
  }

  /**
   * A workflow as a transcript, in trajectory order: each job with its input, output and
   * error, each model call with only what is new in its conversation (`priorMessages` counts
   * what was elided) and its answer. Three statements whatever the workflow's size; a
   * workflow past `TRANSCRIPT_LIMITS` is refused (`workflow_too_large`), an unknown one
   * is `unknown_workflow`. `formatTranscript` prints it.
   */
  workflowTranscript(rootId: string): Promise<WorkflowTranscript> {
    return guardQuery("workflowTranscript", () =>
      readWorkflowTranscript(this.#db, requireId(rootId, "rootId")),
    );
  }

  /**
   * The workflows in which something said (a message, a tool call or result, a job's input or
   * output) matches `query` (web-search syntax: words, `"a phrase"`, `-word`, `or`), newest
   * first, each with how many matches and a short snippet. An empty query is refused, naming
   * `query`.
   */
  searchSaid(query: string, options: SearchSaidOptions = {}): Promise<SaidSearchHit[]> {
    return guardQuery("searchSaid", () => searchSaid(this.#db, query, options));
  }
}
