import type { ColumnType, Generated } from "kysely";

/**
 * The recorder's tables as Kysely sees them. Column names follow the OpenTelemetry GenAI
 * conventions where one exists (`gen_ai.usage.input_tokens` → `input_tokens`,
 * `gen_ai.usage.cache_read.input_tokens` → `cache_read_input_tokens`, `gen_ai.response.model`
 * → `response_model`, ...), so an exporter is a mapping. Times are `timestamptz`; costs are
 * exact `numeric` with their currency; every rollup is computed when read, never kept.
 *
 * Text the writer records holds no NUL (U+0000) and no lone surrogate: PostgreSQL's `text` and
 * `jsonb` cannot hold NUL and UTF-8 cannot encode a lone surrogate, so each is stored, silently,
 * as U+FFFD — in `text` columns and in the strings and keys of `jsonb` ones alike
 * (`nucleo_conversations` and `nucleo_replay_checkpoints.output` excepted: the conversation
 * store and replay checkpoints keep their text exactly).
 */
export interface RecorderDatabase {
  nucleo_jobs: JobsTable;
  nucleo_model_calls: ModelCallsTable;
  nucleo_seats: SeatsTable;
  nucleo_tool_withholds: ToolWithholdsTable;
  nucleo_skill_admissions: SkillAdmissionsTable;
  nucleo_benchmark_reports: BenchmarkReportsTable;
  nucleo_benchmark_rows: BenchmarkRowsTable;
  nucleo_conversations: ConversationsTable;
  nucleo_entry_budgets: EntryBudgetsTable;
  nucleo_seat_bookings: SeatBookingsTable;
  nucleo_cost_attribution: CostAttributionTable;
  nucleo_job_content: JobContentTable;
  nucleo_messages: MessagesTable;
  nucleo_model_call_content: ModelCallContentTable;
  nucleo_thread_messages: ThreadMessagesTable;
  nucleo_replay_checkpoints: ReplayCheckpointsTable;
}

/** Timestamps read back as `Date`, written as `Date` or ISO text. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** `numeric` reads back as exact text (never a float). */
type Numeric = ColumnType<string, string, string>;
/**
 * `bigint` counters read back as decimal text on both engines (the recorder pins PGlite's
 * reading to `pg`'s, see `type-parsers.ts`); written as numbers.
 */
type Count = ColumnType<string, number, number>;

/** One job: mutable while it runs (status, times), written by upsert keyed on its id. */
export interface JobsTable {
  id: string;
  parent_id: string | null;
  root_id: string;
  /** Parent first, root last; GIN-indexed so a subtree needs no recursion. */
  ancestors: string[];
  job_class: string;
  job_name: string;
  /** `agent` (a thinker), `model_call` (a thinker's turn, `LLMCall`), or null for plain work (migration 0005). */
  role: string | null;
  kind: string;
  ordinal: number | null;
  /** `submitted`, `running`, `finished` or `failed`. */
  status: string;
  submitted_at: Timestamp | null;
  started_at: Timestamp | null;
  ended_at: Timestamp | null;
  attempts: number;
  /**
   * The highest event number (`seq`) applied to the row: status and times come from the
   * latest event, so events delivered twice or out of order leave it right.
   */
  last_seq: number;
  scope_axes: ColumnType<Record<string, string>, string, string>;
  read_only: boolean;
  error_code: string | null;
  error_message: string | null;
  /** Values the job published (`context.publish`), merged by key. */
  metadata: ColumnType<Record<string, unknown>, string, string>;
  /**
   * The job's place in a workflow submitted as resumable, the same in every attempt (`""` for
   * the root); null for a job of any other workflow (migration 0006).
   */
  position: string | null;
  /** The hash of what the job was asked, beside `position`; null outside resumable workflows. */
  fingerprint: string | null;
  /**
   * Set when the job did not run but returned an earlier attempt's recorded output: the id of
   * the job that produced that output.
   */
  replayed_from: string | null;
}

/** The token and cost columns a model call has, and its attribution rows sum, with the same names. */
export interface UsageColumns {
  input_tokens: Count;
  cache_read_input_tokens: Count;
  cache_creation_input_tokens: Count;
  output_tokens: Count;
  reasoning_output_tokens: Count;
  cost: Numeric;
}

/** One model call: immutable, keyed by the event's identity (job id, seq). */
export interface ModelCallsTable extends UsageColumns {
  /** Of `cache_creation_input_tokens`, those written for an hour (priced apart; migration 0008). */
  cache_creation_1h_input_tokens: ColumnType<string, number | undefined, number>;
  job_id: string;
  seq: number;
  root_id: string;
  ancestors: string[];
  job_class: string;
  at: Timestamp;
  /** `gen_ai.operation.name`: `chat`. */
  operation_name: string;
  /** `gen_ai.provider.name`, when the caller reported it. */
  provider_name: string | null;
  entry_id: string;
  /** `gen_ai.request.model`: the provider model the entry asks for, when reported. */
  request_model: string | null;
  /** `gen_ai.response.model`: the model the provider says answered. */
  response_model: string;
  grade: string | null;
  depth: string | null;
  currency: string;
  latency_ms: number;
  /** `gen_ai.response.finish_reasons` (one, normalised). */
  finish_reason: string;
  attempt: number;
  corrections: number;
}

/** One seat: reserved, then settled or released (upsert keyed on the seat id). */
export interface SeatsTable {
  seat_id: string;
  job_id: string;
  root_id: string;
  grade: string | null;
  entry_id: string | null;
  input_tokens: number;
  max_output_tokens: number;
  waited_ms: number;
  reserved_at: Timestamp;
  settled_at: Timestamp | null;
  outcome: string | null;
  used_input_tokens: number | null;
  used_output_tokens: number | null;
}

/** A tool kept from a thinker's palette (the read-only sweep). */
export interface ToolWithholdsTable {
  job_id: string;
  seq: number;
  root_id: string;
  at: Timestamp;
  tool: string;
  reason: string;
}

/** A skill admitted onto a conversation. */
export interface SkillAdmissionsTable {
  job_id: string;
  seq: number;
  root_id: string;
  at: Timestamp;
  skill: string;
}

/** A benchmark's report, as its job published it under `Benchmark.REPORT`. */
export interface BenchmarkReportsTable {
  job_id: string;
  root_id: string;
  raced_job: string;
  grade: string;
  times: number;
  started_at: Timestamp;
  finished_at: Timestamp;
  judge_failure: string | null;
  reference_failure: string | null;
  report: ColumnType<Record<string, unknown>, string, string>;
}

/** One run of a benchmark. */
export interface BenchmarkRowsTable {
  job_id: string;
  run: number;
  role: string;
  model: string;
  provider_model: string;
  repeat: number;
  status: string;
  error: string | null;
  calls: number;
  iterations: number;
  input_tokens: Count;
  output_tokens: Count;
  latency_ms: number;
  wall_ms: number;
  /** Exact cost per currency, as the report wrote it. */
  cost: ColumnType<Record<string, string>, string, string>;
  judge_score: number | null;
  judge_reason: string | null;
  scorer_score: number | null;
}

/** A durable conversation (the chat thinkers' store). */
export interface ConversationsTable {
  id: string;
  data: ColumnType<Record<string, unknown>, string, string>;
  version: Generated<number>;
  updated_at: Timestamp;
}

/**
 * One catalog entry of the shared admission: the row every booking, settlement and
 * cancellation on the entry locks first; its cooldown; the running totals of its booking rows
 * (kept by the functions of migration 0004 only, so a booking decides without summing the
 * window); and its pace (`PacingTerms` in `@nucleo/catalog`).
 */
export interface EntryBudgetsTable {
  entry_id: string;
  /** Epoch ms on the callers' clocks; `book` answers a wait until then. 0 when never cooled. */
  cooling_until: Generated<number>;
  /** How many booking rows the entry has: each is one request. */
  booked_requests: ColumnType<string, never, never>;
  /** The input tokens its booking rows hold. */
  booked_input_tokens: ColumnType<string, never, never>;
  /** The output tokens its booking rows hold. */
  booked_output_tokens: ColumnType<string, never, never>;
  /** Input plus output (a generated column). */
  booked_tokens: ColumnType<string, never, never>;
  /**
   * No booking row of the entry was booked before this (epoch ms; null: no bound yet): where the
   * functions' index scans over the entry's bookings start, past the entries of rows deleted.
   */
  booked_since: ColumnType<number | null, never, never>;
  /** The burst of the entry's pace (ms); null until a paced booking. */
  pace_burst_ms: ColumnType<number | null, never, never>;
  /** Each limit's maximum as the pace was made for it; null for a limit not declared. */
  pace_max_requests: ColumnType<string | null, never, never>;
  pace_max_tokens: ColumnType<string | null, never, never>;
  pace_max_input_tokens: ColumnType<string | null, never, never>;
  pace_max_output_tokens: ColumnType<string | null, never, never>;
  /** How many paces were made for the entry: a booking gives pace time back to its own only. */
  pace_epoch: ColumnType<string, never, never>;
  /** Each limit's pace time (epoch ms); null while that limit has not been paced. */
  requests_pace_at: ColumnType<number | null, never, never>;
  tokens_pace_at: ColumnType<number | null, never, never>;
  input_tokens_pace_at: ColumnType<number | null, never, never>;
  output_tokens_pace_at: ColumnType<number | null, never, never>;
  /**
   * The claim of the fleet's oldest seat the entry could not book yet (`FleetTurn` in
   * `@nucleo/catalog`): when that seat began to wait, until when the claim holds, and its
   * tokens. All null when there is none; a claim past its `claim_until` has lapsed.
   */
  claim_since: ColumnType<number | null, never, never>;
  claim_until: ColumnType<number | null, never, never>;
  claim_input_tokens: ColumnType<string | null, never, never>;
  claim_output_tokens: ColumnType<string | null, never, never>;
}

/**
 * One seat booked by the shared admission in the current rolling window. Rows older than the
 * window are deleted as the entry is booked again; a booking counts one request, and its input
 * and output tokens against the entry's token limits. Written only through the functions of
 * migration 0004 (a trigger refuses any other write), which keep the entry's totals.
 */
export interface SeatBookingsTable {
  /** An identity: unique across every process sharing the database; read back as decimal text. */
  id: ColumnType<string, never, never>;
  entry_id: string;
  /** Epoch ms on the booking process's clock. */
  booked_at: number;
  /** The prompt tokens booked, or reported once settled. */
  input_tokens: Count;
  /** The output budget booked, or the output reported once settled. */
  output_tokens: Count;
  /** True once the call's real usage replaced the amounts booked. */
  settled: Generated<boolean>;
  /** The entry's pace epoch it was booked on; null when booked without pacing. */
  pace_epoch: ColumnType<string | null, never, never>;
  /** The window it was booked with, which its pace time was reckoned in; null when not paced. */
  pace_window_ms: ColumnType<number | null, never, never>;
}

/**
 * What one statement writing model calls added below one ancestor, in one currency (migration
 * 0002): the calls, tokens and exact cost of the calls it inserted under that ancestor, or the
 * negation of those it deleted. Appended by a trigger on `nucleo_model_calls`, never updated,
 * so "everything below job X" is one index range (`ancestor_id = X`), summed when read.
 */
export interface CostAttributionTable extends UsageColumns {
  ancestor_id: string;
  currency: string;
  calls: Count;
}

/**
 * A job's input (first attempt) and output as the content policy kept them (migration 0005).
 * `search` is generated: a full-text vector (`simple` configuration) over their strings.
 */
export interface JobContentTable {
  job_id: string;
  root_id: string;
  input: ColumnType<unknown, string | null, string | null> | null;
  output: ColumnType<unknown, string | null, string | null> | null;
  /**
   * The output repeats a model call's response (an `LLMCall`'s): kept whole, left out of
   * `search`, since `nucleo_messages` already indexes the response.
   */
  output_repeats_call: ColumnType<boolean, boolean | undefined, boolean>;
  search: Generated<string>;
}

/**
 * One message of a workflow, stored once: keyed by the workflow and the hash of what was kept
 * (`role` and `parts`). `role` is `system`, `user` or `assistant`; `parts` is a JSON array of
 * said parts. `search` is generated over the parts' text.
 */
export interface MessagesTable {
  root_id: string;
  hash: string;
  role: string;
  parts: ColumnType<unknown, string, string>;
  search: Generated<string>;
}

/**
 * A model call's request and response as references into `nucleo_messages` of the same
 * workflow: the system text's hash, the request's messages as the first `message_count`
 * positions of `thread` (null when it had none), the response's hash.
 */
export interface ModelCallContentTable {
  job_id: string;
  seq: number;
  root_id: string;
  system_hash: string | null;
  thread: string | null;
  message_count: number;
  response_hash: string;
  tools: ColumnType<string[], string[], string[]>;
  tool_choice: string | null;
  response_format: ColumnType<unknown, string | null, string | null> | null;
}

/**
 * A conversation's messages in the order a model saw them, each position once (migration
 * 0005). A thread is named by the first call that started it (`<job id>:<seq>`).
 */
export interface ThreadMessagesTable {
  root_id: string;
  thread: string;
  position: number;
  hash: string;
}

/**
 * A finished job of a resumable workflow with its output exactly as it returned it (migration
 * 0006): what a later attempt of the workflow returns instead of running the job again, when
 * its position and fingerprint match. One row per attempt (`root_id`) and position, written in
 * the transaction that records the job's finish. `job_id` is the job that produced the output
 * (for a job that was itself replayed, the one it replayed). `output` is the output as JSON,
 * or — when `jsonb` cannot hold it as it is (a NUL, a lone surrogate, no value at all) — its
 * JSON text under `{"nucleo:json": …}` (`ReplayCheckpoints` reads either back).
 */
export interface ReplayCheckpointsTable {
  root_id: string;
  position: string;
  fingerprint: string;
  job_id: string;
  output: ColumnType<unknown, string, string>;
}
