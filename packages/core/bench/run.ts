/**
 * Dispatcher benchmark for @nucleo/core: the cost of one no-op job, sequential throughput, a
 * 10,000-child fan-out (wall time and heap per in-flight child), and what observers add.
 * Prints a markdown table for the README. Runs against the built package (`pnpm build` first;
 * turbo's `bench` task does it). Node runs this file directly (type stripping), so it keeps to
 * erasable TypeScript syntax.
 */
import { spawnSync } from "node:child_process";
import { z } from "zod";
import { AbstractDoer, AbstractTool, CostLedger, JobDispatcher } from "@nucleo/core";
import type { JobContext, RunObserver } from "@nucleo/core";
import { fixed, machineLine, median, quantile } from "@nucleo/tooling/bench";

const BATCH = 100; // sequential jobs per latency sample
const LATENCY_ROUNDS = 10;
const BATCHES_PER_ROUND = 200; // 10 × 200 × 100 = 200,000 timed jobs per configuration
const THROUGHPUT_JOBS = 100_000;
const THROUGHPUT_RUNS = 7;
const FAN_OUT = 10_000;
const FAN_OUT_WARMUPS = 2;
const FAN_OUT_RUNS = 9;
const HEAP_RUNS = 3;

const AIM_JOB_MEDIAN_US = 5;
const AIM_FAN_OUT_MS = 50;
const AIM_HEAP_BYTES = 2 * 1024;

// ---- Jobs ---------------------------------------------------------------------------------

const anything = z.unknown();

/** Does nothing: what remains is the dispatcher's own cost. */
class NoopTool extends AbstractTool<unknown, unknown> {
  readonly name = "noop";
  readonly input = anything;
  readonly output = anything;
  execute(): unknown {
    return 1;
  }
}

/** Parks on a shared gate, so every child stays in flight until the gate opens. */
class GatedTool extends AbstractTool<unknown, unknown> {
  readonly name = "gated";
  readonly input = anything;
  readonly output = anything;
  #started = 0;
  #onAllStarted: () => void = () => {};
  #gate: Promise<unknown> = Promise.resolve();

  /** Closes the gate; resolves when `count` children are parked behind it. */
  arm(count: number): { allStarted: Promise<void>; release: () => void } {
    this.#started = 0;
    let release = (): void => {};
    this.#gate = new Promise((resolve) => (release = () => resolve(1)));
    const allStarted = new Promise<void>((resolve) => {
      this.#onAllStarted = () => (++this.#started === count ? resolve() : undefined);
    });
    return { allStarted, release };
  }

  // Returns the shared promise (no async frame of its own): the heap figure stays the dispatcher's.
  execute(): Promise<unknown> {
    this.#onAllStarted();
    return this.#gate;
  }
}

/** One step of `FAN_OUT` parallel children, all awaited together. */
class FanOutDoer extends AbstractDoer<unknown, unknown> {
  readonly name = "fan_out";
  readonly input = anything;
  readonly output = anything;
  readonly #child: AbstractTool<unknown, unknown>;

  constructor(child: AbstractTool<unknown, unknown>) {
    super();
    this.#child = child;
  }

  async execute(_input: unknown, context: JobContext): Promise<unknown> {
    context.nextStep();
    const handles = [];
    for (let index = 0; index < FAN_OUT; index++)
      handles.push(context.submitInCurrentStep(this.#child, null));
    const results = await Promise.all(handles);
    return results.length;
  }
}

// ---- Configurations and helpers -------------------------------------------------------------

interface Setup {
  readonly label: string;
  readonly observers: () => RunObserver[];
}

const SETUPS: readonly Setup[] = [
  { label: "No observers", observers: () => [] },
  { label: "No-op observer", observers: () => [{ onEvent() {} }] },
  { label: "CostLedger", observers: () => [new CostLedger()] },
];

type Figures = number[][]; // per setup, its samples

const noop = new NoopTool();

function collectGarbage(): void {
  globalThis.gc!();
  globalThis.gc!();
}

/** Visits every setup `rounds` times, rotating the order, so drift on a noisy machine spreads evenly. */
async function interleaved(
  rounds: number,
  measure: (setup: Setup, samples: number[]) => Promise<void>,
): Promise<Figures> {
  const figures: Figures = SETUPS.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (let offset = 0; offset < SETUPS.length; offset++) {
      const index = (round + offset) % SETUPS.length;
      collectGarbage();
      await measure(SETUPS[index]!, figures[index]!);
    }
  }
  return figures;
}

const nowMs = (): number => performance.now();

async function runSequential(dispatcher: JobDispatcher, jobs: number): Promise<void> {
  for (let index = 0; index < jobs; index++) await dispatcher.submit(noop, null);
}

// ---- Scenarios ------------------------------------------------------------------------------

/** Per-job µs of `BATCH` sequential submit→await round trips, one sample per batch. */
async function noopLatency(): Promise<Figures> {
  for (const setup of SETUPS)
    await runSequential(new JobDispatcher({ observers: setup.observers() }), 30_000);
  return interleaved(LATENCY_ROUNDS, async (setup, samples) => {
    const dispatcher = new JobDispatcher({ observers: setup.observers() });
    await runSequential(dispatcher, BATCH);
    for (let batch = 0; batch < BATCHES_PER_ROUND; batch++) {
      const start = nowMs();
      for (let index = 0; index < BATCH; index++) await dispatcher.submit(noop, null);
      samples.push(((nowMs() - start) * 1000) / BATCH);
    }
  });
}

/** Total ms of `THROUGHPUT_JOBS` sequential no-op jobs on a fresh dispatcher. */
async function throughput(): Promise<Figures> {
  return interleaved(THROUGHPUT_RUNS, async (setup, samples) => {
    const dispatcher = new JobDispatcher({ observers: setup.observers() });
    const start = nowMs();
    await runSequential(dispatcher, THROUGHPUT_JOBS);
    samples.push(nowMs() - start);
  });
}

/** Wall ms from submitting the fan-out doer to its result. */
async function fanOutWall(): Promise<Figures> {
  const doer = new FanOutDoer(noop);
  for (const setup of SETUPS) {
    for (let run = 0; run < FAN_OUT_WARMUPS; run++)
      await new JobDispatcher({ observers: setup.observers() }).submit(doer, null);
  }
  return interleaved(FAN_OUT_RUNS, async (setup, samples) => {
    const dispatcher = new JobDispatcher({ observers: setup.observers() });
    const start = nowMs();
    const children = await dispatcher.submit(doer, null);
    samples.push(nowMs() - start);
    if (children !== FAN_OUT)
      throw new Error(`fan-out returned ${String(children)} results, expected ${FAN_OUT}`);
  });
}

/** Heap bytes per child while all `FAN_OUT` children are parked in flight at once. */
async function fanOutHeap(): Promise<Figures> {
  const gated = new GatedTool();
  const doer = new FanOutDoer(gated);
  return interleaved(HEAP_RUNS, async (setup, samples) => {
    const dispatcher = new JobDispatcher({ observers: setup.observers() });
    const { allStarted, release } = gated.arm(FAN_OUT);
    collectGarbage();
    const before = process.memoryUsage().heapUsed;
    const handle = dispatcher.submit(doer, null);
    await allStarted;
    collectGarbage();
    const during = process.memoryUsage().heapUsed;
    release();
    await handle;
    samples.push((during - before) / FAN_OUT);
  });
}

/** Fails loudly if the setups do not exercise what they claim (events really flow to observers). */
async function sanityCheck(): Promise<void> {
  const seen: string[] = [];
  const dispatcher = new JobDispatcher({
    observers: [{ onEvent: (event) => seen.push(event.type) }],
  });
  const output = await dispatcher.submit(noop, null);
  if (output !== 1) throw new Error(`no-op job returned ${String(output)}, expected 1`);
  if (!seen.includes("job.submitted") || !seen.includes("job.finished"))
    throw new Error(`observer saw only [${seen.join(", ")}]`);
}

// ---- Report -------------------------------------------------------------------------------

const mark = (ok: boolean): string => (ok ? "✅" : "❌");

/** One table row: the baseline, then each observer setup with its ratio to the baseline. */
function row(
  measure: string,
  values: readonly number[],
  format: (value: number) => string,
  aim?: { text: string; ok: (value: number) => boolean },
): string {
  const cells = values.map((value, index) => {
    const text = aim ? `${format(value)} ${mark(aim.ok(value))}` : format(value);
    return index === 0 ? text : `${text} (×${fixed(value / values[0]!, 2)})`;
  });
  return `| ${measure} | ${cells.join(" | ")} | ${aim?.text ?? "—"} |`;
}

async function main(): Promise<void> {
  const started = nowMs();
  await sanityCheck();
  const step = (name: string): void =>
    void process.stderr.write(`bench: ${name} (${((nowMs() - started) / 1000).toFixed(1)} s)\n`);
  step("no-op latency");
  const latency = await noopLatency();
  step("throughput");
  const sequential = await throughput();
  step("fan-out wall time");
  const wall = await fanOutWall();
  step("fan-out heap");
  const heap = await fanOutHeap();
  step("done");

  const medians = (figures: Figures): number[] => figures.map(median);
  const throughputMs = medians(sequential);
  const lines = [
    machineLine(),
    "",
    `| Measure | ${SETUPS.map((setup) => setup.label).join(" | ")} | Aim |`,
    `|---|${SETUPS.map(() => "--:").join("|")}|---|`,
    row("No-op job, submit → result: median µs/job", medians(latency), (value) => fixed(value, 2), {
      text: `< ${AIM_JOB_MEDIAN_US} µs`,
      ok: (value) => value < AIM_JOB_MEDIAN_US,
    }),
    row(
      "No-op job: p99 µs/job",
      latency.map((samples) => quantile(samples, 0.99)),
      (value) => fixed(value, 2),
    ),
    row(
      `${THROUGHPUT_JOBS.toLocaleString("en-US")} sequential no-op jobs: ms`,
      throughputMs,
      (value) => fixed(value, 0),
    ),
    row(
      "Sequential throughput: jobs/s",
      throughputMs.map((ms) => (THROUGHPUT_JOBS * 1000) / ms),
      (value) => fixed(value, 0),
    ),
    row(
      `${FAN_OUT.toLocaleString("en-US")} parallel children in one step: wall ms`,
      medians(wall),
      (value) => fixed(value, 1),
      { text: `< ${AIM_FAN_OUT_MS} ms`, ok: (value) => value < AIM_FAN_OUT_MS },
    ),
    row("Heap per in-flight child: bytes", medians(heap), (value) => fixed(value, 0), {
      text: `< ${AIM_HEAP_BYTES.toLocaleString("en-US")} B (2 KiB)`,
      ok: (value) => value < AIM_HEAP_BYTES,
    }),
    "",
    `- No-op job: ${LATENCY_ROUNDS * BATCHES_PER_ROUND} samples per setup, each the mean of ${BATCH} sequential \`await dispatcher.submit(tool, input)\` ` +
      "with `z.unknown()` schemas, after 30,000 warm-up jobs; the p99 is of those per-batch means.",
    `- Sequential: one fresh dispatcher per run, median of ${THROUGHPUT_RUNS} runs (includes GC, which the latency median mostly skips).`,
    `- Fan-out: a doer's \`nextStep()\`, ${FAN_OUT.toLocaleString("en-US")} × \`submitInCurrentStep\`, then \`await Promise.all(handles)\`; ` +
      `submit to result, median of ${FAN_OUT_RUNS} runs after ${FAN_OUT_WARMUPS} warm-ups.`,
    `- Heap: \`heapUsed\` after a forced GC while all ${FAN_OUT.toLocaleString("en-US")} children wait on one gate, minus before, ÷ ${FAN_OUT.toLocaleString("en-US")}; ` +
      `median of ${HEAP_RUNS} runs. Includes the \`Promise.all\` over handles and, in its column, what the ledger keeps per job.`,
    '- Setups run interleaved, round by round, on fresh dispatchers; (×n) is the ratio to "No observers" in the same run. ' +
      `Whole bench: ${((nowMs() - started) / 1000).toFixed(1)} s.`,
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
}

if (typeof globalThis.gc === "function") {
  await main();
} else {
  // Heap figures need forced GCs: run again with --expose-gc, same Node, same arguments.
  const child = spawnSync(
    process.execPath,
    ["--expose-gc", ...process.execArgv, ...process.argv.slice(1)],
    { stdio: "inherit" },
  );
  if (child.error) throw child.error;
  process.exitCode = child.status ?? 1;
}
