import type { Kysely } from "kysely";
import type { RecorderDatabase } from "../../schema/database.js";

/** A job to seed; its root and ancestors follow from the parent links. */
export interface SeedJob {
  readonly id: string;
  readonly parentId?: string | null;
  readonly ordinal?: number | null;
  readonly jobClass?: string;
  readonly jobName?: string;
  readonly kind?: string;
  /** `agent`, `model_call` or null (the default). */
  readonly role?: string | null;
  readonly status?: string;
  /** ISO times; `null` leaves the column empty. */
  readonly submittedAt?: string | null;
  readonly startedAt?: string | null;
  readonly endedAt?: string | null;
  readonly error?: { readonly code: string; readonly message: string };
  /** The job whose recorded output it returned instead of running (migration 0006). */
  readonly replayedFrom?: string;
  /** The scope's axes it was submitted with (`{ tenant: "acme" }`); none by default. */
  readonly scopeAxes?: Readonly<Record<string, string>>;
}

/** A model call to seed; its root, ancestors and class come from its job unless given. */
export interface SeedCall {
  readonly jobId: string;
  readonly cost: string;
  readonly currency?: string;
  readonly model?: string;
  readonly at?: string;
  readonly inputTokens?: number;
  readonly cacheReadTokens?: number;
  readonly cacheCreationTokens?: number;
  readonly cacheCreation1hTokens?: number;
  readonly outputTokens?: number;
  readonly reasoningTokens?: number;
  readonly finishReason?: string;
  readonly latencyMs?: number;
  /** For a call whose job is not seeded. */
  readonly rootId?: string;
  readonly ancestors?: readonly string[];
  readonly jobClass?: string;
}

/** What {@link seedRows} wrote, for tests that need the derived lineage. */
export interface SeededLineage {
  readonly rootOf: ReadonlyMap<string, string>;
  readonly ancestorsOf: ReadonlyMap<string, readonly string[]>;
}

/**
 * Seeds jobs and model calls straight into the tables with Kysely inserts (no writer), so a
 * query test controls every column. Jobs are listed parents first; `missingJobs` are known to
 * the lineage (their children and calls point at them) but get no row, as while the writer lags.
 */
export async function seedRows(
  db: Kysely<RecorderDatabase>,
  seed: {
    readonly jobs: readonly SeedJob[];
    readonly calls?: readonly SeedCall[];
    readonly missingJobs?: readonly string[];
  },
): Promise<SeededLineage> {
  const rootOf = new Map<string, string>();
  const ancestorsOf = new Map<string, readonly string[]>();
  const classOf = new Map<string, string>();
  for (const job of seed.jobs) {
    const parentId = job.parentId ?? null;
    const ancestors =
      parentId === null
        ? []
        : [
            parentId,
            ...(ancestorsOf.get(parentId) ??
              fail(`parent ${parentId} of ${job.id} not seeded before it`)),
          ];
    ancestorsOf.set(job.id, ancestors);
    rootOf.set(job.id, ancestors.at(-1) ?? job.id);
    classOf.set(job.id, job.jobClass ?? "Job");
  }
  const missing = new Set(seed.missingJobs ?? []);
  const rows = seed.jobs
    .filter((job) => !missing.has(job.id))
    .map((job, index) => ({
      id: job.id,
      parent_id: job.parentId ?? null,
      root_id: rootOf.get(job.id)!,
      ancestors: [...ancestorsOf.get(job.id)!],
      job_class: job.jobClass ?? "Job",
      job_name: job.jobName ?? job.id,
      kind: job.kind ?? "tool",
      // Only when given: a database migrated to 0001 alone (the 0002 test) has no role column.
      ...(job.role !== undefined && { role: job.role }),
      ...(job.replayedFrom !== undefined && { replayed_from: job.replayedFrom }),
      ordinal: job.ordinal ?? null,
      status: job.status ?? "finished",
      submitted_at:
        job.submittedAt === undefined
          ? new Date(Date.UTC(2025, 0, 1, 0, 0, 0, index)).toISOString()
          : job.submittedAt,
      started_at: job.startedAt ?? null,
      ended_at: job.endedAt ?? null,
      error_code: job.error?.code ?? null,
      error_message: job.error?.message ?? null,
      attempts: job.startedAt === null || job.startedAt === undefined ? 0 : 1,
      last_seq: 0,
      scope_axes: JSON.stringify(job.scopeAxes ?? {}),
      read_only: false,
      metadata: "{}",
    }));
  for (let start = 0; start < rows.length; start += 1_000) {
    await db
      .insertInto("nucleo_jobs")
      .values(rows.slice(start, start + 1_000))
      .execute();
  }
  const seqs = new Map<string, number>();
  const calls = (seed.calls ?? []).map((call) => {
    const seq = (seqs.get(call.jobId) ?? 0) + 1;
    seqs.set(call.jobId, seq);
    return {
      job_id: call.jobId,
      seq,
      root_id:
        call.rootId ??
        rootOf.get(call.jobId) ??
        fail(`call of unseeded job ${call.jobId} needs rootId`),
      ancestors: [...(call.ancestors ?? ancestorsOf.get(call.jobId) ?? [])],
      job_class: call.jobClass ?? classOf.get(call.jobId) ?? "Job",
      at: call.at ?? "2025-01-01T12:00:00Z",
      operation_name: "chat",
      provider_name: null,
      request_model: null,
      grade: null,
      depth: null,
      latency_ms: call.latencyMs ?? 0,
      attempt: 1,
      corrections: 0,
      entry_id: call.model ?? "model-a",
      response_model: call.model ?? "model-a",
      input_tokens: call.inputTokens ?? 0,
      cache_read_input_tokens: call.cacheReadTokens ?? 0,
      cache_creation_input_tokens: call.cacheCreationTokens ?? 0,
      // Only when given: the migration tests seed databases from before the column (0008).
      ...(call.cacheCreation1hTokens === undefined
        ? {}
        : { cache_creation_1h_input_tokens: call.cacheCreation1hTokens }),
      output_tokens: call.outputTokens ?? 0,
      reasoning_output_tokens: call.reasoningTokens ?? 0,
      cost: call.cost,
      currency: call.currency ?? "USD",
      finish_reason: call.finishReason ?? "end",
    };
  });
  for (let start = 0; start < calls.length; start += 1_000) {
    await db
      .insertInto("nucleo_model_calls")
      .values(calls.slice(start, start + 1_000))
      .execute();
  }
  return { rootOf, ancestorsOf };
}

function fail(message: string): never {
  throw new Error(`seedRows: ${message}`);
}
