import { describeIssue, type RunEvent } from "@nucleo/core";
import type { Insertable } from "kysely";
import type {
  BenchmarkReportsTable,
  BenchmarkRowsTable,
  ModelCallsTable,
  SeatsTable,
  SkillAdmissionsTable,
  ToolWithholdsTable,
} from "../schema/database.js";
import { BENCHMARK_REPORT_KEY, BenchmarkReportSchema } from "./benchmark-report-schema.js";
import {
  count,
  decimalText,
  int4,
  jsonText,
  MalformedField,
  millis,
  optionalText,
  text,
  timestamp,
} from "./column-values.js";
import { JobRowBuilder, readIds, readSubmission, type JobRow } from "./job-row-builder.js";
import { RecorderWriteError } from "./recorder-write-error.js";
import { NOTHING_SAID, type SaidContent, type SaidRows } from "./said-content.js";

type Row<TTable> = Required<Insertable<TTable>>;

/** Everything one batch writes, table by table, each row once. @internal */
export interface BatchRows extends SaidRows {
  readonly jobs: readonly JobRow[];
  readonly modelCalls: readonly Row<ModelCallsTable>[];
  /** Seats whose reservation is in the batch (with their settlement, when it is too). */
  readonly seatReservations: readonly Row<SeatsTable>[];
  /** Seats whose settlement alone is in the batch. */
  readonly seatSettlements: readonly Row<SeatsTable>[];
  readonly toolWithholds: readonly Row<ToolWithholdsTable>[];
  readonly skillAdmissions: readonly Row<SkillAdmissionsTable>[];
  readonly benchmarkReports: readonly Row<BenchmarkReportsTable>[];
  readonly benchmarkRows: readonly Row<BenchmarkRowsTable>[];
}

interface Settlement {
  readonly seq: number;
  readonly jobId: string;
  readonly rootId: string;
  readonly settledAt: string;
  readonly outcome: string;
  readonly usedInputTokens: number | null;
  readonly usedOutputTokens: number | null;
}

/**
 * Turns a batch of events into rows: a job's events coalesced into one row, everything keyed
 * by the event's identity (job id, seq) or the seat's id deduplicated, so a statement never
 * touches a row twice. An event that cannot be written is left out and reported in `problems`.
 * With `said` (a policy that keeps content), what the events said is kept too (see
 * `SaidBatch`); what of it cannot be read is reported, and the event is written without it.
 *
 * @internal
 */
export function buildBatchRows(
  events: readonly RunEvent[],
  said?: SaidContent,
): {
  readonly rows: BatchRows;
  readonly problems: readonly RecorderWriteError[];
} {
  const jobs = new Map<string, JobRowBuilder>();
  const modelCalls = new Map<string, Row<ModelCallsTable>>();
  const reservations = new Map<string, Row<SeatsTable>>();
  const settlements = new Map<string, Settlement>();
  const toolWithholds = new Map<string, Row<ToolWithholdsTable>>();
  const skillAdmissions = new Map<string, Row<SkillAdmissionsTable>>();
  const reports = new Map<
    string,
    {
      readonly seq: number;
      readonly report: Row<BenchmarkReportsTable>;
      readonly rows: Row<BenchmarkRowsTable>[];
    }
  >();
  const problems: RecorderWriteError[] = [];
  const saidRows = said?.batch();

  for (const event of events) {
    try {
      const jobId = text(event.jobId, "jobId");
      const rootId = text(event.rootId, "rootId");
      const parentId = optionalText(event.parentId, "parentId");
      const seq = int4(event.seq, "seq");
      const at = timestamp(event.at, "at");
      const key = `${seq}:${jobId}`;
      // Each case reads (and checks) everything before keeping anything, so a malformed event leaves no trace.
      let apply: (job: JobRowBuilder) => void;
      switch (event.type) {
        case "job.submitted": {
          const submission = readSubmission(event, at);
          apply = (job) => job.submitted(seq, submission);
          break;
        }
        case "job.started": {
          const attempt = int4(event.attempt, "attempt");
          apply = (job) => job.started(seq, at, attempt);
          break;
        }
        case "job.finished":
          apply = (job) => job.ended(seq, at, null);
          break;
        case "job.failed": {
          const error = {
            code: text(event.error?.code, "error.code"),
            message: text(event.error?.message, "error.message"),
          };
          apply = (job) => job.ended(seq, at, error);
          break;
        }
        case "job.published": {
          const name = text(event.key, "key");
          const keyJson = jsonText(name);
          const valueJson = jsonText(event.value);
          const report =
            name === BENCHMARK_REPORT_KEY
              ? readReport(event.value, valueJson, { jobId, rootId, seq }, problems)
              : undefined;
          if (report !== undefined) {
            const previous = reports.get(jobId);
            if (previous === undefined || previous.seq < seq)
              reports.set(jobId, { seq, ...report });
          }
          apply = (job) => job.published(seq, keyJson, valueJson);
          break;
        }
        case "llm.call": {
          const row = modelCallRow(event, jobId, seq, rootId, at);
          modelCalls.set(key, row);
          apply = (job) => job.called(row.ancestors, row.job_class);
          break;
        }
        case "seat.reserved": {
          const seatId = text(event.seatId, "seatId");
          reservations.set(seatId, {
            seat_id: seatId,
            job_id: jobId,
            root_id: rootId,
            grade: optionalText(event.grade, "grade"),
            entry_id: optionalText(event.entryId, "entryId"),
            input_tokens: int4(event.inputTokens, "inputTokens"),
            max_output_tokens: int4(event.maxOutputTokens, "maxOutputTokens"),
            waited_ms: millis(event.waitedMs, "waitedMs"),
            reserved_at: at,
            settled_at: null,
            outcome: null,
            used_input_tokens: null,
            used_output_tokens: null,
          });
          apply = noChange;
          break;
        }
        case "seat.settled": {
          const seatId = text(event.seatId, "seatId");
          const usage = event.usage ?? null;
          const settlement: Settlement = {
            seq,
            jobId,
            rootId,
            settledAt: at,
            outcome: text(event.outcome, "outcome"),
            usedInputTokens: usage === null ? null : int4(usage.inputTokens, "usage.inputTokens"),
            usedOutputTokens:
              usage === null ? null : int4(usage.outputTokens, "usage.outputTokens"),
          };
          settlements.set(seatId, settlement);
          apply = noChange;
          break;
        }
        case "tool.withheld":
          toolWithholds.set(key, {
            job_id: jobId,
            seq,
            root_id: rootId,
            at,
            tool: text(event.tool, "tool"),
            reason: text(event.reason, "reason"),
          });
          apply = noChange;
          break;
        case "skill.admitted":
          skillAdmissions.set(key, {
            job_id: jobId,
            seq,
            root_id: rootId,
            at,
            skill: text(event.skill, "skill"),
          });
          apply = noChange;
          break;
        default:
          // `job.retrying`, and kinds a newer core may add: the job exists, nothing more to keep.
          apply = noChange;
      }
      let job = jobs.get(jobId);
      if (job === undefined) jobs.set(jobId, (job = new JobRowBuilder(jobId, rootId, parentId)));
      else job.touch(parentId);
      apply(job);
      const unreadable = saidRows?.take(event, jobId, rootId, seq);
      if (unreadable !== undefined) problems.push(unreadable);
    } catch (error) {
      // Whatever an event holds, it is reported and left out: a batch that cannot be built
      // would otherwise be retried for ever.
      problems.push(rejected(event, error));
    }
  }

  return {
    rows: {
      jobs: [...jobs.values()].map((job) => job.row()),
      modelCalls: [...modelCalls.values()],
      seatReservations: [...reservations.values()].map((seat) =>
        withSettlement(seat, settlements.get(seat.seat_id)),
      ),
      seatSettlements: [...settlements]
        .filter(([seatId]) => !reservations.has(seatId))
        .map(([seatId, settlement]) => settlementOnly(seatId, settlement)),
      toolWithholds: [...toolWithholds.values()],
      skillAdmissions: [...skillAdmissions.values()],
      benchmarkReports: [...reports.values()].map((entry) => entry.report),
      benchmarkRows: [...reports.values()].flatMap((entry) => entry.rows),
      ...(saidRows?.rows() ?? NOTHING_SAID),
    },
    problems,
  };
}

function noChange(): void {}

function modelCallRow(
  event: Extract<RunEvent, { type: "llm.call" }>,
  jobId: string,
  seq: number,
  rootId: string,
  at: string,
): Row<ModelCallsTable> {
  const usage = event.usage ?? ({} as Partial<typeof event.usage>);
  return {
    job_id: jobId,
    seq,
    root_id: rootId,
    ancestors: readIds(event.ancestors, "ancestors"),
    job_class: text(event.jobClass, "jobClass"),
    at,
    operation_name: "chat",
    provider_name: optionalText(event.provider, "provider"),
    entry_id: text(event.entryId, "entryId"),
    request_model: optionalText(event.requestModel, "requestModel"),
    response_model: text(event.providerModel, "providerModel"),
    grade: optionalText(event.grade, "grade"),
    depth: optionalText(event.depth, "depth"),
    input_tokens: count(usage.inputTokens, "usage.inputTokens"),
    cache_read_input_tokens: count(usage.cachedInputTokens, "usage.cachedInputTokens"),
    cache_creation_input_tokens: count(usage.cacheWriteTokens, "usage.cacheWriteTokens"),
    cache_creation_1h_input_tokens: count(usage.cacheWrite1hTokens, "usage.cacheWrite1hTokens"),
    output_tokens: count(usage.outputTokens, "usage.outputTokens"),
    reasoning_output_tokens: count(usage.reasoningTokens, "usage.reasoningTokens"),
    cost: decimalText(event.cost, "cost"),
    currency: text(event.currency, "currency"),
    latency_ms: millis(event.latencyMs, "latencyMs"),
    finish_reason: text(event.stopReason, "stopReason"),
    attempt: int4(event.attempt, "attempt"),
    corrections: int4(event.corrections ?? 0, "corrections"),
  };
}

function withSettlement(
  seat: Row<SeatsTable>,
  settlement: Settlement | undefined,
): Row<SeatsTable> {
  if (settlement === undefined) return seat;
  return {
    ...seat,
    settled_at: settlement.settledAt,
    outcome: settlement.outcome,
    used_input_tokens: settlement.usedInputTokens,
    used_output_tokens: settlement.usedOutputTokens,
  };
}

/** A settlement whose reservation is not in the batch: the reservation's columns hold placeholders until it comes. */
function settlementOnly(seatId: string, settlement: Settlement): Row<SeatsTable> {
  return {
    seat_id: seatId,
    job_id: settlement.jobId,
    root_id: settlement.rootId,
    grade: null,
    entry_id: null,
    input_tokens: 0,
    max_output_tokens: 0,
    waited_ms: 0,
    reserved_at: settlement.settledAt,
    settled_at: settlement.settledAt,
    outcome: settlement.outcome,
    used_input_tokens: settlement.usedInputTokens,
    used_output_tokens: settlement.usedOutputTokens,
  };
}

/** A published benchmark report as rows, or `undefined` (and a problem) when it does not read as one. */
function readReport(
  value: unknown,
  json: string,
  { jobId, rootId, seq }: { jobId: string; rootId: string; seq: number },
  problems: RecorderWriteError[],
) {
  const parsed = BenchmarkReportSchema.safeParse(value);
  if (!parsed.success) {
    const { path, expected } = describeIssue(parsed.error.issues[0]!);
    const where = path === "(input)" ? "" : ` at ${path}`;
    problems.push(
      new RecorderWriteError({
        code: "recorder_report_unreadable",
        jobId,
        seq,
        message: `Job ${jobId} published "${BENCHMARK_REPORT_KEY}" (event ${seq}), but it does not read as a benchmark report${where}: expected ${expected}. It is kept in the job's metadata only.`,
      }),
    );
    return undefined;
  }
  const report = parsed.data;
  try {
    return {
      report: {
        job_id: jobId,
        root_id: rootId,
        raced_job: text(report.job, "job"),
        grade: text(report.grade, "grade"),
        times: int4(report.times, "times"),
        started_at: report.startedAt,
        finished_at: report.finishedAt,
        judge_failure: optionalText(report.judgeFailure, "judgeFailure"),
        reference_failure: optionalText(report.referenceFailure, "referenceFailure"),
        report: json,
      },
      // A run appears once: the upsert may not touch a row twice in one statement.
      rows: [...new Map(report.rows.map((row, index) => [row.run, { row, index }])).values()].map(
        ({ row, index }) => ({
          job_id: jobId,
          run: int4(row.run, `rows[${index}].run`),
          role: text(row.role, "role"),
          model: text(row.model, "model"),
          provider_model: text(row.providerModel, "providerModel"),
          repeat: int4(row.repeat, `rows[${index}].repeat`),
          status: text(row.status, "status"),
          error: optionalText(row.error, "error"),
          calls: int4(row.calls, `rows[${index}].calls`),
          iterations: int4(row.iterations, `rows[${index}].iterations`),
          input_tokens: count(row.tokens.input, `rows[${index}].tokens.input`),
          output_tokens: count(row.tokens.output, `rows[${index}].tokens.output`),
          latency_ms: millis(row.latencyMs, `rows[${index}].latencyMs`),
          wall_ms: millis(row.wallMs, `rows[${index}].wallMs`),
          cost: jsonText(row.cost),
          judge_score: row.judge?.score ?? null,
          judge_reason: optionalText(row.judge?.reason, "judge.reason"),
          scorer_score: row.scorer,
        }),
      ),
    };
  } catch (error) {
    if (!(error instanceof MalformedField)) throw error;
    problems.push(
      new RecorderWriteError({
        code: "recorder_report_unreadable",
        jobId,
        seq,
        message: `Job ${jobId} published a benchmark report (event ${seq}) whose ${error.message}. It is kept in the job's metadata only.`,
      }),
    );
    return undefined;
  }
}

function rejected(event: RunEvent, error: unknown): RecorderWriteError {
  const record = (typeof event === "object" && event !== null ? event : {}) as Partial<
    Record<string, unknown>
  >;
  const jobId = typeof record.jobId === "string" ? record.jobId : undefined;
  const seq = typeof record.seq === "number" ? record.seq : undefined;
  const which = `${typeof record.type === "string" ? record.type : "unknown"} event ${seq ?? "?"} of job ${jobId ?? "?"}`;
  const why =
    error instanceof MalformedField
      ? `its ${error.message}`
      : `it could not be read (${error instanceof Error ? error.name : typeof error})`;
  return new RecorderWriteError({
    code: "recorder_event_rejected",
    jobId,
    seq,
    message: `The recorder left out the ${which}: ${why}.`,
  });
}
