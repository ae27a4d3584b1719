import type { Kysely } from "kysely";
import type { RecorderDatabase } from "../../schema/database.js";
import { seedRows, type SeedCall, type SeedJob } from "./seed-rows.js";

const at = (seconds: number): string =>
  new Date(Date.UTC(2025, 0, 6, 10, 0, seconds)).toISOString();

/**
 * Two workflows, a seat-sizing class and a benchmark, shaped to pin every ordering and money
 * rule the queries promise:
 *
 * - `wf-1` (ResearchWorkflow): children `b` (ordinal 1, started late), `a` (ordinal 2), the
 *   parallel siblings `p2` and `p1` (both ordinal 3, `p2` started first) and `raw` (no ordinal,
 *   started first of all: still last). Under `a` and `b` each a child with ordinal 1 (ordinals
 *   are per parent). Costs in USD and EUR, summing 0.1 + 0.2 exactly, and a 10^-18 dollar call.
 * - `wf-2` (ReportWorkflow): a root and one child, on another day, with another model.
 * - `Summarize` calls (in `wf-2`) with outputs 8, 16, ..., 800 tokens: p95 (percentile_disc) 760,
 *   and three `max_tokens` stops; `Condense` (job `a1`), one answer of 900 tokens: COMPACT, as
 *   900 fits VERDICT's 1,024 only without the headroom.
 */
export const EXAMPLE_JOBS: readonly SeedJob[] = [
  {
    id: "wf-1",
    jobClass: "ResearchWorkflow",
    jobName: "research",
    kind: "doer",
    submittedAt: at(0),
    startedAt: at(0),
    endedAt: at(30),
  },
  {
    id: "raw",
    parentId: "wf-1",
    ordinal: null,
    jobClass: "Lookup",
    jobName: "lookup raw",
    startedAt: at(1),
    endedAt: at(2),
  },
  {
    id: "a",
    parentId: "wf-1",
    ordinal: 2,
    jobClass: "Search",
    jobName: "search",
    kind: "thinker",
    startedAt: at(5),
    endedAt: at(8),
  },
  {
    id: "b",
    parentId: "wf-1",
    ordinal: 1,
    jobClass: "Plan",
    jobName: "plan",
    startedAt: at(9),
    endedAt: at(10),
  },
  {
    id: "p1",
    parentId: "wf-1",
    ordinal: 3,
    jobClass: "Fetch",
    jobName: "fetch one",
    startedAt: at(12),
    endedAt: at(14),
  },
  {
    id: "p2",
    parentId: "wf-1",
    ordinal: 3,
    jobClass: "Fetch",
    jobName: "fetch two",
    startedAt: at(11),
    endedAt: at(13),
  },
  {
    id: "a1",
    parentId: "a",
    ordinal: 1,
    jobClass: "Condense",
    jobName: "condense",
    startedAt: at(6),
    endedAt: at(7),
  },
  {
    id: "b1",
    parentId: "b",
    ordinal: 1,
    jobClass: "Lookup",
    jobName: "lookup",
    status: "failed",
    startedAt: at(9),
    endedAt: at(10),
    error: { code: "timeout", message: "took too long" },
  },
  {
    id: "wf-2",
    jobClass: "ReportWorkflow",
    jobName: "report",
    kind: "doer",
    submittedAt: "2025-01-07T09:00:00Z",
    startedAt: "2025-01-07T09:00:00Z",
  },
  {
    id: "s",
    parentId: "wf-2",
    ordinal: 1,
    jobClass: "Summarize",
    jobName: "summarize",
    status: "running",
    startedAt: "2025-01-07T09:00:01Z",
  },
];

const summarizeCalls: SeedCall[] = Array.from({ length: 100 }, (_, index) => ({
  jobId: "s",
  cost: "0.001",
  model: "model-b",
  at: "2025-01-07T09:00:02Z",
  inputTokens: 100,
  outputTokens: (index + 1) * 8,
  finishReason: index >= 97 ? "max_tokens" : "end",
}));

export const EXAMPLE_CALLS: readonly SeedCall[] = [
  {
    jobId: "wf-1",
    cost: "0.1",
    inputTokens: 1_000,
    outputTokens: 100,
    cacheReadTokens: 500,
    at: at(1),
  },
  {
    jobId: "a",
    cost: "0.2",
    inputTokens: 2_000,
    outputTokens: 200,
    reasoningTokens: 50,
    at: at(6),
  },
  {
    jobId: "a",
    cost: "0.05",
    currency: "EUR",
    model: "model-eu",
    inputTokens: 10,
    outputTokens: 20,
    at: at(7),
  },
  {
    jobId: "a1",
    cost: "0.1",
    inputTokens: 300,
    outputTokens: 900,
    cacheCreationTokens: 40,
    at: at(7),
  },
  {
    jobId: "b1",
    cost: "0.000000000000000001",
    inputTokens: 1,
    outputTokens: 1,
    finishReason: "max_tokens",
    at: at(10),
  },
  {
    jobId: "p1",
    cost: "0.7",
    currency: "EUR",
    model: "model-eu",
    inputTokens: 70,
    outputTokens: 7,
    at: at(13),
  },
  ...summarizeCalls,
];

/** Seeds {@link EXAMPLE_JOBS}, {@link EXAMPLE_CALLS} and one benchmark (job `bench-1` in `wf-2`). */
export async function seedExampleRuns(db: Kysely<RecorderDatabase>): Promise<void> {
  await seedRows(db, {
    jobs: [
      ...EXAMPLE_JOBS,
      {
        id: "bench-1",
        parentId: "wf-2",
        ordinal: 2,
        jobClass: "Benchmark",
        jobName: "benchmark summarize",
        startedAt: "2025-01-07T09:01:00Z",
      },
    ],
    calls: EXAMPLE_CALLS,
  });
  await db
    .insertInto("nucleo_benchmark_reports")
    .values({
      job_id: "bench-1",
      root_id: "wf-2",
      raced_job: "summarize",
      grade: "STANDARD",
      times: 2,
      started_at: "2025-01-07T09:01:00Z",
      finished_at: "2025-01-07T09:02:00Z",
      judge_failure: null,
      reference_failure: null,
      report: JSON.stringify({
        job: "summarize",
        models: [{ model: "model-a", runs: 2 }],
        judging: { judges: 1, calls: 2, cost: { USD: "0.02" } },
      }),
    })
    .execute();
  const run = (index: number, role: string, model: string, status: string) => ({
    job_id: "bench-1",
    run: index,
    role,
    model,
    provider_model: `${model}-2025`,
    repeat: index === 0 ? 1 : index,
    status,
    error: status === "failed" ? "timeout: took too long" : null,
    calls: 2,
    iterations: 1,
    input_tokens: 1_000,
    output_tokens: 100,
    latency_ms: 1_200,
    wall_ms: 1_500,
    cost: JSON.stringify({ USD: "0.0123" }),
    judge_score: status === "ok" && role === "candidate" ? 8.5 : null,
    judge_reason: status === "ok" && role === "candidate" ? "accurate" : null,
    scorer_score: null,
  });
  await db
    .insertInto("nucleo_benchmark_rows")
    .values([
      run(0, "reference", "model-ref", "ok"),
      run(1, "candidate", "model-a", "ok"),
      run(2, "candidate", "model-a", "failed"),
    ])
    .execute();
}
