// Run events written by hand for the writer's tests, numbered as the dispatcher numbers them.
import type { LlmCallEvent, RunEvent } from "@nucleo/core";

/** A job of an {@link EventScript}. */
export interface ScriptJob {
  readonly id: string;
  readonly parentId: string | null;
  readonly rootId: string;
  readonly ancestors: readonly string[];
  readonly jobClass: string;
}

type Extra<TType extends RunEvent["type"]> = Partial<
  Omit<Extract<RunEvent, { type: TType }>, "type">
>;

/**
 * Builds a run's events the way the dispatcher would: every job's events numbered from 1, the
 * time moving on by one millisecond per event. Each method appends its event to `events` and
 * returns it, so a test can deliver them in any order, or twice.
 */
export class EventScript {
  readonly events: RunEvent[] = [];
  #at: number;
  readonly #seqs = new Map<string, number>();
  #nextId = 1;
  readonly #prefix: string;

  /** `prefix` starts every job id (`job-` by default), so several scripts share a database. */
  constructor(options: { readonly start?: number; readonly prefix?: string } = {}) {
    this.#at = options.start ?? Date.UTC(2025, 2, 4, 5, 6, 7, 0);
    this.#prefix = options.prefix ?? "job-";
  }

  /** Submits a job (a root without `parent`); `job.submitted` is its event 1. */
  submit(
    options: {
      readonly parent?: ScriptJob;
      readonly id?: string;
      readonly jobClass?: string;
    } & Extra<"job.submitted"> = {},
  ): ScriptJob {
    const { parent, id: givenId, ...extra } = options;
    const id = givenId ?? `${this.#prefix}${this.#nextId++}`;
    const job: ScriptJob = {
      id,
      parentId: parent?.id ?? null,
      rootId: parent?.rootId ?? id,
      ancestors: parent === undefined ? [] : [parent.id, ...parent.ancestors],
      jobClass: extra.jobClass ?? (parent === undefined ? "RootDoer" : "ChildTool"),
    };
    this.#push(job, {
      type: "job.submitted",
      jobClass: job.jobClass,
      jobName: job.jobClass.toLowerCase(),
      ordinal: parent === undefined ? null : 1,
      kind: parent === undefined ? "orchestrator" : "tool",
      scope: { axes: { tenant: "acme" }, readOnly: false },
      ancestors: job.ancestors,
      ...extra,
    });
    return job;
  }

  started(job: ScriptJob, attempt = 1, extra: Extra<"job.started"> = {}): RunEvent {
    return this.#push(job, { type: "job.started", attempt, ...extra });
  }

  retrying(job: ScriptJob, attempt = 1): RunEvent {
    return this.#push(job, { type: "job.retrying", reason: "throttle", attempt, delayMs: 500 });
  }

  finished(job: ScriptJob, extra: Extra<"job.finished"> = {}): RunEvent {
    return this.#push(job, { type: "job.finished", durationMs: 5, ...extra });
  }

  failed(job: ScriptJob, code = "timeout", message = "The job ran out of time."): RunEvent {
    return this.#push(job, {
      type: "job.failed",
      durationMs: 5,
      error: { name: "SystemError", code, message },
    });
  }

  llmCall(job: ScriptJob, extra: Extra<"llm.call"> = {}): LlmCallEvent {
    return this.#push(job, {
      type: "llm.call",
      jobClass: job.jobClass,
      ancestors: job.ancestors,
      entryId: "gpt-medium",
      providerModel: "gpt-x-2025-01",
      provider: "openai",
      requestModel: "gpt-x",
      grade: "MEDIUM",
      depth: "STANDARD",
      usage: {
        inputTokens: 1_200,
        cachedInputTokens: 300,
        cacheWriteTokens: 0,
        outputTokens: 150,
        reasoningTokens: 40,
      },
      cost: "0.0042",
      currency: "USD",
      latencyMs: 812,
      stopReason: "end",
      attempt: 1,
      corrections: 0,
      ...extra,
    }) as LlmCallEvent;
  }

  seatReserved(job: ScriptJob, seatId: string, extra: Extra<"seat.reserved"> = {}): RunEvent {
    return this.#push(job, {
      type: "seat.reserved",
      seatId,
      grade: "MEDIUM",
      entryId: "gpt-medium",
      inputTokens: 1_500,
      maxOutputTokens: 800,
      waitedMs: 3,
      ...extra,
    });
  }

  seatSettled(job: ScriptJob, seatId: string, extra: Extra<"seat.settled"> = {}): RunEvent {
    return this.#push(job, {
      type: "seat.settled",
      seatId,
      outcome: "settled",
      usage: { inputTokens: 1_200, outputTokens: 150 },
      ...extra,
    });
  }

  toolWithheld(job: ScriptJob, tool = "web_fetch", reason = "read-only scope"): RunEvent {
    return this.#push(job, { type: "tool.withheld", tool, reason });
  }

  skillAdmitted(job: ScriptJob, skill = "claims-drafting"): RunEvent {
    return this.#push(job, { type: "skill.admitted", skill });
  }

  published(job: ScriptJob, key: string, value: unknown): RunEvent {
    return this.#push(job, { type: "job.published", key, value });
  }

  #push<TEvent extends RunEvent>(job: ScriptJob, body: Record<string, unknown>): TEvent {
    const seq = (this.#seqs.get(job.id) ?? 0) + 1;
    this.#seqs.set(job.id, seq);
    const event = {
      ...body,
      at: this.#at++,
      jobId: job.id,
      parentId: job.parentId,
      rootId: job.rootId,
      seq,
    } as unknown as TEvent;
    this.events.push(event);
    return event;
  }
}

/** A benchmark report as `@nucleo/benchmark` publishes it (its shape, written out here: this package may not import it). */
export function benchmarkReport(): Record<string, unknown> {
  const row = (run: number, role: string, model: string, cost: string) => ({
    run,
    role,
    model,
    providerModel: `${model}-2025`,
    servedBy: [model],
    repeat: 1,
    status: "ok",
    error: null,
    calls: 2,
    iterations: 1,
    tokens: { input: 900, cachedInput: 0, output: 120, reasoning: 0, cacheWrite: 0 },
    latencyMs: 640.4,
    wallMs: 702,
    cost: { USD: cost },
    judge:
      run === 0
        ? null
        : {
            score: 8,
            accuracy: 6,
            shownWork: 2,
            misusedTools: [],
            reason: "Accurate, shows its work.",
          },
    judgeNote: run === 0 ? "the reference is not judged" : null,
    scorer: run === 0 ? null : 7.5,
    scorerNote: null,
  });
  return {
    job: "claims_review",
    grade: "MEDIUM",
    times: 1,
    startedAt: "2025-03-04T05:06:07.000Z",
    finishedAt: "2025-03-04T05:07:08.500Z",
    rows: [
      row(0, "reference", "gpt-medium", "0.0031"),
      row(1, "candidate", "claude-medium", "0.0047"),
    ],
    models: [],
    judging: { judges: 1, calls: 1, cost: { USD: "0.0009" } },
    judgeFailure: null,
    referenceFailure: null,
  };
}
