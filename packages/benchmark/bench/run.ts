/**
 * What the benchmark's own machinery costs, beside a hand-written race of the same jobs.
 *
 * Workload: a one-call tool raced over 3 entries × 10 runs around a zero-latency model — the
 * reference, 30 pinned runs all submitted at once, 30 judges as the runs land — against the
 * same 61 jobs driven by hand (the reference, then the 30 runs at once, a judge per run as it
 * lands, the same blind inputs), with no private ledger, rows, report or table. Alternated in
 * rounds so drift hits both alike; medians. Then one large race (3 × 300 runs, 900 judges) for
 * wall time and heap. Runs against the built packages: `node --expose-gc bench/run.ts`.
 */
import { Benchmark, Blindfold, JudgeTool, recordRun } from "@nucleo/benchmark";
import { benchReport, median, ratio, timed } from "@nucleo/tooling/bench";
import { ServedModelTool, servedModelRuntime } from "../src/test-support/served-model-fixtures.ts";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("Run with --expose-gc (pnpm bench does).");
const QUESTION = { question: "Which model are you?" };

/** One benchmark through the dispatcher. */
async function viaBenchmark(times: number): Promise<void> {
  const runtime = servedModelRuntime();
  const benchmark = new Benchmark({
    factory: () => new ServedModelTool({ environment: runtime.environment }),
    environment: runtime.environment,
    times,
    log: () => {},
  });
  await runtime.dispatcher.submit(benchmark, QUESTION);
}

/** The same jobs by hand: reference, runs at once, a judge per run as it lands. */
async function byHand(times: number): Promise<void> {
  const runtime = servedModelRuntime();
  const { dispatcher, environment } = runtime;
  const blindfold = Blindfold.forCatalog(environment.picker.catalog);
  const reference = await dispatcher.submit(new ServedModelTool({ environment }), QUESTION);
  const referenceRecord = recordRun(undefined, QUESTION, reference);
  const runs = environment.picker.candidates("MEDIUM").flatMap((entry) =>
    Array.from({ length: times }, async () => {
      const tool = new ServedModelTool({ environment });
      tool.pinModel(entry.id);
      const output = await dispatcher.submit(tool, QUESTION);
      const candidate = recordRun(tool, QUESTION, output);
      await dispatcher.submit(
        new JudgeTool({ environment }),
        blindfold.cover({
          task: referenceRecord.task,
          reference: { turns: referenceRecord.turns, answer: referenceRecord.answer },
          candidate: { turns: candidate.turns, answer: candidate.answer },
        }),
      );
    }),
  );
  await Promise.all(runs);
}

for (let warm = 0; warm < 40; warm++) {
  await viaBenchmark(10);
  await byHand(10);
}
const benchmarkTimes: number[] = [];
const handTimes: number[] = [];
for (let round = 0; round < 60; round++) {
  benchmarkTimes.push(await timed(() => viaBenchmark(10)));
  handTimes.push(await timed(() => byHand(10)));
}
const benchmarkMs = median(benchmarkTimes);
const handMs = median(handTimes);

// One large race: 900 runs and 900 judges.
gc();
const heapBefore = process.memoryUsage().heapUsed;
let peakHeap = heapBefore;
const sampler = setInterval(
  () => (peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed)),
  2,
);
const largeMs = await timed(() => viaBenchmark(300));
clearInterval(sampler);
peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);

console.log(
  benchReport({
    columns: [{ title: "Measure" }, { title: "Figure", align: "right" }],
    rows: [
      ["Benchmark of 3 entries × 10 runs (61 jobs), median of 60", `${benchmarkMs.toFixed(2)} ms`],
      [
        "The same 61 jobs raced by hand, median of 60",
        `${handMs.toFixed(2)} ms (benchmark ${ratio(benchmarkMs, handMs)})`,
      ],
      [
        "The benchmark's own cost per run (ledger, rows, report, table)",
        `${(((benchmarkMs - handMs) / 30) * 1_000).toFixed(0)} µs`,
      ],
      ["3 entries × 300 runs (1,801 jobs): wall time", `${(largeMs / 1_000).toFixed(2)} s`],
      [
        "… peak heap above the start (sampled every 2 ms)",
        `${((peakHeap - heapBefore) / 2 ** 20).toFixed(1)} MB`,
      ],
    ],
  }),
);
