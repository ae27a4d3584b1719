import { z } from "zod";

/**
 * The metadata key a benchmark publishes its report under (`Benchmark.REPORT` in
 * `@nucleo/benchmark`, which this package may not import: it sits above it in the layers).
 */
export const BENCHMARK_REPORT_KEY = "nucleo.benchmark.report";

const count = z.number().int().nonnegative();
const milliseconds = z.number().nonnegative().transform(Math.round);
// Scores go to `real` columns, which refuse what a float4 cannot hold: anything odd reads as none.
const scoreValue = z.number().min(-1e6).max(1e6);
const score = scoreValue.nullable().catch(null);

const BenchmarkRowSchema = z.object({
  run: count,
  role: z.string(),
  model: z.string(),
  providerModel: z.string(),
  repeat: count,
  status: z.string(),
  error: z.string().nullable().default(null),
  calls: count,
  iterations: count,
  tokens: z.object({ input: count, output: count }),
  latencyMs: milliseconds,
  wallMs: milliseconds,
  cost: z.record(z.string(), z.string()),
  judge: z.object({ score: scoreValue, reason: z.string() }).nullable().catch(null),
  scorer: score,
});

/**
 * The parts of a benchmark report the recorder puts in columns, read tolerantly: fields it
 * does not use are ignored (the whole report is kept as JSON beside them), and a judge or
 * scorer field of an unexpected shape reads as "no score" rather than losing the report.
 */
export const BenchmarkReportSchema = z.object({
  job: z.string(),
  grade: z.string(),
  times: count,
  startedAt: z.iso.datetime({ offset: true }),
  finishedAt: z.iso.datetime({ offset: true }),
  rows: z.array(BenchmarkRowSchema),
  judgeFailure: z.string().nullable().default(null),
  referenceFailure: z.string().nullable().default(null),
});
