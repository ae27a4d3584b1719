/**
 * The fleet's throughput and latency next to raw pg-boss, on a throwaway PostgreSQL server and
 * on in-memory PGlite (the PostgreSQL rows are skipped when PostgreSQL is not installed).
 *
 *   pnpm turbo run build --filter=@nucleo/fleet...   (the bench runs the built package)
 *   pnpm --filter @nucleo/fleet bench
 *
 * Throughput: submit → every result stored, empty handlers, one or three PgBoss instances of 8
 * single-job workers each (the fleet's own shape), 8 submissions in flight; the median of 3
 * runs, the sides alternating. Latency: one workflow at a time on an idle server, submit call →
 * handler start, from a second instance.
 */
import { PGlite } from "@electric-sql/pglite";
import { benchReport, fixed, median, quantile, ratio, whole } from "@nucleo/tooling/bench";
import { POSTGRES_BINARIES_NOT_FOUND, startThrowawayPostgres } from "@nucleo/tooling/postgres";
import {
  fleetLatency,
  fleetThroughput,
  rawLatency,
  rawThroughput,
  type RunShape,
} from "./bench-sides.ts";
import type { BenchTarget } from "./bench-targets.ts";

const RUNS = 3;
const SLOTS = 8;
const SAMPLES = 40;
const TOTALS: Readonly<Record<BenchTarget["label"], number>> = { PostgreSQL: 1500, PGlite: 400 };

const began = performance.now();
const server = await startThrowawayPostgres().catch((error: unknown) => {
  if ((error as { code?: unknown }).code !== POSTGRES_BINARIES_NOT_FOUND) throw error;
  console.warn(`PostgreSQL is not installed: its rows are skipped. ${(error as Error).message}`);
  return undefined;
});
const pglite = await PGlite.create();
const targets: BenchTarget[] = [
  ...(server === undefined ? [] : [{ label: "PostgreSQL" as const, url: server.url }]),
  { label: "PGlite", pglite },
];

const throughputRows: string[][] = [];
const latencyRows: string[][] = [];
try {
  for (const target of targets) {
    for (const instances of [1, 3]) {
      const shape: RunShape = { instances, slots: SLOTS, total: TOTALS[target.label], inFlight: 8 };
      const raw: number[] = [];
      const fleet: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        raw.push(await rawThroughput(target, shape));
        fleet.push(await fleetThroughput(target, shape));
      }
      const [rawRate, fleetRate] = [median(raw), median(fleet)];
      throughputRows.push([
        target.label,
        `${instances} × ${SLOTS}`,
        whole(shape.total),
        `**${whole(rawRate)}** (${whole(Math.min(...raw))} – ${whole(Math.max(...raw))})`,
        `**${whole(fleetRate)}** (${whole(Math.min(...fleet))} – ${whole(Math.max(...fleet))})`,
        ratio(rawRate, fleetRate),
      ]);
    }
    const fleetMs = await fleetLatency(target, SLOTS, SAMPLES);
    const rawMs = await rawLatency(target, SLOTS, SAMPLES);
    for (const [side, samples] of [
      ["pg-boss `send`", rawMs],
      ["fleet `submit`", fleetMs],
    ] as const)
      latencyRows.push([
        target.label,
        side,
        whole(samples.length),
        `**${fixed(median(samples), 1)}**`,
        fixed(quantile(samples, 0.9), 1),
        fixed(Math.max(...samples), 1),
      ]);
  }
} finally {
  await pglite.close();
  await server?.dispose();
}

console.log(
  benchReport(
    {
      columns: [
        { title: "Database" },
        { title: "Instances × workers" },
        { title: "Jobs", align: "right" },
        { title: "Raw pg-boss, jobs/s (range)", align: "right" },
        { title: "Fleet, workflows/s (range)", align: "right" },
        { title: "Fleet cost per workflow vs raw", align: "right" },
      ],
      rows: throughputRows,
    },
    {
      columns: [
        { title: "Database" },
        { title: "Submitted with" },
        { title: "Samples", align: "right" },
        { title: "Submit → start, median ms", align: "right" },
        { title: "p90 ms", align: "right" },
        { title: "max ms", align: "right" },
      ],
      rows: latencyRows,
    },
    [
      `- Throughput: median of ${RUNS} runs, raw and fleet alternating; submit → every result stored, empty handlers, 8 submissions in flight.`,
      `- Latency: one at a time on an idle server of ${SLOTS} workers, from a second instance; ${SAMPLES} samples after 3 warm-up ones.`,
      `- Whole bench: ${fixed((performance.now() - began) / 1000, 0)} s.`,
    ],
  ),
);
