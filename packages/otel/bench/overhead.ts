/**
 * What the GenAiTraceObserver costs a thinker loop: per-run time of the workload
 * (bench/workload.ts: a fresh thinker, two model calls, one tool job) with no observer, with an
 * observer that does nothing (what any observer costs: events built, calls priced), and with
 * the GenAiTraceObserver on a real SDK provider (a BatchSpanProcessor around an exporter that
 * discards) under the default content policy and under `full`.
 *
 * The machine is shared and noisy, so the sides take turns: in each of 40 rounds every side
 * runs one block of 200 sequential runs (timed 20 at a time, so garbage collection is paid
 * where it falls), and each round gives a paired ratio to the no-observer block run beside it.
 * The figures are medians over the rounds. Runs against the built packages:
 * `node bench/overhead.ts` from packages/otel.
 */
import { GenAiTraceObserver } from "@nucleo/otel";
import { benchReport, median, microsPerCall } from "@nucleo/tooling/bench";
import {
  BatchSpanProcessor,
  TracerProvider,
  type ReadableSpan,
  type SpanExporter,
} from "@opentelemetry/sdk-trace";
import { workload } from "./workload.ts";

/** An exporter that takes every batch and keeps nothing: the cost measured is the observer's and the SDK's. */
class DiscardingExporter implements SpanExporter {
  spans = 0;
  export(spans: ReadableSpan[], done: (result: { code: 0 }) => void): void {
    this.spans += spans.length;
    done({ code: 0 });
  }
  async shutdown(): Promise<void> {}
}

function traced(content: "metadata" | "full") {
  const exporter = new DiscardingExporter();
  const provider = new TracerProvider({ spanProcessors: [new BatchSpanProcessor({ exporter })] });
  const observer = new GenAiTraceObserver({ tracer: provider.getTracer("bench"), content });
  return { run: workload([observer]), exporter, provider, observer };
}

const ROUNDS = 40;
const BLOCK = 200;
const PER_SAMPLE = 20;
const WARM_UP = 2_000;
/** µs per run over one block: the median of its samples, each the mean of 20 runs. */
const block = async (once: () => Promise<unknown>) =>
  median(
    await microsPerCall({ warmUp: 0, samples: BLOCK / PER_SAMPLE, perSample: PER_SAMPLE }, once),
  );

const metadata = traced("metadata");
const full = traced("full");
const sides = {
  bare: workload([]),
  events: workload([{ onEvent() {} }]),
  metadata: metadata.run,
  full: full.run,
};
type Side = keyof typeof sides;
// Every side warmed up before any is timed: the JIT sees all the paths first.
for (const run of Object.values(sides)) for (let index = 0; index < WARM_UP; index++) await run();
const perRun: Record<Side, number[]> = { bare: [], events: [], metadata: [], full: [] };
for (let round = 0; round < ROUNDS; round++)
  for (const [side, run] of Object.entries(sides)) perRun[side as Side].push(await block(run));
await Promise.all([metadata.provider.forceFlush(), full.provider.forceFlush()]);
const spansPerRun = metadata.exporter.spans / (WARM_UP + ROUNDS * BLOCK);
if (metadata.observer.openJobs !== 0 || full.observer.openJobs !== 0)
  throw new Error("the observer still follows jobs after every run ended");

const us = (value: number) => `${value.toFixed(1)} µs`;
/** The median over rounds of a side's block over the baseline's block of the same round. */
const paired = (side: Side, baseline: Side) =>
  `×${median(perRun[side].map((value, round) => value / perRun[baseline][round]!)).toFixed(2)}`;
const row = (name: string, side: Side, aim = "") => [
  name,
  us(median(perRun[side])),
  side === "bare" ? "" : paired(side, "bare"),
  side === "bare" || side === "events" ? "" : paired(side, "events"),
  aim,
];
console.log(
  benchReport(
    {
      columns: [
        { title: "Thinker loop, per run" },
        { title: "Median", align: "right" },
        { title: "vs no observer", align: "right" },
        { title: "vs an idle observer", align: "right" },
        { title: "Aim", align: "right" },
      ],
      rows: [
        row("No observer", "bare"),
        row("An observer that does nothing (events built, calls priced)", "events"),
        row("GenAiTraceObserver, content metadata (the default)", "metadata", "≤ ×1.5"),
        row("GenAiTraceObserver, content full", "full"),
      ],
    },
    `- Each run: a fresh chat thinker, two model calls (zero latency), one tool job; ${spansPerRun.toFixed(0)} spans per run, exported through a BatchSpanProcessor to an exporter that discards them. ${ROUNDS} rounds; in each, every side runs ${BLOCK} sequential runs timed ${PER_SAMPLE} at a time (its median sample is its figure), after ${WARM_UP.toLocaleString("en-US")} warm-up runs of each side. Ratios pair each round's blocks; all figures are medians over the rounds.`,
  ),
);
await Promise.all([metadata.provider.shutdown(), full.provider.shutdown()]);
