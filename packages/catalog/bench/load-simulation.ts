/**
 * A stretch of virtual time on one catalog entry: jobs of mixed sizes offered at a multiple of
 * the entry's limits, each reserving through the real `CatalogAdmission`, running for a while
 * and settling with less than it booked (or giving up after waiting too long). Reports the
 * worst 60-second window of real use against each limit, and how much of each limit was used.
 * Shared by the benchmark (an hour) and the tests (a few minutes). Plain erasable TypeScript:
 * Node runs it directly in the benchmark.
 */
import { CatalogAdmission, parseCatalog, type LimitName } from "@nucleo/catalog";
import { ManualTimers } from "@nucleo/core/testing";

/** What to simulate. */
export interface LoadSimulationOptions {
  readonly minutes: number;
  readonly limits: { readonly requestsPerMinute?: number; readonly tokensPerMinute?: number; readonly inputTokensPerMinute?: number; readonly outputTokensPerMinute?: number };
  /** Offered load as a multiple of the tightest token limit. */
  readonly offeredMultiple: number;
  readonly seed?: number;
}

/** What one limit saw. */
export interface LimitReport {
  readonly limit: LimitName;
  readonly max: number;
  /** The most real use in any 60-second window. */
  readonly worstWindow: number;
  /** Real use over the whole run ÷ (limit × minutes). */
  readonly utilisation: number;
}

/** The outcome of a simulation. */
export interface LoadSimulationReport {
  readonly offered: number;
  readonly served: number;
  readonly gaveUp: number;
  readonly limits: LimitReport[];
}

/** A granted seat as the provider saw it: booked at `at`, then using `input` and `output` tokens. */
export interface Grant {
  readonly at: number;
  input: number;
  output: number;
}

const MINUTE = 60_000;
const MEAN_INPUT = 4_000; // inputs are 200..7,800 tokens
const MEAN_BOOKED_OUTPUT = 2_176; // output budgets are 256..4,096 tokens
const MEAN_REAL_OUTPUT = MEAN_BOOKED_OUTPUT * 0.65; // calls use 30..100% of their budget

/** Runs the simulation to the end of its virtual time. */
export async function simulateLoad(options: LoadSimulationOptions): Promise<LoadSimulationReport> {
  const time = new ManualTimers(0);
  const catalog = parseCatalog([{
    id: "simulated", provider: "openai", model: "simulated", grade: "MEDIUM", contextWindow: 200_000, outputCeiling: 16_384,
    prices: { currency: "USD", effectiveFrom: "2025-01-01", source: "simulation", input: "1", output: "1" }, limits: options.limits,
  }], "simulation");
  const admission = new CatalogAdmission({ catalog, clock: time, timers: time });
  const random = seededRandom(options.seed ?? 7);
  const grants: Grant[] = [];
  let offered = 0;
  let served = 0;
  let gaveUp = 0;

  // Offer `offeredMultiple` times the job rate the binding limit sustains, at jobs' mean real use.
  const meanReal = { requestsPerMinute: 1, tokensPerMinute: MEAN_INPUT + MEAN_REAL_OUTPUT, inputTokensPerMinute: MEAN_INPUT, outputTokensPerMinute: MEAN_REAL_OUTPUT };
  const sustainable = Math.min(...(Object.entries(options.limits) as Array<[LimitName, number]>).map(([limit, max]) => max / 60 / meanReal[limit]));
  const jobsPerSecond = options.offeredMultiple * sustainable;

  const offerJob = (): void => {
    offered += 1;
    const inputTokens = 200 + Math.floor(random() * 7_600); // 200..7,800, mean 4,000
    const maxOutputTokens = 256 + Math.floor(random() * 3_840); // 256..4,096, mean ~2,176
    const controller = new AbortController();
    const giveUp = time.setTimeout(() => controller.abort(new Error("waited too long")), 5 * MINUTE);
    admission.reserve({ entryId: "simulated", inputTokens, maxOutputTokens }, { signal: controller.signal, jobId: String(offered) }).then(
      (seat) => {
        time.clearTimeout(giveUp);
        const grant: Grant = { at: seat.grantedAt, input: inputTokens, output: maxOutputTokens };
        grants.push(grant);
        time.setTimeout(() => {
          grant.output = Math.max(1, Math.floor(maxOutputTokens * (0.3 + random() * 0.7)));
          admission.settle(seat, { inputTokens, outputTokens: grant.output });
          served += 1;
        }, 1_000 + Math.floor(random() * 4_000));
      },
      () => {
        gaveUp += 1;
      },
    );
  };

  let carry = 0;
  const end = options.minutes * MINUTE;
  for (let second = 0; second * 1_000 < end; second++) {
    carry += jobsPerSecond;
    while (carry >= 1) {
      offerJob();
      carry -= 1;
    }
    time.advance(1_000);
    await Promise.resolve(); // let granted reservations' callbacks run
    await Promise.resolve();
  }
  return { offered, served, gaveUp, limits: reportLimits(options, grants, end) };
}

/** The worst 60-second window of real use, and use over the run, per declared limit. */
export function reportLimits(options: LoadSimulationOptions, grants: readonly Grant[], end: number): LimitReport[] {
  const measures: Array<[LimitName, number | undefined, (grant: Grant) => number]> = [
    ["requestsPerMinute", options.limits.requestsPerMinute, () => 1],
    ["tokensPerMinute", options.limits.tokensPerMinute, (grant) => grant.input + grant.output],
    ["inputTokensPerMinute", options.limits.inputTokensPerMinute, (grant) => grant.input],
    ["outputTokensPerMinute", options.limits.outputTokensPerMinute, (grant) => grant.output],
  ];
  const reports: LimitReport[] = [];
  for (const [limit, max, amount] of measures) {
    if (max === undefined) continue;
    // The worst window ends at some grant: slide a 60 s window over the grants in time order.
    let worstWindow = 0;
    let windowSum = 0;
    let start = 0;
    let total = 0;
    const ordered = [...grants].sort((a, b) => a.at - b.at);
    for (let index = 0; index < ordered.length; index++) {
      const grant = ordered[index]!;
      windowSum += amount(grant);
      total += amount(grant);
      while (ordered[start]!.at <= grant.at - MINUTE) windowSum -= amount(ordered[start++]!);
      worstWindow = Math.max(worstWindow, windowSum);
    }
    reports.push({ limit, max, worstWindow, utilisation: total / (max * (end / MINUTE)) });
  }
  return reports;
}

/** A small deterministic PRNG (mulberry32), so every run offers the same jobs. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}
