import type { TokenUsage } from "../admission/token-usage.js";
import type { LlmCallEvent, RunEvent } from "../events/run-event.js";
import type { RunObserver } from "../events/run-observer.js";
import { Decimal } from "../money/decimal.js";

/** What a job and all its descendants spent. */
export interface LedgerTotals {
  readonly calls: number;
  readonly inputTokens: number;
  readonly cachedInputTokens: number;
  readonly cacheWriteTokens: number;
  readonly outputTokens: number;
  readonly reasoningTokens: number;
  /** Exact cost per currency (entries may price in different currencies; never summed across). */
  readonly cost: ReadonlyMap<string, Decimal>;
}

/** One model call as the ledger recorded it. */
export interface LedgerCall {
  readonly jobId: string;
  readonly rootId: string;
  readonly jobClass: string;
  readonly entryId: string;
  readonly providerModel: string;
  readonly usage: TokenUsage;
  readonly cost: Decimal;
  readonly currency: string;
  readonly at: number;
}

interface MutableTotals {
  calls: number;
  inputTokens: number;
  cachedInputTokens: number;
  cacheWriteTokens: number;
  outputTokens: number;
  reasoningTokens: number;
  cost: Map<string, Decimal>;
}

function zeroTotals(): MutableTotals {
  return {
    calls: 0,
    inputTokens: 0,
    cachedInputTokens: 0,
    cacheWriteTokens: 0,
    outputTokens: 0,
    reasoningTokens: 0,
    cost: new Map(),
  };
}

/**
 * What a job that made no model call spent: every count zero, no cost. A fresh object each
 * time, for code that measures runs the ledger never saw (a run that failed before its call).
 */
export function emptyLedgerTotals(): LedgerTotals {
  return zeroTotals();
}

/**
 * Attributes every model call to the job that made it and to every ancestor, through the
 * ancestry the dispatcher puts on each call, so a doer's total includes all its descendants'.
 * Costs are exact decimals per currency. It keeps totals only for jobs with calls below them,
 * and every call, until {@link CostLedger.forget} drops a finished workflow. An observer:
 * subscribe it to a dispatcher (it may join late: ancestry comes with each call).
 *
 * @example
 * const ledger = new CostLedger();
 * const dispatcher = new JobDispatcher({ observers: [ledger] });
 * const handle = dispatcher.submit(workflow, input);
 * await handle;
 * ledger.totalFor(handle.id).cost.get("USD")?.toString(); // "0.004125"
 */
export class CostLedger implements RunObserver {
  readonly #totals = new Map<string, MutableTotals>();
  readonly #jobsByRoot = new Map<string, Set<string>>();
  #calls: LedgerCall[] = [];

  /** @param options.rootId keep only one workflow's calls (a benchmark's private ledger). */
  constructor(private readonly options: { readonly rootId?: string } = {}) {}

  onEvent(event: RunEvent): void {
    if (event.type !== "llm.call") return;
    if (this.options.rootId !== undefined && event.rootId !== this.options.rootId) return;
    this.#record(event);
  }

  /** What `jobId` and all its descendants spent (zeros for a job that made no call). */
  totalFor(jobId: string): LedgerTotals {
    const totals = this.#totals.get(jobId);
    // A copy either way: a caller that changes what it got changes nothing another caller sees.
    return totals ? { ...totals, cost: new Map(totals.cost) } : zeroTotals();
  }

  /** Every recorded call, in arrival order. */
  calls(): readonly LedgerCall[] {
    return this.#calls;
  }

  /**
   * Drops everything kept about one workflow — its calls and its jobs' totals — once it has
   * been reported or recorded elsewhere, so a long-lived worker's ledger does not grow forever.
   */
  forget(rootId: string): void {
    for (const jobId of this.#jobsByRoot.get(rootId) ?? []) this.#totals.delete(jobId);
    this.#jobsByRoot.delete(rootId);
    this.#calls = this.#calls.filter((call) => call.rootId !== rootId);
  }

  #record(event: LlmCallEvent): void {
    let cost: Decimal;
    try {
      cost = Decimal.parse(event.cost);
    } catch {
      throw new RangeError(
        `CostLedger: llm.call of job ${event.jobId} carries cost ${JSON.stringify(event.cost)}, which is not decimal text.`,
      );
    }
    this.#calls.push({
      jobId: event.jobId,
      rootId: event.rootId,
      jobClass: event.jobClass,
      entryId: event.entryId,
      providerModel: event.providerModel,
      usage: event.usage,
      cost,
      currency: event.currency,
      at: event.at,
    });
    // The event carries its ancestry, so the ledger keeps nothing per job but totals.
    let jobs = this.#jobsByRoot.get(event.rootId);
    if (!jobs) this.#jobsByRoot.set(event.rootId, (jobs = new Set()));
    for (const jobId of [event.jobId, ...event.ancestors]) {
      jobs.add(jobId);
      this.#add(jobId, event, cost);
    }
  }

  #add(jobId: string, event: LlmCallEvent, cost: Decimal): void {
    let totals = this.#totals.get(jobId);
    if (!totals) {
      totals = zeroTotals();
      this.#totals.set(jobId, totals);
    }
    const usage = event.usage;
    totals.calls += 1;
    totals.inputTokens += usage.inputTokens;
    totals.cachedInputTokens += usage.cachedInputTokens ?? 0;
    totals.cacheWriteTokens += usage.cacheWriteTokens ?? 0;
    totals.outputTokens += usage.outputTokens;
    totals.reasoningTokens += usage.reasoningTokens ?? 0;
    totals.cost.set(event.currency, (totals.cost.get(event.currency) ?? Decimal.ZERO).plus(cost));
  }
}
