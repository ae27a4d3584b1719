// Hand-made rows and reports for the report's tests.
import type { BenchmarkReport, BenchmarkRow, JudgeScore } from "../benchmark-report.js";
import { summarizeModels } from "../summarize-models.js";

export function judgeScore(score: number, reason = "Agrees with the reference."): JudgeScore {
  return {
    score,
    accuracy: Math.min(7, score),
    shownWork: Math.max(0, score - 7),
    misusedTools: [],
    reason,
  };
}

export function row(overrides: Partial<BenchmarkRow> = {}): BenchmarkRow {
  const model = overrides.model ?? "alpha";
  return {
    run: 1,
    role: "candidate",
    model: "alpha",
    providerModel: "alpha-1",
    // Served by its own entry (or entries) only, unless a test says otherwise.
    servedBy: model === "-" ? [] : model.split("+"),
    repeat: 1,
    status: "ok",
    error: null,
    calls: 1,
    iterations: 1,
    tokens: { input: 1_200, cachedInput: 0, output: 300, reasoning: 0, cacheWrite: 0 },
    latencyMs: 800,
    wallMs: 900,
    cost: { USD: "0.0024" },
    judge: judgeScore(7),
    judgeNote: null,
    scorer: null,
    scorerNote: null,
    ...overrides,
  };
}

export function report(overrides: Partial<BenchmarkReport> = {}): BenchmarkReport {
  return {
    job: "summarize",
    grade: "MEDIUM",
    times: 1,
    startedAt: "2026-11-29T12:00:00.000Z",
    finishedAt: "2026-11-29T12:01:05.000Z",
    rows: [
      row({ run: 0, role: "reference", judge: null, judgeNote: "the reference is not judged" }),
      row({ run: 1 }),
    ],
    models: [],
    judging: { judges: 1, calls: 1, cost: { USD: "0.0105" } },
    judgeFailure: null,
    referenceFailure: null,
    ...overrides,
  };
}

/** The report with its per-model summaries filled in from its candidate rows, as the benchmark does. */
export function withSummaries(base: BenchmarkReport): BenchmarkReport {
  const candidates = [
    ...new Map(
      base.rows
        .filter((item) => item.role === "candidate")
        .map((item) => [item.model, { id: item.model, providerModel: item.providerModel }]),
    ).values(),
  ];
  return { ...base, models: summarizeModels(base.rows, candidates) };
}

/** The reference's row: run 0, not judged, unless `overrides` say otherwise. */
export const referenceRow = (overrides: Partial<BenchmarkRow> = {}): BenchmarkRow =>
  row({ run: 0, role: "reference", judge: null, ...overrides });

/** A report of these rows with its per-model summaries filled in, as the formatters receive it. */
export const summarizedReport = (
  rows: BenchmarkRow[],
  overrides: Partial<BenchmarkReport> = {},
): BenchmarkReport => withSummaries(report({ rows, ...overrides }));

/** The first line of `text` that holds `needle`, or `""`. */
export const lineWith = (text: string, needle: string): string =>
  text.split("\n").find((line) => line.includes(needle)) ?? "";
