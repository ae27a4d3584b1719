import type { Kysely } from "kysely";
import type { RecorderDatabase } from "../schema/database.js";
import {
  DEFAULT_ADMISSION_WINDOW_MS,
  readAdmissionHeadroom,
  type EntryHeadroom,
} from "./admission-headroom-query.js";
import {
  readBenchmarkReport,
  readBenchmarkReports,
  type BenchmarkReportDetail,
  type BenchmarkReportsOptions,
  type BenchmarkReportSummary,
} from "./benchmark-report-query.js";
import { readCostLedger, type CostLedgerOptions, type CostLedgerRow } from "./cost-ledger-query.js";
import { readJobContent, type JobContent } from "./job-content-query.js";
import { readJobModelCalls } from "./job-model-calls-query.js";
import { readModelCallTranscript, type ModelCallTranscript } from "./model-call-query.js";
import type { RecordedModelCall } from "./model-call-rows.js";
import { guardQuery, requireId, requireSeq } from "./query-guard.js";
import type { Trajectory } from "./recorded-job.js";
import { readSeatSizing, type SeatSizingOptions, type SeatSizingRow } from "./seat-sizing-query.js";
import { readSubtreeCost, type SubtreeCost } from "./subtree-cost-query.js";
import { searchSaid, type SaidSearchHit, type SearchSaidOptions } from "./search-said-query.js";
import { readTrajectory } from "./trajectory-query.js";
import type { WorkflowTranscript } from "./workflow-transcript.js";
import { readWorkflowTranscript } from "./workflow-transcript-query.js";
import type { WorkflowListOptions } from "./workflow-list-options.js";
import { readWorkflows, type WorkflowPage } from "./workflow-list-query.js";

/**
 * The recorder's read side: what ran, what it cost and what was said, as typed answers. Every
 * rollup is computed from the immutable model-call rows when asked (nothing keeps running
 * totals), costs are exact decimal text per currency, and every value reaches SQL as a bound
 * parameter. The same queries, as plain SQL for psql, are in the package's README.
 *
 * Errors: an id nothing is recorded under is a {@link RecorderQueryError} (`unknown_workflow`,
 * `unknown_job`, `unknown_benchmark`) naming it (`jobContent` and `modelCall` answer
 * `undefined` instead, `modelCalls` answers `[]`); a workflow too large for a transcript is `workflow_too_large`; a
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

  /**
   * The recorded workflows (root jobs), newest submission first, then by id (descending, byte
   * order); workflows whose submission is not recorded yet come last. One page at a time:
   * hand the page's `next` back as `cursor` for the page after it (keyset paging, so a page
   * costs the same however deep, and workflows submitted meanwhile never shift later pages).
   * Filters combine: `status`, `workflow` (the root's name), `tenant`, a submission range
   * (`from` ≤ submitted < `to`), `model` (a catalog entry that served one of its calls) and
   * cost bounds (`minCost`, `maxCost`, inclusive, in `currency`). Each row carries the
   * workflow's exact cost per currency. A bad option is an `InvalidInputError` naming it
   * (`cursor`, `limit`, `status`, `minCost`, `currency`, ...).
   */
  workflows(options: WorkflowListOptions = {}): Promise<WorkflowPage> {
    return guardQuery("workflows", () => readWorkflows(this.#db, options));
  }

  /** Calls, tokens and exact cost per currency of a job and all its descendants (`unknown_job` if not recorded). */
  subtreeCost(jobId: string): Promise<SubtreeCost> {
    return guardQuery("subtreeCost", () => readSubtreeCost(this.#db, requireId(jobId, "jobId")));
  }

  /**
   * A cost ledger: one row per group (workflow, job class, model, UTC day or tenant) and currency,
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
   * A job's model calls in the order it made them (`seq`): metadata only (entry, models,
   * tokens, exact cost, latency, finish reason, attempt), never what was said (`modelCall`
   * reads that). `[]` for a job without calls and for an id no job is recorded under.
   */
  modelCalls(jobId: string): Promise<RecordedModelCall[]> {
    return guardQuery("modelCalls", () => readJobModelCalls(this.#db, requireId(jobId, "jobId")));
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

  /**
   * What the shared admission (`PostgresBudgetStore`, every process booking on this database)
   * holds at `now` (epoch ms), per catalog entry that has a booking in the window of
   * `windowMs` ending at `now` (default {@link DEFAULT_ADMISSION_WINDOW_MS}, the admission's
   * at its default guard band), a cooldown or a waiting seat's live claim: the requests and
   * tokens booked, counted as the store counts them when it books; the cooldown's end; and the
   * claim of the fleet's oldest waiting seat. Only what the database holds: each process's own
   * queue of seats waiting behind that one is in its memory, not visible here. An entry holding
   * none of these is not listed; its limits are the catalog's, not the database's.
   *
   * A read, so it lives here rather than on `PostgresBudgetStore`: a console reads it beside
   * the other queries, through the same errors, without a store (whose settlement queue and
   * booking functions it would never use). A `now` or `windowMs` that is not a finite number
   * (a window above 0) is an `InvalidInputError` naming it.
   */
  admissionHeadroom(
    now: number,
    windowMs: number = DEFAULT_ADMISSION_WINDOW_MS,
  ): Promise<EntryHeadroom[]> {
    return guardQuery("admissionHeadroom", () => readAdmissionHeadroom(this.#db, now, windowMs));
  }
}
