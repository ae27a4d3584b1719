/**
 * The admin API's answers for the costs, benchmarks, models and fleet pages (the rest of the
 * contract is in `contract.ts`, which re-exports these).
 *
 * @packageDocumentation
 */
import type { Money, Tokens } from "./contract.js";

/** How the costs page groups. */
export type CostGrouping = "workflow" | "jobClass" | "model" | "tenant" | "day";

/** `GET /api/costs` query parameters. */
export interface CostsQuery {
  /** Required. */
  readonly by: CostGrouping;
  readonly from?: string;
  readonly to?: string;
  readonly currency?: string;
}

/** One ledger row: a group in one currency. */
export interface CostRow {
  readonly key: string;
  readonly currency: string;
  readonly calls: number;
  readonly tokens: Tokens;
  /** Exact decimal text. */
  readonly cost: string;
}

/** One benchmark report in the list. */
export interface BenchmarkSummary {
  readonly jobId: string;
  readonly rootId: string;
  readonly racedJob: string;
  readonly grade: string;
  readonly times: number;
  readonly startedAt: number;
  readonly finishedAt: number;
  /** Runs recorded (the reference's included), and how many failed. */
  readonly runs: number;
  readonly failedRuns: number;
  readonly judgeFailure: string | null;
  readonly referenceFailure: string | null;
}

/** One run of a benchmark: a model's try. */
export interface BenchmarkRun {
  readonly run: number;
  readonly role: string;
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
  readonly cost: Money;
  readonly judgeScore: number | null;
  readonly judgeReason: string | null;
  readonly scorerScore: number | null;
}

/** `GET /api/benchmarks/:jobId`. */
export interface BenchmarkDetail extends BenchmarkSummary {
  readonly rows: readonly BenchmarkRun[];
}

/** A catalog entry's limits and this window's bookings against them. */
export interface ModelView {
  readonly id: string;
  readonly provider: string;
  readonly model: string;
  readonly grade: string;
  readonly currency: string;
  /** Price per million tokens, decimal text, by token kind (`input`, `output`, `cacheRead`, ...). */
  readonly prices: Readonly<Record<string, string>>;
  /** The entry's limits per minute; null where it has none of that kind. */
  readonly limits: {
    readonly requestsPerMinute: number | null;
    readonly tokensPerMinute: number | null;
    readonly inputTokensPerMinute: number | null;
    readonly outputTokensPerMinute: number | null;
  };
  /**
   * Live, from the shared admission (what every worker sharing the database booked in the
   * window ending now); null when the console has no shared admission to read.
   */
  readonly headroom: {
    readonly bookedInputTokens: number;
    readonly bookedOutputTokens: number;
    readonly bookedRequests: number;
    /** A seat the fleet could not book yet and holds its turn for (the oldest waiting one), if any. */
    readonly waiting: {
      readonly since: number;
      readonly inputTokens: number;
      readonly outputTokens: number;
    } | null;
    readonly coolingUntil: number | null;
  } | null;
}

/** Seat sizing of a job class, from recorded calls. */
export interface SeatSizingView {
  readonly jobClass: string;
  readonly calls: number;
  readonly maxOutputTokens: number;
  readonly p95OutputTokens: number;
  readonly maxTokensStops: number;
  /** The output rung to book (`VERDICT` … `MAX`). */
  readonly recommendedRung: string;
}

/** `GET /api/models`. */
export interface ModelsView {
  readonly models: readonly ModelView[];
  readonly seatSizing: readonly SeatSizingView[];
  /** When the headroom was read. */
  readonly at: number;
}

/** How many workflows the queue holds in each state. */
export interface QueueCounts {
  readonly queued: number;
  readonly running: number;
  readonly retrying: number;
  readonly finished: number;
  readonly failed: number;
  readonly cancelled: number;
  readonly deadLetters: number;
}

/** A worker serving the queue, as its last heartbeat left it. */
export interface WorkerView {
  readonly id: string;
  readonly host: string;
  readonly pid: number;
  readonly concurrency: number;
  readonly startedAt: number;
  readonly lastHeartbeatAt: number;
}

/** A workflow the operator can submit, with its input's JSON Schema (the form is built from it). */
export interface SubmittableWorkflow {
  readonly name: string;
  readonly description: string;
  readonly inputSchema: unknown;
  /** An input that runs, to start the form from. */
  readonly exampleInput?: unknown;
}

/** A queued, running or ended workflow, as the queue knows it. */
export interface QueuedWorkflow {
  readonly id: string;
  readonly workflow: string;
  readonly tenant: string | null;
  readonly state: "queued" | "retrying" | "running" | "finished" | "cancelled" | "failed";
  readonly attempts: number;
  readonly createdAt: number;
  readonly startedAt: number | null;
  readonly endedAt: number | null;
}

/** A dead letter. */
export interface DeadLetterView {
  readonly id: string;
  readonly workflow: string;
  readonly tenant: string | null;
  readonly error: { readonly code: string; readonly message: string };
  readonly attempts: number;
  readonly deadLetteredAt: number;
}

/** A cron schedule. */
export interface ScheduleView {
  readonly workflow: string;
  readonly key: string;
  readonly cron: string;
  readonly timezone: string;
  readonly tenant: string | null;
}

/** `GET /api/fleet`: null parts when the console runs without a fleet queue. */
export interface FleetView {
  readonly counts: QueueCounts | null;
  readonly workers: readonly WorkerView[];
  readonly recent: readonly QueuedWorkflow[];
  readonly deadLetters: readonly DeadLetterView[];
  readonly schedules: readonly ScheduleView[];
  readonly workflows: readonly SubmittableWorkflow[];
}

/** `POST /api/fleet/submit`. */
export interface SubmitRequest {
  readonly workflow: string;
  readonly input: unknown;
  readonly tenant?: string;
  /** An idempotency key: the same key is the same workflow. */
  readonly key?: string;
}

/** The id the workflow was queued under (also its run's root id). */
export interface SubmitAnswer {
  readonly id: string;
}

/** Whether the action changed anything (false: it was already ended, or not there). */
export interface DoneAnswer {
  readonly done: boolean;
}
