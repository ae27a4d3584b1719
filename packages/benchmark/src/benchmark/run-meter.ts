import { CostLedger, type LedgerTotals, type RunEvent, type RunObserver } from "@nucleo/core";

/** What one run (or judge) did, read off the events of its subtree. */
export interface RunMeasure {
  readonly totals: LedgerTotals;
  /** Model calls the job made itself (a one-call tool's iterations). */
  readonly ownCalls: number;
  readonly latencyMs: number;
  /** From the run's first seat at a model (anywhere in its subtree) to its end; 0 when it never got one. */
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
  /** Each subtree job's parent, learnt from `job.submitted`: a seat is found its run by walking up. */
  readonly #parentOf = new Map<string, string | null>();
  /** When each of the owner's children (runs, judges) first got a seat in its subtree, and ended. */
  readonly #times = new Map<string, { seatedAt: number; endedAt: number | undefined }>();
  /** Callbacks waiting for a child of the owner to get its first seat. */
  readonly #onSeated = new Map<string, () => void>();
  #firstAt: number | undefined;
  #lastAt: number | undefined;

  /** @param ownerId the benchmark's own job: its children are the runs and the judges. */
  constructor(private readonly ownerId: string) {}

  /** Starts attributing `jobId`'s subtree (call it right after submitting the job). */
  track(jobId: string): void {
    if (!this.#tracked.has(jobId))
      this.#tracked.set(jobId, { ownCalls: 0, latencyMs: 0, served: new Map() });
  }

  onEvent(event: RunEvent): void {
    this.#firstAt ??= event.at;
    this.#lastAt = event.at;
    this.#ledger.onEvent(event);
    switch (event.type) {
      case "job.submitted":
        this.#parentOf.set(event.jobId, event.parentId);
        return;
      case "seat.reserved": {
        // A run's clock starts at its first seat: a thinker starts at once and its turns queue
        // for seats; a one-call tool waits for its own. Either way, queueing before it is free.
        const run = this.#childOfOwner(event.jobId);
        if (run === undefined || this.#times.has(run)) return;
        this.#times.set(run, { seatedAt: event.at, endedAt: undefined });
        const start = this.#onSeated.get(run);
        this.#onSeated.delete(run);
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

  /** Calls `start` once a child of the owner (a run, a judge) has its first seat (at once when it already has). */
  whenSeated(jobId: string, start: () => void): void {
    if (this.#times.has(jobId)) start();
    else this.#onSeated.set(jobId, start);
  }

  /** Forgets a callback for a child that ended without ever getting a seat. */
  cancelSeated(jobId: string): void {
    this.#onSeated.delete(jobId);
  }

  /** What a tracked job's subtree did so far. */
  measure(jobId: string): RunMeasure {
    const run = this.#tracked.get(jobId);
    const times = this.#times.get(jobId);
    const wallMs =
      times === undefined ? 0 : (times.endedAt ?? this.#lastAt ?? times.seatedAt) - times.seatedAt;
    return {
      totals: this.#ledger.totalFor(jobId),
      ownCalls: run?.ownCalls ?? 0,
      latencyMs: run?.latencyMs ?? 0,
      wallMs,
      served: run?.served ?? new Map(),
    };
  }

  /** The time of the first and the last event seen (the dispatcher's clock). */
  span(): { readonly firstAt: number | undefined; readonly lastAt: number | undefined } {
    return { firstAt: this.#firstAt, lastAt: this.#lastAt };
  }

  /** The owner's child whose subtree holds `jobId` (the job itself, when it is one). */
  #childOfOwner(jobId: string): string | undefined {
    let current: string | undefined = jobId;
    for (
      let parent = this.#parentOf.get(current);
      parent !== undefined && parent !== null;
      parent = this.#parentOf.get(current)
    ) {
      if (parent === this.ownerId) return current;
      current = parent;
    }
    return undefined;
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
