/**
 * Pacing against rolling windows on one load, in virtual time: a closed loop of `inFlight`
 * jobs per process (each finished job starts the next, as a worker's workflows do) on one
 * catalog entry, sized so that unhindered they would use `loadMultiple` times its
 * tokens-per-minute limit. Each job reserves through the real `CatalogAdmission` (processes
 * share one `InMemorySharedBudgetStore`), calls a provider for 1–5 s and settles with 30–100%
 * of its output budget. The provider keeps its own rolling minute at the limit and answers 429
 * past it. Reports each seat's wait for admission, utilisation, 429s and the worst 60-second
 * window. Plain erasable TypeScript: Node runs it directly in the benchmark.
 */
import {
  CatalogAdmission,
  type EntryPacing,
  InMemorySharedBudgetStore,
  type SharedBudgetStore,
} from "@nucleo/catalog";
import { silentLogger } from "@nucleo/core";
import { ManualTimers, runFor } from "@nucleo/core/testing";
import { quantile } from "@nucleo/tooling/bench";
import {
  MEAN_INPUT,
  MEAN_REAL_OUTPUT,
  simulatedCatalog,
  worstWindowOf,
} from "./load-simulation.ts";
import { seededRandom } from "./seeded-text.ts";

/** What to simulate. */
export interface ClosedLoopOptions {
  readonly minutes: number;
  /** Jobs in flight per process. */
  readonly inFlight: number;
  /** Unhindered use as a multiple of the limit: sets the entry's tokens-per-minute limit. */
  readonly loadMultiple: number;
  readonly pacing: EntryPacing;
  /** Admissions standing for worker processes, sharing one store (1: no store). Default 1. */
  readonly processes?: number;
  /** False: the store ignores the calls' fleet turns (as before they existed). Default true. */
  readonly fleetTurns?: boolean;
  readonly seed?: number;
}

/** What the load saw. */
export interface ClosedLoopReport {
  readonly tokensPerMinute: number;
  readonly served: number;
  /** Seat waits for admission (ms). */
  readonly waitP50: number;
  readonly waitP99: number;
  readonly waitMax: number;
  /** Share of seats that waited more than 10 s. */
  readonly waitedOver10s: number;
  /** Tokens the provider served ÷ (limit × minutes), after the first minute. */
  readonly utilisation: number;
  readonly throttled: number;
  /** The most tokens the provider saw in any 60-second window, ÷ the limit. */
  readonly worstWindow: number;
}

const MINUTE = 60_000;
const MEAN_CALL_MS = 3_000;
const MEAN_TOKENS = MEAN_INPUT + MEAN_REAL_OUTPUT;

/** Runs the loop to the end of its virtual time. */
export async function simulateClosedLoop(options: ClosedLoopOptions): Promise<ClosedLoopReport> {
  const time = new ManualTimers(0);
  const processes = options.processes ?? 1;
  // The limit that `inFlight` jobs per process, unhindered, would use `loadMultiple` times over.
  const perMinuteEach = (MINUTE / MEAN_CALL_MS) * MEAN_TOKENS;
  const inFlight = options.inFlight;
  const limit = Math.round((inFlight * processes * perMinuteEach) / options.loadMultiple);
  const catalog = simulatedCatalog({ tokensPerMinute: limit }, options.pacing);
  const inner = processes > 1 ? new InMemorySharedBudgetStore() : undefined;
  const store: SharedBudgetStore | undefined =
    inner && options.fleetTurns === false
      ? {
          book: (...args) => inner.book(...args),
          bookInOrder: (terms, seats, now, windowMs) =>
            inner.bookInOrder(terms, seats, now, windowMs),
          settle: (...args) => inner.settle(...args),
          cancel: (...args) => inner.cancel(...args),
          coolDown: (...args) => inner.coolDown(...args),
        }
      : inner;
  const admissions = Array.from(
    { length: processes },
    () =>
      new CatalogAdmission({
        catalog,
        clock: time,
        timers: time,
        shared: store,
        logger: silentLogger,
      }),
  );
  const random = seededRandom(options.seed ?? 5);
  const waits: number[] = [];
  const served: Array<{ at: number; tokens: number }> = [];
  let throttled = 0;
  const end = options.minutes * MINUTE;
  const signal = new AbortController().signal;

  const provider = {
    window: [] as Array<{ at: number; tokens: number }>,
    sum: 0,
    /** Takes the call when its minute has room, as the provider's own limiter would. */
    accepts(at: number, tokens: number): boolean {
      while (this.window.length > 0 && this.window[0]!.at <= at - MINUTE)
        this.sum -= this.window.shift()!.tokens;
      if (this.sum + tokens > limit) return false;
      this.window.push({ at, tokens });
      this.sum += tokens;
      return true;
    },
  };

  const job = (admission: CatalogAdmission): void => {
    if (time.now() >= end) return;
    const inputTokens = 200 + Math.floor(random() * 7_600);
    const maxOutputTokens = 256 + Math.floor(random() * 3_840);
    const outputTokens = Math.max(1, Math.floor(maxOutputTokens * (0.3 + random() * 0.7)));
    const callMs = 1_000 + Math.floor(random() * 4_000);
    const offeredAt = time.now();
    void admission
      .reserve({ entryId: "simulated", inputTokens, maxOutputTokens }, { signal, jobId: "job" })
      .then((seat) => {
        waits.push(seat.grantedAt - offeredAt);
        // The provider counts the request as it arrives, with what it will use.
        if (!provider.accepts(time.now(), inputTokens + outputTokens)) {
          throttled += 1;
          admission.throttled(seat, 1_000);
          return job(admission);
        }
        served.push({ at: time.now(), tokens: inputTokens + outputTokens });
        time.setTimeout(() => {
          admission.settle(seat, { inputTokens, outputTokens });
          job(admission);
        }, callMs);
      });
  };

  for (const admission of admissions) for (let index = 0; index < inFlight; index++) job(admission);
  await runFor(time, end);
  const sorted = [...waits].sort((a, b) => a - b);
  const afterFirstMinute = served
    .filter((call) => call.at >= MINUTE)
    .reduce((sum, call) => sum + call.tokens, 0);
  return {
    tokensPerMinute: limit,
    served: served.length,
    waitP50: quantile(sorted, 0.5),
    waitP99: quantile(sorted, 0.99),
    waitMax: sorted.at(-1) ?? 0,
    waitedOver10s: sorted.filter((wait) => wait > 10_000).length / Math.max(1, sorted.length),
    utilisation: afterFirstMinute / (limit * (options.minutes - 1)),
    throttled,
    worstWindow: worstWindowOf(served, (call) => call.tokens) / limit,
  };
}
