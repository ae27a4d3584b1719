/**
 * The thinker loop's overheads on the standard workload (bench/workload.ts): one tool, a model
 * that calls it once and then answers, beside a bare hand-written loop doing the same with zod
 * (bench/bare-loop.ts, the floor). Per-run overhead over 5,000 sequential runs around a
 * zero-latency model; then 10,000 concurrent runs around a 50 ms model, for both: wall time, and
 * heap per in-flight run (at the moment all 10,000 wait on their first model call, and after a
 * full GC there). Figures are compared as ratios from this one run: the machine is noisy.
 * Runs against the built packages: `node --expose-gc bench/run.ts`.
 */
import { benchReport, median, microsPerCall, quantile, ratio, timed } from "@nucleo/tooling/bench";
import { bareLoop } from "./bare-loop.ts";
import { workloadRuntime } from "./workload.ts";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("Run with --expose-gc (pnpm bench does).");

/** Median and p99 µs of `runs` sequential runs, each timed alone, after 3,000 warm-up runs. */
async function perRun(
  runs: number,
  once: () => Promise<unknown>,
): Promise<{ median: number; p99: number }> {
  const times = await microsPerCall({ warmUp: 3_000, samples: runs, perSample: 1 }, once);
  return { median: median(times), p99: quantile(times, 0.99) };
}

// Sequential: the loop and the bare loop, alternated in rounds so drift hits both alike.
const sequential = workloadRuntime(0);
const bare = bareLoop(0).run;
const loopRounds: number[] = [];
const loopP99: number[] = [];
const bareRounds: number[] = [];
// Seven rounds: the bare loop's microsecond is the ratio's denominator, and one round of it
// swings by a third on a busy 2-core machine.
for (let round = 0; round < 7; round++) {
  const loop = await perRun(5_000, sequential.run);
  loopRounds.push(loop.median);
  loopP99.push(loop.p99);
  bareRounds.push((await perRun(5_000, bare)).median);
}
const loopMedian = median(loopRounds);
const bareMedian = median(bareRounds);

// Concurrent: 10,000 runs at once around a 50 ms model, for the loop and for the bare loop.
const CONCURRENT = 10_000;

/** One side of the concurrent measure: its runs, and the heap weighed when all are in flight. */
interface ConcurrentSide {
  readonly run: () => Promise<unknown>;
  readonly resetFirstCalls: () => void;
  measuring: boolean;
  atPeak?: { heapUsed: number; retained: number };
}

function side(
  build: (onFirstCall: (count: number) => void) => {
    run: () => Promise<unknown>;
    resetFirstCalls: () => void;
  },
): ConcurrentSide {
  const state: { measuring: boolean; atPeak?: { heapUsed: number; retained: number } } = {
    measuring: false,
  };
  const built = build((firstCalls) => {
    if (!state.measuring || firstCalls !== CONCURRENT) return;
    const heapUsed = process.memoryUsage().heapUsed;
    gc!();
    state.atPeak = { heapUsed, retained: process.memoryUsage().heapUsed };
  });
  return Object.assign(state, built);
}

const loopSide = side((onFirstCall) => workloadRuntime(50, [], onFirstCall));
const bareSide = side((onFirstCall) => bareLoop(50, onFirstCall));

const timedBatch = (of: ConcurrentSide): Promise<number> =>
  timed(() => Promise.all(Array.from({ length: CONCURRENT }, () => of.run())));

/** Stops at the moment all 10,000 wait on their first model call to weigh the heap (a full GC there would distort a timed batch). */
async function weighedBatch(of: ConcurrentSide): Promise<{ atPeak: number; retained: number }> {
  gc!();
  of.measuring = true;
  of.resetFirstCalls();
  const baseline = process.memoryUsage().heapUsed;
  await timedBatch(of);
  of.measuring = false;
  if (!of.atPeak) throw new Error("the 10,000 runs never were all in flight at once");
  return {
    atPeak: (of.atPeak.heapUsed - baseline) / CONCURRENT,
    retained: (of.atPeak.retained - baseline) / CONCURRENT,
  };
}

// The first batch of each is cold (code not yet optimised) and timed on its own; then three
// steady batches of each, alternated so the machine's drift hits both alike, as a worker runs
// after its first minutes; the median of three because one batch on a busy 2-core machine swings
// by ±15%.
const coldWallMs = await timedBatch(loopSide);
const bareColdWallMs = await timedBatch(bareSide);
gc();
let peakRss = process.memoryUsage().rss;
const rssTimer = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 5);
const loopSteady: number[] = [];
const bareSteady: number[] = [];
for (let round = 0; round < 3; round++) {
  loopSteady.push(await timedBatch(loopSide));
  bareSteady.push(await timedBatch(bareSide));
}
clearInterval(rssTimer);
peakRss = Math.max(peakRss, process.memoryUsage().rss);
const wallMs = median(loopSteady);
const bareWallMs = median(bareSteady);
const loopHeap = await weighedBatch(loopSide);
const bareHeap = await weighedBatch(bareSide);

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
const seconds = (ms: number): string => `${(ms / 1_000).toFixed(2)} s`;
console.log(
  benchReport(
    {
      columns: [
        { title: "Measure" },
        { title: "Nucleo", align: "right" },
        { title: "Bare loop", align: "right" },
        { title: "Ratio", align: "right" },
        { title: "Aim", align: "right" },
      ],
      rows: [
        [
          "Per-run overhead, median of 7 × 5,000 sequential runs (zero-latency model)",
          `${loopMedian.toFixed(1)} µs`,
          `${bareMedian.toFixed(1)} µs`,
          ratio(loopMedian, bareMedian, 1),
          "≤ ×8",
        ],
        ["… p99", `${median(loopP99).toFixed(1)} µs`, "", "", ""],
        [
          "10,000 concurrent runs, 50 ms model: wall time (median of 3 steady batches)",
          seconds(wallMs),
          seconds(bareWallMs),
          ratio(wallMs, bareWallMs),
          "≤ ×2.5",
        ],
        [
          "… the first, cold batch",
          seconds(coldWallMs),
          seconds(bareColdWallMs),
          ratio(coldWallMs, bareColdWallMs),
          "",
        ],
        ["… heap per in-flight run, at peak", kb(loopHeap.atPeak), kb(bareHeap.atPeak), "", ""],
        [
          "… heap per in-flight run, retained after a full GC",
          kb(loopHeap.retained),
          kb(bareHeap.retained),
          "",
          "≤ 4 KB",
        ],
        [
          "… peak RSS of the process (both sides' steady batches)",
          `${(peakRss / 2 ** 20).toFixed(0)} MB`,
          "",
          "",
          "",
        ],
      ],
    },
    "- Each Nucleo run: a fresh thinker, its conversation, two model calls (seats reserved and settled on the catalog's admission, token-counted, priced), one tool job, every event, the answer crossing the boundary. The bare loop: zod-checked input, a client call, a zod-checked tool call, a second call, a zod-checked answer.",
  ),
);
