/**
 * Pacing benchmark for @nucleo/catalog: the closed-loop simulation (bench/closed-loop-simulation.ts)
 * of one entry at 0.5× and 3× its tokens-per-minute limit, for one process and for three
 * sharing a store, with pacing off and with bursts of 0, 2, 6 and 15 seconds. Thirty minutes of
 * virtual time each. Prints a markdown table: seat waits, utilisation, 429s, the worst window.
 * Runs against the built package (`pnpm build` first; turbo's `bench` task does it).
 */
import type { EntryPacing } from "@nucleo/catalog";
import { benchReport, markdownTable } from "@nucleo/tooling/bench";
import { type ClosedLoopReport, simulateClosedLoop } from "./closed-loop-simulation.ts";
import { simulateSharedLoad } from "./load-simulation.ts";

const MINUTES = 30;
const PACINGS: ReadonlyArray<[string, EntryPacing]> = [
  ["off (rolling window only)", "off"],
  ["burst 1 s", { burstMs: 1_000 }],
  ["burst 2 s", { burstMs: 2_000 }],
  ["burst 6 s", { burstMs: 6_000 }],
  ["burst 15 s", { burstMs: 15_000 }],
];
const seconds = (ms: number): string => (ms / 1_000).toFixed(ms < 10_000 ? 2 : 1);

const rows: string[][] = [];

/** One row of the closed-loop table, also shown on stderr as the bench goes. */
function addRow(load: string, pacing: string, report: ClosedLoopReport): void {
  rows.push([
    load,
    pacing,
    seconds(report.waitP50),
    seconds(report.waitP99),
    seconds(report.waitMax),
    `${(report.waitedOver10s * 100).toFixed(1)}%`,
    `${(report.utilisation * 100).toFixed(1)}%`,
    String(report.throttled),
    `${(report.worstWindow * 100).toFixed(1)}%`,
  ]);
  console.error(rows.at(-1)!.join(" | "));
}
for (const [loadMultiple, processes] of [
  [0.5, 1],
  [3, 1],
  [3, 3],
] as const) {
  for (const [name, pacing] of PACINGS) {
    const report = await simulateClosedLoop({
      minutes: MINUTES,
      inFlight: 32,
      loadMultiple,
      pacing,
      processes,
    });
    addRow(
      `${loadMultiple}× · ${processes} process${processes > 1 ? "es" : ""} · ${processes * 32} in flight, limit ${report.tokensPerMinute.toLocaleString("en")} TPM`,
      name,
      report,
    );
  }
}

// The fleet's line: the three-process overload again, the store ignoring fleet turns.
for (const [name, pacing] of PACINGS.filter(([, pacing]) => pacing !== "off")) {
  const report = await simulateClosedLoop({
    minutes: MINUTES,
    inFlight: 32,
    loadMultiple: 3,
    pacing,
    processes: 3,
    fleetTurns: false,
  });
  addRow("3× · 3 processes · 96 in flight, no fleet turns", name, report);
}

// The open loop of bench/run.ts (jobs offered at 3× the limit, 3% throttled with a 2 s
// cool-down, 2% failed, 3 processes): what pacing costs when an entry pauses.
const openRows: string[][] = [];
for (const [name, pacing] of PACINGS) {
  const report = await simulateSharedLoad({
    minutes: MINUTES,
    limits: { requestsPerMinute: 2_000, tokensPerMinute: 400_000 },
    offeredMultiple: 3,
    processes: 3,
    pacing,
  });
  const tokens = report.limits.find((limit) => limit.limit === "tokensPerMinute")!;
  openRows.push([
    name,
    `${(tokens.utilisation * 100).toFixed(1)}%`,
    `${((tokens.worstWindow / tokens.max) * 100).toFixed(1)}%`,
    `${report.served}/${report.offered}`,
  ]);
  console.error(openRows.at(-1)!.join(" | "));
}

console.log(
  benchReport(
    `Closed loop, ${MINUTES} minutes of virtual time, 32 jobs in flight per process on one entry whose tokens-per-minute limit is set for the load; calls take 1–5 s and use 30–100% of their output budget:`,
    markdownTable({
      columns: [
        { title: "Load" },
        { title: "Pacing" },
        { title: "Wait p50 s", align: "right" },
        { title: "p99 s", align: "right" },
        { title: "max s", align: "right" },
        { title: "> 10 s", align: "right" },
        { title: "Utilisation", align: "right" },
        { title: "429s", align: "right" },
        { title: "Worst 60 s window", align: "right" },
      ],
      rows,
    }),
    "Open loop at 3× 400,000 tokens a minute, 3 processes, 3% of calls throttled (2 s cool-down) and 2% failed:",
    markdownTable({
      columns: [
        { title: "Pacing" },
        { title: "Utilisation", align: "right" },
        { title: "Worst 60 s window", align: "right" },
        { title: "Served/offered", align: "right" },
      ],
      rows: openRows,
    }),
  ),
);
