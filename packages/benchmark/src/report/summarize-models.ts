import type { BenchmarkRow, CostSpread, ModelSummary } from "./benchmark-report.js";
import { costSpreadOf, spreadOf } from "./spread.js";

/** A raced catalog entry, as a summary names it. */
export interface SummarizedCandidate {
  readonly id: string;
  readonly providerModel: string;
}

/**
 * One {@link ModelSummary} per candidate entry, in the order given, from the candidate rows
 * pinned to it. Judge and scorer figures cover the runs that have a score; calls, latency,
 * wall time and cost cover the runs that succeeded — a failed run is counted in `failed`, but
 * what it spent before failing would only blur a model's typical run.
 *
 * @example
 * const models = summarizeModels(rows, [{ id: "gpt-mini", providerModel: "gpt-5-mini" }]);
 * models[0].judgeScore?.mean; // the mean judge score of gpt-mini's runs
 */
export function summarizeModels(
  rows: readonly BenchmarkRow[],
  candidates: readonly SummarizedCandidate[],
): ModelSummary[] {
  return candidates.map((candidate) =>
    summarizeModel(
      candidate,
      rows.filter((row) => row.role === "candidate" && row.model === candidate.id),
    ),
  );
}

function summarizeModel(
  candidate: SummarizedCandidate,
  rows: readonly BenchmarkRow[],
): ModelSummary {
  const succeeded = rows.filter((row) => row.status === "ok");
  const judgeScores = rows.flatMap((row) => (row.judge === null ? [] : [row.judge.score]));
  return {
    model: candidate.id,
    providerModel: candidate.providerModel,
    runs: rows.length,
    failed: rows.length - succeeded.length,
    judged: judgeScores.length,
    judgeScore: spreadOf(judgeScores),
    scorer: spreadOf(rows.flatMap((row) => (row.scorer === null ? [] : [row.scorer]))),
    calls: spreadOf(succeeded.map((row) => row.calls)),
    latencyMs: spreadOf(succeeded.map((row) => row.latencyMs)),
    wallMs: spreadOf(succeeded.map((row) => row.wallMs)),
    cost: costByCurrency(succeeded),
  };
}

function costByCurrency(rows: readonly BenchmarkRow[]): Record<string, CostSpread> {
  const currencies = [...new Set(rows.flatMap((row) => Object.keys(row.cost)))].sort();
  const result: Record<string, CostSpread> = {};
  for (const currency of currencies) {
    // A run that spent nothing in a currency (no priced call) cost zero in it, and still
    // counts as a run: the mean is per run.
    const spread = costSpreadOf(rows.map((row) => row.cost[currency] ?? "0"));
    if (spread) result[currency] = spread;
  }
  return result;
}
