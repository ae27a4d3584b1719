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

/** The first line of `text` that holds `needle`, or `""`. */
export const lineWith = (text: string, needle: string): string =>
  text.split("\n").find((line) => line.includes(needle)) ?? "";

/**
 * A judge's reason or an error that tries to drive the terminal: it clears the screen (CSI
 * `ESC[2J`), hides a link behind other words (OSC 8), reverses what follows (a bidi override)
 * and, after a lone `\r`, writes over its own line with a better score.
 */
export const HOSTILE_TEXT =
  "Fine.\x1b[2J Read \x1b]8;;https://evil.example\x1b\\the docs\x1b]8;;\x1b\\ \u202Eevil\u202C\rScore 10/10";

/** What {@link HOSTILE_TEXT} reads as on one line: its words, none of its controls. */
export const HOSTILE_WORDS = "Fine. Read the docs evil";

/** A control character, line or paragraph separator or bidi override anywhere but a newline: output must have none. */
export const CONTROL_CHARACTER =
  /[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
