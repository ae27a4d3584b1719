import type { CatalogEntry } from "@nucleo/catalog";
import { emptyLedgerTotals } from "@nucleo/core";
import type { BenchmarkRow, JudgeScore } from "../report/benchmark-report.js";
import type { LaunchedRun, RunOutcome } from "./launched-run.js";
import type { RunMeasure } from "./run-meter.js";

/** A run as the benchmark tracks it while the race and the judges go on. */
export interface RunState<TInput, TOutput> {
  readonly run: number;
  readonly role: "reference" | "candidate";
  /** The pinned entry; `undefined` for the reference. */
  readonly entry: CatalogEntry | undefined;
  readonly repeat: number;
  readonly launched: LaunchedRun<TInput, TOutput>;
  outcome: RunOutcome<TOutput> | undefined;
  judge: JudgeScore | null;
  judgeNote: string | null;
  scorer: number | null;
  scorerNote: string | null;
}

const NO_MEASURE: RunMeasure = {
  totals: emptyLedgerTotals(),
  ownCalls: 0,
  latencyMs: 0,
  wallMs: 0,
  served: new Map(),
};

/**
 * The row of one run as it stands: its outcome, what the private ledger attributed to it, and
 * the judge's and scorer's findings so far.
 *
 * @internal
 */
export function rowOf(
  state: RunState<unknown, unknown>,
  measure: RunMeasure | undefined,
): BenchmarkRow {
  const used = measure ?? NO_MEASURE;
  const totals = used.totals;
  const outcome = state.outcome;
  const cost: Record<string, string> = {};
  for (const [currency, amount] of totals.cost) cost[currency] = amount.toString();
  return {
    run: state.run,
    role: state.role,
    model: state.entry?.id ?? joinOr([...used.served.keys()]),
    providerModel: state.entry?.model ?? joinOr([...new Set(used.served.values())]),
    servedBy: [...used.served.keys()],
    repeat: state.repeat,
    status: outcome?.ok === true ? "ok" : "failed",
    error: outcome === undefined ? "still running" : outcome.ok ? null : outcome.error,
    calls: totals.calls,
    iterations: iterationsOf(state.launched.job, used.ownCalls),
    tokens: {
      input: totals.inputTokens,
      cachedInput: totals.cachedInputTokens,
      output: totals.outputTokens,
      reasoning: totals.reasoningTokens,
      cacheWrite: totals.cacheWriteTokens,
    },
    latencyMs: used.latencyMs,
    wallMs: used.wallMs,
    cost,
    judge: state.judge,
    judgeNote: state.judgeNote,
    scorer: state.scorer,
    scorerNote: state.scorerNote,
  };
}

/** A thinker's turns (its transcript); for a one-call tool, the model calls it made itself. */
function iterationsOf(job: unknown, ownCalls: number): number {
  const transcript = (job as { transcript?: () => { turns: readonly unknown[] } } | undefined)
    ?.transcript;
  if (typeof transcript !== "function") return ownCalls;
  try {
    return transcript.call(job).turns.length;
  } catch {
    // A run that failed before its conversation opened has no transcript.
    return 0;
  }
}

function joinOr(values: readonly string[]): string {
  return values.length === 0 ? "-" : values.join("+");
}
