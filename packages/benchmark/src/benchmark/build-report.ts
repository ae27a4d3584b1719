import type { CatalogEntry } from "@nucleo/catalog";
import type { Decimal, GradeRung } from "@nucleo/core";
import type { BenchmarkReport } from "../report/benchmark-report.js";
import { summarizeModels } from "../report/index.js";
import type { JudgeRecord } from "./judge-and-score.js";
import type { RunMeter } from "./run-meter.js";
import { rowOf, type RunState } from "./run-rows.js";

/**
 * The report of one benchmark: a row per run (the reference first), a summary per candidate
 * entry, what judging cost, and the failures that shape it — a judge failure named only when
 * every judge failed.
 *
 * @internal
 */
export function buildReport(options: {
  readonly job: string;
  readonly grade: GradeRung;
  readonly times: number;
  readonly states: readonly RunState<unknown, unknown>[];
  readonly candidates: readonly CatalogEntry[];
  readonly meter: RunMeter;
  readonly judges: readonly JudgeRecord[];
}): BenchmarkReport {
  const { meter, judges, states } = options;
  const rows = [...states]
    .sort((a, b) => a.run - b.run)
    .map((state) =>
      rowOf(
        state,
        state.launched.jobId === undefined ? undefined : meter.measure(state.launched.jobId),
      ),
    );
  const judgingCost = new Map<string, Decimal>();
  let judgingCalls = 0;
  for (const judge of judges) {
    if (judge.jobId === undefined) continue;
    const totals = meter.measure(judge.jobId).totals;
    judgingCalls += totals.calls;
    for (const [currency, amount] of totals.cost)
      judgingCost.set(currency, judgingCost.get(currency)?.plus(amount) ?? amount);
  }
  const failedJudges = judges.filter((judge) => judge.failed);
  const span = meter.span();
  const reference = states.find((state) => state.role === "reference");
  return {
    job: options.job,
    grade: options.grade,
    times: options.times,
    startedAt: new Date(span.firstAt ?? 0).toISOString(),
    finishedAt: new Date(span.lastAt ?? 0).toISOString(),
    rows,
    models: summarizeModels(
      rows,
      options.candidates.map((entry) => ({ id: entry.id, providerModel: entry.model })),
    ),
    judging: {
      judges: judges.length,
      calls: judgingCalls,
      cost: Object.fromEntries(
        [...judgingCost].map(([currency, amount]) => [currency, amount.toString()]),
      ),
    },
    judgeFailure:
      judges.length > 0 && failedJudges.length === judges.length
        ? `every judge failed; the first: ${failedJudges[0]!.note}`
        : null,
    referenceFailure: reference?.outcome?.ok === false ? reference.outcome.error : null,
  };
}
