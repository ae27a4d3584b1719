import { CostLedger, type LedgerTotals, type RunEvent, type RunObserver } from "@nucleo/core";

/** What one run (or judge) did, read off the events of its subtree. */
export interface RunMeasure {
  readonly totals: LedgerTotals;
  /** Model calls the job made itself (a one-call tool's iterations). */
  readonly ownCalls: number;
  readonly latencyMs: number;
  /** From the first `job.started` to the end; 0 when it never started. */
  readonly wallMs: number;
  /** Entries that served the run's calls, in first-use order, with their provider model names. */
  readonly served: ReadonlyMap<string, string>;
}

interface Tracked {
  ownCalls: number;
  latencyMs: number;
  readonly served: Map<string, string>;
}

/**
 * The benchmark's private ledger: the dispatcher feeds it the events of the benchmark's own
 * subtree (`context.observe`), and it attributes each model call to the tracked run it
 * descends from — by the ancestry every call carries — so a thinker's calls and its
 * children's calls land on its row. Costs and tokens come from a {@link CostLedger}; this
 * adds what a ledger does not keep: model latency, wall time, the entries that served.
 *
 * @internal
 */
export class RunMeter implements RunObserver {
  readonly #ledger = new CostLedger();
  readonly #tracked = new Map<string, Tracked>();
  /** Start and end times of the owner's direct children: a run may start before its id is known to {@link track}. */
  readonly #times = new Map<string, { startedAt: number; endedAt: number | undefined }>();
  /** Callbacks waiting for a child of the owner to start. */
  readonly #onStart = new Map<string, () => void>();
  #firstAt: number | undefined;
  #lastAt: number | undefined;

  /** @param ownerId the benchmark's own job: its children are the runs and the judges. */
  constructor(private readonly ownerId: string) {}

  /** Starts attributing `jobId`'s subtree (call it right after submitting the job). */
  track(jobId: string): void {
    if (!this.#tracked.has(jobId)) this.#tracked.set(jobId, { ownCalls: 0, latencyMs: 0, served: new Map() });
  }

  onEvent(event: RunEvent): void {
    this.#firstAt ??= event.at;
    this.#lastAt = event.at;
    this.#ledger.onEvent(event);
    switch (event.type) {
      case "job.started": {
        // An orchestrator starts inside its own submission, before the caller learns its id.
        if (event.parentId !== this.ownerId || this.#times.has(event.jobId)) return;
        this.#times.set(event.jobId, { startedAt: event.at, endedAt: undefined });
        const start = this.#onStart.get(event.jobId);
        this.#onStart.delete(event.jobId);
        start?.();
        return;
      }
      case "job.finished":
      case "job.failed": {
        const times = event.parentId === this.ownerId ? this.#times.get(event.jobId) : undefined;
        if (times) times.endedAt = event.at;
        return;
      }
      case "llm.call": {
        const own = this.#tracked.get(event.jobId);
        if (own) own.ownCalls += 1;
        const run = own ?? this.#runOf(event.ancestors);
        if (!run) return;
        run.latencyMs += event.latencyMs;
        if (!run.served.has(event.entryId)) run.served.set(event.entryId, event.providerModel);
        return;
      }
      default:
        return;
    }
  }

  /** Calls `start` once a child of the owner has started (at once when it already has). */
  whenStarted(jobId: string, start: () => void): void {
    if (this.#times.has(jobId)) start();
    else this.#onStart.set(jobId, start);
  }

  /** What a tracked job's subtree did so far. */
  measure(jobId: string): RunMeasure {
    const run = this.#tracked.get(jobId);
    const times = this.#times.get(jobId);
    const wallMs = times === undefined ? 0 : (times.endedAt ?? this.#lastAt ?? times.startedAt) - times.startedAt;
    return { totals: this.#ledger.totalFor(jobId), ownCalls: run?.ownCalls ?? 0, latencyMs: run?.latencyMs ?? 0, wallMs, served: run?.served ?? new Map() };
  }

  /** The time of the first and the last event seen (the dispatcher's clock). */
  span(): { readonly firstAt: number | undefined; readonly lastAt: number | undefined } {
    return { firstAt: this.#firstAt, lastAt: this.#lastAt };
  }

  #runOf(ancestors: readonly string[]): Tracked | undefined {
    // Parent first: the nearest tracked ancestor is the run (tracked runs never nest).
    for (const id of ancestors) {
      const run = this.#tracked.get(id);
      if (run) return run;
    }
    return undefined;
  }
}
