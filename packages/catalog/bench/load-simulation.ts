/**
 * A stretch of virtual time on one catalog entry: jobs of mixed sizes offered at a multiple of
 * the entry's limits, each reserving through the real `CatalogAdmission`, running for a while
 * and settling with less than it booked (or giving up after waiting too long). With several
 * `processes`, one admission stands for each worker process, offered jobs round-robin, all
 * sharing one `InMemorySharedBudgetStore` (or, as a control, nothing); some calls are then
 * throttled (the entry cools down for the fleet) or fail (released whole). Reports the worst
 * 60-second window of real use across all processes together against each limit, and how much
 * of each limit was used. Shared by the benchmark (an hour) and the tests (a few minutes).
 * Plain erasable TypeScript: Node runs it directly in the benchmark.
 */
import {
  CatalogAdmission,
  type EntryPacing,
  InMemorySharedBudgetStore,
  parseCatalog,
  type LimitName,
} from "@nucleo/catalog";
import { silentLogger } from "@nucleo/core";
import { ManualTimers, runFor } from "@nucleo/core/testing";
import { seededRandom } from "./seeded-text.ts";

/** What to simulate. */
export interface LoadSimulationOptions {
  readonly minutes: number;
  readonly limits: {
    readonly requestsPerMinute?: number;
    readonly tokensPerMinute?: number;
    readonly inputTokensPerMinute?: number;
    readonly outputTokensPerMinute?: number;
  };
  /** Offered load as a multiple of the tightest token limit. */
  readonly offeredMultiple: number;
  readonly seed?: number;
  /** Admissions standing for worker processes. Default 1. */
  readonly processes?: number;
  /** Whether the admissions share one store; false keeps each budget to itself. Default false (true for {@link simulateSharedLoad}). */
  readonly shareStore?: boolean;
  /** Share of calls the provider throttles with a 2-second retry-after. Default 0 (0.03 for {@link simulateSharedLoad}). */
  readonly throttledShare?: number;
  /** Share of calls that fail and are released whole. Default 0 (0.02 for {@link simulateSharedLoad}). */
  readonly failedShare?: number;
  /** The admissions' guard band (ms). Default: the admission's own. */
  readonly guardMs?: number;
  /** The entry's pacing. Default: the catalog's. */
  readonly pacing?: EntryPacing;
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
  readonly throttled: number;
  readonly failed: number;
  /** Calls served by each process: the fleet shares the entry, no process starves. */
  readonly servedPerProcess: number[];
  /** Failures the admissions reported from the store (none expected of the in-memory one). */
  readonly storeErrors: number;
  readonly limits: LimitReport[];
}

/** A granted seat as the provider saw it: booked at `at`, then using `input` and `output` tokens. */
export interface Grant {
  readonly at: number;
  input: number;
  output: number;
  /** Throttled or failed: the booking was cancelled and the call counts nothing. */
  cancelled: boolean;
}

const MINUTE = 60_000;
/** Mean input tokens of a simulated job: inputs are 200..7,800 tokens. */
export const MEAN_INPUT = 4_000;
const MEAN_BOOKED_OUTPUT = 2_176; // output budgets are 256..4,096 tokens
/** Mean output tokens a simulated call uses: 30..100% of a 256..4,096-token budget. */
export const MEAN_REAL_OUTPUT = MEAN_BOOKED_OUTPUT * 0.65;

/** The one-entry catalog every simulation runs on: `simulated`, MEDIUM, under `limits`. */
export function simulatedCatalog(limits: LoadSimulationOptions["limits"], pacing?: EntryPacing) {
  return parseCatalog(
    [
      {
        id: "simulated",
        provider: "openai",
        model: "simulated",
        grade: "MEDIUM",
        contextWindow: 200_000,
        outputCeiling: 16_384,
        prices: {
          currency: "USD",
          effectiveFrom: "2025-01-01",
          source: "simulation",
          input: "1",
          output: "1",
        },
        limits,
        ...(pacing === undefined ? {} : { pacing }),
      },
    ],
    "simulation",
  );
}

/** The most of `amount` in any 60-second window of `items`, which are in time order. */
export function worstWindowOf<TItem extends { readonly at: number }>(
  items: readonly TItem[],
  amount: (item: TItem) => number,
): number {
  let worst = 0;
  let sum = 0;
  let start = 0;
  for (const item of items) {
    sum += amount(item);
    while (items[start]!.at <= item.at - MINUTE) sum -= amount(items[start++]!);
    worst = Math.max(worst, sum);
  }
  return worst;
}

/** Runs the simulation to the end of its virtual time. */
export async function simulateLoad(options: LoadSimulationOptions): Promise<LoadSimulationReport> {
  const time = new ManualTimers(0);
  const catalog = simulatedCatalog(options.limits, options.pacing);
  const store = options.shareStore === true ? new InMemorySharedBudgetStore() : undefined;
  let storeErrors = 0;
  const admissions = Array.from(
    { length: options.processes ?? 1 },
    () =>
      new CatalogAdmission({
        catalog,
        clock: time,
        timers: time,
        guardMs: options.guardMs,
        shared: store,
        logger: { ...silentLogger, warn: () => (storeErrors += 1) },
      }),
  );
  const random = seededRandom(options.seed ?? 7);
  const throttledShare = options.throttledShare ?? 0;
  const failedShare = options.failedShare ?? 0;
  const grants: Grant[] = [];
  const servedPerProcess = admissions.map(() => 0);
  let offered = 0;
  let gaveUp = 0;
  let throttled = 0;
  let failed = 0;

  // Offer `offeredMultiple` times the job rate the binding limit sustains, at jobs' mean real use.
  const meanReal = {
    requestsPerMinute: 1,
    tokensPerMinute: MEAN_INPUT + MEAN_REAL_OUTPUT,
    inputTokensPerMinute: MEAN_INPUT,
    outputTokensPerMinute: MEAN_REAL_OUTPUT,
  };
  const sustainable = Math.min(
    ...(Object.entries(options.limits) as Array<[LimitName, number]>).map(
      ([limit, max]) => max / 60 / meanReal[limit],
    ),
  );
  const jobsPerSecond = options.offeredMultiple * sustainable;

  const offerJob = (): void => {
    const process = offered % admissions.length;
    const admission = admissions[process]!;
    offered += 1;
    const inputTokens = 200 + Math.floor(random() * 7_600); // 200..7,800, mean 4,000
    const maxOutputTokens = 256 + Math.floor(random() * 3_840); // 256..4,096, mean ~2,176
    const controller = new AbortController();
    const giveUp = time.setTimeout(
      () => controller.abort(new Error("waited too long")),
      5 * MINUTE,
    );
    admission
      .reserve(
        { entryId: "simulated", inputTokens, maxOutputTokens },
        { signal: controller.signal, jobId: String(offered) },
      )
      .then(
        (seat) => {
          time.clearTimeout(giveUp);
          const grant: Grant = {
            at: seat.grantedAt,
            input: inputTokens,
            output: maxOutputTokens,
            cancelled: false,
          };
          grants.push(grant);
          // Drawn only when calls can go wrong, so a run without failures offers the same jobs as ever.
          const outcome = throttledShare + failedShare > 0 ? random() : 1;
          time.setTimeout(
            () => {
              if (outcome < throttledShare) {
                grant.cancelled = true;
                throttled += 1;
                admission.throttled(seat, 2_000);
              } else if (outcome < throttledShare + failedShare) {
                grant.cancelled = true;
                failed += 1;
                admission.release(seat);
              } else {
                grant.output = Math.max(1, Math.floor(maxOutputTokens * (0.3 + random() * 0.7)));
                admission.settle(seat, { inputTokens, outputTokens: grant.output });
                servedPerProcess[process]! += 1;
              }
            },
            1_000 + Math.floor(random() * 4_000),
          );
        },
        () => {
          gaveUp += 1;
        },
      );
  };

  let carry = 0;
  const end = options.minutes * MINUTE;
  while (time.now() < end) {
    carry += jobsPerSecond;
    for (; carry >= 1; carry -= 1) offerJob();
    await runFor(time, 1_000);
  }
  const served = servedPerProcess.reduce((sum, count) => sum + count, 0);
  const real = grants.filter((grant) => !grant.cancelled);
  return {
    offered,
    served,
    gaveUp,
    throttled,
    failed,
    servedPerProcess,
    storeErrors,
    limits: reportLimits(options, real, end),
  };
}

/**
 * The fleet: `processes` admissions sharing one store, with 3% of calls throttled and 2% failed
 * unless the options say otherwise (`shareStore: false` is the control run).
 */
export function simulateSharedLoad(
  options: LoadSimulationOptions & { readonly processes: number },
): Promise<LoadSimulationReport> {
  return simulateLoad({ shareStore: true, throttledShare: 0.03, failedShare: 0.02, ...options });
}

/** The worst 60-second window of real use, and use over the run, per declared limit. */
function reportLimits(
  options: LoadSimulationOptions,
  grants: readonly Grant[],
  end: number,
): LimitReport[] {
  const measures: Array<[LimitName, number | undefined, (grant: Grant) => number]> = [
    ["requestsPerMinute", options.limits.requestsPerMinute, () => 1],
    ["tokensPerMinute", options.limits.tokensPerMinute, (grant) => grant.input + grant.output],
    ["inputTokensPerMinute", options.limits.inputTokensPerMinute, (grant) => grant.input],
    ["outputTokensPerMinute", options.limits.outputTokensPerMinute, (grant) => grant.output],
  ];
  const reports: LimitReport[] = [];
  for (const [limit, max, amount] of measures) {
    if (max === undefined) continue;
    const ordered = [...grants].sort((a, b) => a.at - b.at);
    const worstWindow = worstWindowOf(ordered, amount);
    const total = ordered.reduce((sum, grant) => sum + amount(grant), 0);
    reports.push({ limit, max, worstWindow, utilisation: total / (max * (end / MINUTE)) });
  }
  return reports;
}
