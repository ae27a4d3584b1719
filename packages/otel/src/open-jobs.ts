import { trace, type Context, type Span } from "@opentelemetry/api";

/** What an agent's span adds up from its own turns (not its sub-agents', which have their own spans). */
export interface AgentTotals {
  provider?: string;
  requestModel?: string;
  calls: number;
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens?: number;
  cacheCreationTokens?: number;
  reasoningTokens?: number;
}

/** A job drawn as a span of its own: an agent, a tool or a workflow. */
export interface SpanJob {
  readonly type: "span";
  readonly operation: "invoke_agent" | "execute_tool" | "invoke_workflow";
  readonly span: Span;
  /** The context its span started in. */
  readonly parentContext: Context;
  /** The context its children start in, made when the first child starts (most tools have none). */
  childContext: Context | undefined;
  /** Set for agents only. */
  readonly totals: AgentTotals | undefined;
  /** When its latest event happened: where an evicted span ends. */
  lastAt: number;
  /** Active since the eviction pass last looked at it (see {@link OpenJobs}). */
  active: boolean;
}

/** A `model_call` job (a thinker's turn): no span of its own; its calls are `chat` spans. */
export interface ModelCallJob {
  readonly type: "model_call";
  /** The context its `chat` spans start in: its parent's. */
  readonly context: Context;
  /** The parent job, whose span takes its retries as events and its usage into its totals. */
  readonly parentId: string | null;
  /** When the current attempt began (submission until the first `job.started`). */
  attemptAt: number;
  /** `llm.call` events of the current attempt: a failed attempt with none gets a `chat` span of its own. */
  callsThisAttempt: number;
  entryId: string | undefined;
  attempt: number;
  lastAt: number;
  active: boolean;
}

/** Any job the observer is following. */
export type OpenJob = SpanJob | ModelCallJob;

/** The context a job's children (and its calls' `chat` spans) start in. */
export function contextForChildrenOf(job: OpenJob): Context {
  if (job.type === "model_call") return job.context;
  job.childContext ??= trace.setSpan(job.parentContext, job.span);
  return job.childContext;
}

/**
 * The jobs whose spans are open, and nothing else: a job is forgotten when it ends. A job whose
 * events stop (its process lost, say) would otherwise be kept forever, so at most `limit` are
 * kept; past it, the oldest job that has been idle since the last eviction pass is handed to
 * `evict` (which ends its span) and forgotten. Active means: it had an event of its own, or a
 * child was submitted under it. Marking activity is one flag (the "second chance" of a clock
 * cache), so an event costs no reordering; an active job met by the eviction pass loses its
 * flag and goes to the back, so a pass ends after at most one lap.
 */
export class OpenJobs {
  readonly #jobs = new Map<string, OpenJob>();
  readonly #limit: number;
  readonly #evict: (job: OpenJob) => void;

  constructor(limit: number, evict: (job: OpenJob) => void) {
    this.#limit = limit;
    this.#evict = evict;
  }

  /** How many jobs are followed. */
  get size(): number {
    return this.#jobs.size;
  }

  /** The job, marked active. */
  touch(jobId: string, at: number): OpenJob | undefined {
    const job = this.#jobs.get(jobId);
    if (job === undefined) return undefined;
    job.active = true;
    if (at > job.lastAt) job.lastAt = at;
    return job;
  }

  /** The job, without marking it active. */
  get(jobId: string): OpenJob | undefined {
    return this.#jobs.get(jobId);
  }

  /** Whether the job is followed. */
  has(jobId: string): boolean {
    return this.#jobs.has(jobId);
  }

  /** Follows a job, first letting go of idle ones while the limit is reached. */
  add(jobId: string, job: OpenJob): void {
    while (this.#jobs.size >= this.#limit) {
      // A Map iterates in insertion order: the first entry is the oldest.
      const oldest = this.#jobs.entries().next().value;
      if (oldest === undefined) break;
      const [oldestId, oldestJob] = oldest;
      this.#jobs.delete(oldestId);
      if (oldestJob.active) {
        oldestJob.active = false;
        this.#jobs.set(oldestId, oldestJob);
      } else this.#evict(oldestJob);
    }
    this.#jobs.set(jobId, job);
  }

  /** Forgets the job and answers it (its span is the caller's to end). */
  take(jobId: string): OpenJob | undefined {
    const job = this.#jobs.get(jobId);
    if (job !== undefined) this.#jobs.delete(jobId);
    return job;
  }

  /** Hands every job to `evict` and forgets them all. */
  drain(): void {
    const jobs = [...this.#jobs.values()];
    this.#jobs.clear();
    for (const job of jobs) this.#evict(job);
  }
}
