/**
 * A stretch of virtual time on one catalog entry admitted by several `CatalogAdmission`s, each
 * standing for a worker process, sharing one `InMemorySharedBudgetStore` (or, as a control,
 * not sharing anything). Jobs of mixed sizes are offered round-robin at a multiple of the
 * entry's limits; calls settle with less than they booked, and some are throttled (the entry
 * cools down for the fleet) or fail (released whole). Reports the worst 60-second window of
 * real use across all processes together. Shared by the benchmark and the tests. Plain
 * erasable TypeScript: Node runs it directly in the benchmark.
 */
import { CatalogAdmission, InMemorySharedBudgetStore, parseCatalog, type LimitName } from "@nucleo/catalog";
import { ManualTimers, runFor } from "@nucleo/core/testing";
import { reportLimits, seededRandom, type Grant, type LoadSimulationOptions, type LoadSimulationReport } from "./load-simulation.ts";

/** What to simulate. */
export interface SharedLoadSimulationOptions extends LoadSimulationOptions {
  /** Admissions standing for worker processes. */
  readonly processes: number;
  /** False for the control run: the admissions keep their budgets to themselves. Default true. */
  readonly shareStore?: boolean;
  /** Share of calls the provider throttles with a 2-second retry-after. Default 0.03. */
  readonly throttledShare?: number;
  /** Share of calls that fail and are released whole. Default 0.02. */
  readonly failedShare?: number;
  /** The admissions' guard band (ms). Default 1,000. */
  readonly guardMs?: number;
}

/** The outcome of a shared simulation. */
export interface SharedLoadSimulationReport extends LoadSimulationReport {
  readonly throttled: number;
  readonly failed: number;
  /** Calls served by each process: the fleet shares the entry, no process starves. */
  readonly servedPerProcess: number[];
  /** Failures the admissions reported from the store (none expected of the in-memory one). */
  readonly storeErrors: number;
}

interface LoggedGrant extends Grant {
  /** Throttled or failed: the booking was cancelled and the call counts nothing. */
  cancelled: boolean;
}

const MINUTE = 60_000;
const MEAN_INPUT = 4_000;
const MEAN_REAL_OUTPUT = 2_176 * 0.65;

/** Runs the simulation to the end of its virtual time. */
export async function simulateSharedLoad(options: SharedLoadSimulationOptions): Promise<SharedLoadSimulationReport> {
  const time = new ManualTimers(0);
  const catalog = parseCatalog([{
    id: "simulated", provider: "openai", model: "simulated", grade: "MEDIUM", contextWindow: 200_000, outputCeiling: 16_384,
    prices: { currency: "USD", effectiveFrom: "2025-01-01", source: "simulation", input: "1", output: "1" }, limits: options.limits,
  }], "simulation");
  const store = new InMemorySharedBudgetStore();
  let storeErrors = 0;
  const admissions = Array.from({ length: options.processes }, () => new CatalogAdmission({
    catalog, clock: time, timers: time, guardMs: options.guardMs, shared: options.shareStore === false ? undefined : store,
    onSharedError: () => {
      storeErrors += 1;
    },
  }));
  const random = seededRandom(options.seed ?? 7);
  const throttledShare = options.throttledShare ?? 0.03;
  const failedShare = options.failedShare ?? 0.02;
  const grants: LoggedGrant[] = [];
  const servedPerProcess = admissions.map(() => 0);
  let offered = 0;
  let gaveUp = 0;
  let throttled = 0;
  let failed = 0;

  const meanReal = { requestsPerMinute: 1, tokensPerMinute: MEAN_INPUT + MEAN_REAL_OUTPUT, inputTokensPerMinute: MEAN_INPUT, outputTokensPerMinute: MEAN_REAL_OUTPUT };
  const sustainable = Math.min(...(Object.entries(options.limits) as Array<[LimitName, number]>).map(([limit, max]) => max / 60 / meanReal[limit]));
  const jobsPerSecond = options.offeredMultiple * sustainable;

  const offerJob = (): void => {
    const process = offered % admissions.length;
    const admission = admissions[process]!;
    offered += 1;
    const inputTokens = 200 + Math.floor(random() * 7_600);
    const maxOutputTokens = 256 + Math.floor(random() * 3_840);
    const controller = new AbortController();
    const giveUp = time.setTimeout(() => controller.abort(new Error("waited too long")), 5 * MINUTE);
    admission.reserve({ entryId: "simulated", inputTokens, maxOutputTokens }, { signal: controller.signal, jobId: String(offered) }).then(
      (seat) => {
        time.clearTimeout(giveUp);
        const grant: LoggedGrant = { at: seat.grantedAt, input: inputTokens, output: maxOutputTokens, cancelled: false };
        grants.push(grant);
        const outcome = random();
        time.setTimeout(() => {
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
        }, 1_000 + Math.floor(random() * 4_000));
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
  return { offered, served, gaveUp, throttled, failed, servedPerProcess, storeErrors, limits: reportLimits(options, real, end) };
}
