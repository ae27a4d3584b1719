/**
 * The thinker loop's overheads on the standard workload (bench/workload.ts): one tool, a model
 * that calls it once and then answers. Per-run overhead over 5,000 sequential runs around a
 * zero-latency model, beside a bare hand-written loop doing the same with zod; then 10,000
 * concurrent runs around a 50 ms model: wall time, peak RSS, and heap per in-flight thinker
 * (at the moment all 10,000 wait on their first model call, and after a full GC there). A first
 * batch of 10,000 warms the code up (its wall time is reported too); the second is measured.
 * Runs against the built packages: `node --expose-gc bench/run.ts`.
 */
import os from "node:os";
import { bareLoop } from "./bare-loop.ts";
import { workloadWorld } from "./workload.ts";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("Run with --expose-gc (pnpm bench does).");

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))]!;
}

async function perRun(runs: number, once: () => Promise<unknown>): Promise<{ median: number; p99: number }> {
  for (let index = 0; index < 3_000; index++) await once();
  const times: number[] = [];
  for (let index = 0; index < runs; index++) {
    const start = performance.now();
    await once();
    times.push((performance.now() - start) * 1_000);
  }
  return { median: percentile(times, 0.5), p99: percentile(times, 0.99) };
}

// Sequential: the loop and the bare loop, alternated in rounds so drift hits both alike.
const sequential = workloadWorld(0);
const bare = bareLoop();
const loopRounds: number[] = [];
const loopP99: number[] = [];
const bareRounds: number[] = [];
for (let round = 0; round < 3; round++) {
  const loop = await perRun(5_000, sequential.run);
  loopRounds.push(loop.median);
  loopP99.push(loop.p99);
  bareRounds.push((await perRun(5_000, bare)).median);
}
const loopMedian = percentile(loopRounds, 0.5);
const bareMedian = percentile(bareRounds, 0.5);

// Concurrent: 10,000 runs at once around a 50 ms model.
const CONCURRENT = 10_000;
let atPeak: { heapUsed: number; retained: number } | undefined;
let measuring = false;
const concurrent = workloadWorld(50, [], (firstCalls) => {
  if (!measuring || firstCalls !== CONCURRENT) return;
  const heapUsed = process.memoryUsage().heapUsed;
  gc();
  atPeak = { heapUsed, retained: process.memoryUsage().heapUsed };
});
// Batches of 10,000: the first is cold (code not yet optimised) and timed; three more are timed
// in steady state, as a worker runs after its first minutes; the last stops at the moment all
// 10,000 wait on their first model call to weigh the heap (a full GC there would distort a
// timed batch).
const timedBatch = async (): Promise<number> => {
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENT }, () => concurrent.run()));
  return performance.now() - started;
};
const coldWallMs = await timedBatch();
gc();
let peakRss = process.memoryUsage().rss;
const rssTimer = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 5);
// The median of three steady batches: one batch on a busy 2-core machine swings by ±15%.
const steady = [await timedBatch(), await timedBatch(), await timedBatch()];
const wallMs = percentile(steady, 0.5);
clearInterval(rssTimer);
peakRss = Math.max(peakRss, process.memoryUsage().rss);
gc();
measuring = true;
concurrent.resetFirstCalls();
const baseline = process.memoryUsage().heapUsed;
await timedBatch();
if (!atPeak) throw new Error("the 10,000 runs never were all in flight at once");

const cpu = os.cpus()[0]?.model.split(" ").slice(0, 2).join(" ") ?? "cpu";
console.log(`Node ${process.version} · ${os.platform()} ${os.arch()} · ${cpu} × ${os.cpus().length} · load ${os.loadavg().map((value) => value.toFixed(2)).join(" ")} · ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`);
console.log("");
console.log("| Measure | Figure | Aim |");
console.log("|---|--:|--:|");
console.log(`| Per-run overhead, median of 3 × 5,000 sequential runs (zero-latency model) | ${loopMedian.toFixed(1)} µs | < 25 µs |`);
console.log(`| Per-run overhead, p99 | ${percentile(loopP99, 0.5).toFixed(1)} µs | |`);
console.log(`| A bare hand-written loop with zod, same workload | ${bareMedian.toFixed(1)} µs (loop ×${(loopMedian / bareMedian).toFixed(1)}) | |`);
console.log(`| 10,000 concurrent runs, 50 ms model: wall time (median of 3 steady batches) | ${(wallMs / 1_000).toFixed(2)} s | < 0.6 s |`);
console.log(`| … the first, cold batch | ${(coldWallMs / 1_000).toFixed(2)} s | |`);
console.log(`| … peak RSS of the process | ${(peakRss / 2 ** 20).toFixed(0)} MB | |`);
console.log(`| … heap per in-flight thinker, at peak | ${((atPeak.heapUsed - baseline) / CONCURRENT / 1024).toFixed(1)} KB | < 10 KB |`);
console.log(`| … heap per in-flight thinker, retained after a full GC | ${((atPeak.retained - baseline) / CONCURRENT / 1024).toFixed(1)} KB | < 6 KB |`);
console.log("");
console.log("- Each run: a fresh thinker, its conversation, two model calls (seats reserved and settled on a rolling-window admission, token-counted, priced), one tool job, every event, the answer crossing the boundary. The bare loop: zod-checked input, a client call, a zod-checked tool call, a second call, a zod-checked answer.");
