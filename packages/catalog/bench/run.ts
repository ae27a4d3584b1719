/**
 * Admission benchmark for @nucleo/catalog: the cost of one reservation plus its settlement
 * (alone, and through a shared in-memory store), and an hour of virtual time at three times
 * an entry's limits (worst 60-second window and utilisation per limit), for one process and
 * for three sharing a store. Runs against the built package (`pnpm build` first; turbo's
 * `bench` task does it). Token counting has its own script, bench/tokens.ts.
 */
import {
  CatalogAdmission,
  InMemorySharedBudgetStore,
  parseCatalog,
  type SharedBudgetStore,
} from "@nucleo/catalog";
import {
  benchEntry,
  benchReport,
  markdownTable,
  median,
  microsPerCall,
  quantile,
} from "@nucleo/tooling/bench";
import { simulateLoad, simulateSharedLoad, type LoadSimulationReport } from "./load-simulation.ts";

const SAMPLES = 400;
const PER_SAMPLE = 250;

/** Per-call cost of reserve + settle on an entry that never waits; with `shared`, every seat is booked in that store first. */
async function reservationOverhead(
  shared?: SharedBudgetStore,
): Promise<{ median: number; p99: number }> {
  const catalog = parseCatalog(
    [
      benchEntry({
        id: "roomy",
        grade: "MEDIUM",
        contextWindow: 200_000,
        outputCeiling: 16_384,
        prices: { input: "1", output: "1" },
      }),
    ],
    "bench",
  );
  const admission = new CatalogAdmission({ catalog, shared });
  const signal = new AbortController().signal;
  const request = { entryId: "roomy", inputTokens: 1_200, maxOutputTokens: 4_096 };
  const usage = { inputTokens: 1_200, outputTokens: 900 };
  const once = async (): Promise<void> => {
    const seat = await admission.reserve(request, { signal, jobId: "bench" });
    admission.settle(seat, usage);
  };
  const perCall = await microsPerCall(
    { warmUp: 20_000, samples: SAMPLES, perSample: PER_SAMPLE },
    once,
  );
  return { median: median(perCall), p99: quantile(perCall, 0.99) };
}

function simulationRows(name: string, report: LoadSimulationReport): string[][] {
  return report.limits.map((limit) => {
    const within = limit.worstWindow <= limit.max ? "✅" : "❌";
    return [
      name,
      `${limit.limit} ${limit.max.toLocaleString("en")}`,
      `${limit.worstWindow.toLocaleString("en")} ${within}`,
      `${(limit.utilisation * 100).toFixed(1)}%`,
    ];
  });
}

const started = performance.now();
const overhead = await reservationOverhead();
const sharedOverhead = await reservationOverhead(new InMemorySharedBudgetStore());
const tokenLimit = await simulateLoad({
  minutes: 60,
  limits: { requestsPerMinute: 2_000, tokensPerMinute: 400_000 },
  offeredMultiple: 3,
});
const splitLimits = await simulateLoad({
  minutes: 60,
  limits: {
    requestsPerMinute: 1_000,
    inputTokensPerMinute: 300_000,
    outputTokensPerMinute: 120_000,
  },
  offeredMultiple: 3,
  seed: 11,
});
const fleet = await simulateSharedLoad({
  minutes: 60,
  limits: { requestsPerMinute: 2_000, tokensPerMinute: 400_000 },
  offeredMultiple: 3,
  processes: 3,
});

console.log(
  benchReport(
    {
      columns: [{ title: "Measure" }, { title: "Figure", align: "right" }, { title: "Aim" }],
      rows: [
        ["Reservation + settlement, median µs", overhead.median.toFixed(2), "—"],
        [
          `Reservation + settlement, p99 µs (of ${PER_SAMPLE}-call means)`,
          overhead.p99.toFixed(2),
          "—",
        ],
        ["Same through a shared in-memory store, median µs", sharedOverhead.median.toFixed(2), "—"],
      ],
    },
    "An hour of virtual time, jobs of mixed sizes offered at 3× the binding limit:",
    markdownTable({
      columns: [
        { title: "Scenario" },
        { title: "Limit" },
        { title: "Worst 60 s window of real use", align: "right" },
        { title: "Used over the hour", align: "right" },
      ],
      rows: [
        ...simulationRows("TPM + RPM", tokenLimit),
        ...simulationRows("input/output TPM + RPM", splitLimits),
        ...simulationRows("3 processes, one shared store", fleet),
      ],
    }),
    [
      `- Offered/served/gave up (waited 5 min): TPM ${tokenLimit.offered}/${tokenLimit.served}/${tokenLimit.gaveUp}; split ${splitLimits.offered}/${splitLimits.served}/${splitLimits.gaveUp}; shared ${fleet.offered}/${fleet.served}/${fleet.gaveUp} (served per process ${fleet.servedPerProcess.join("/")}; ${fleet.throttled} throttled, ${fleet.failed} failed). Aim: no window above its limit, ≥ 95% of the binding limit used.`,
      `- Reservation overhead: ${SAMPLES} samples, each the mean of ${PER_SAMPLE} sequential reserve+settle pairs on an entry that never waits, after 20,000 warm-up pairs. Whole bench: ${((performance.now() - started) / 1_000).toFixed(1)} s.`,
    ],
  ),
);
