/**
 * Throughput (submit → every workflow finished, recorded and its result stored) with one and
 * three workers of 8 slots each (three in one process: on 2 cores that measures the queue under
 * contention, not scale-out), and submit → start on an idle worker. PostgreSQL on a throwaway
 * server; PGlite with one worker (its folder is one process's). Medians of 3 runs, sides
 * alternating; every Nucleo run checks that each workflow's root was recorded as finished.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { benchReport, fixed, median, quantile, ratio, whole } from "@nucleo/tooling/bench";
import { startThrowawayPostgres } from "@nucleo/tooling/postgres";
import { rawThroughput, type RawTarget } from "./fleet-raw.ts";
import { nucleoLatency, nucleoThroughput, type NucleoTarget } from "./fleet-nucleo.ts";

const RUNS = 3;
const SLOTS = 8;
const TOTALS = { PostgreSQL: 600, PGlite: 200 } as const;
const SAMPLES = 30;

const began = performance.now();
const server = await startThrowawayPostgres();
const scratch = await mkdtemp(join(tmpdir(), "nucleo-fleet-bench-"));
const throughputRows: string[][] = [];
const latencyRows: string[][] = [];
try {
  const shapes: Array<{ label: "PostgreSQL" | "PGlite"; workers: number }> = [
    { label: "PostgreSQL", workers: 1 },
    { label: "PostgreSQL", workers: 3 },
    { label: "PGlite", workers: 1 },
  ];
  for (const { label, workers } of shapes) {
    const total = TOTALS[label];
    const raw: number[] = [];
    const nucleo: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const folder = join(scratch, `${label}-${workers}-${run}`);
      const rawTarget: RawTarget =
        label === "PostgreSQL" ? { url: server.url } : { folder: `${folder}-raw` };
      const nucleoTarget: NucleoTarget =
        label === "PostgreSQL" ? { url: server.url, cwd: folder } : { cwd: folder };
      raw.push(await rawThroughput(rawTarget, { instances: workers, slots: SLOTS, total }));
      nucleo.push(await nucleoThroughput(nucleoTarget, { workers, slots: SLOTS, total }));
    }
    const [rawRate, nucleoRate] = [median(raw), median(nucleo)];
    throughputRows.push([
      label,
      `${workers} × ${SLOTS}`,
      whole(total),
      `**${whole(rawRate)}** (${whole(Math.min(...raw))} – ${whole(Math.max(...raw))})`,
      `**${whole(nucleoRate)}** (${whole(Math.min(...nucleo))} – ${whole(Math.max(...nucleo))})`,
      // Time per workflow against time per raw job: what Nucleo adds, as a multiple.
      ratio(rawRate, nucleoRate),
    ]);
  }
  for (const label of ["PostgreSQL", "PGlite"] as const) {
    const folder = join(scratch, `${label}-latency`);
    const target: NucleoTarget =
      label === "PostgreSQL" ? { url: server.url, cwd: folder } : { cwd: folder };
    const latencies = await nucleoLatency(target, SAMPLES);
    latencyRows.push([
      label,
      whole(latencies.length),
      `**${fixed(median(latencies), 1)}**`,
      fixed(quantile(latencies, 0.9), 1),
      fixed(Math.max(...latencies), 1),
    ]);
  }
} finally {
  await server.dispose();
  await rm(scratch, { recursive: true, force: true });
}

console.log(
  benchReport(
    {
      columns: [
        { title: "Database" },
        { title: "Workers × slots" },
        { title: "Workflows", align: "right" },
        { title: "Raw pg-boss, jobs/s (range)", align: "right" },
        { title: "Nucleo, workflows/s (range)", align: "right" },
        { title: "Nucleo's time per workflow vs raw", align: "right" },
      ],
      rows: throughputRows,
    },
    {
      columns: [
        { title: "Database" },
        { title: "Samples", align: "right" },
        { title: "Submit → start, median ms", align: "right" },
        { title: "p90 ms", align: "right" },
        { title: "max ms", align: "right" },
      ],
      rows: latencyRows,
    },
    [
      `- Throughput: median of ${RUNS} runs, raw and Nucleo alternating; submit → every workflow finished, recorded and its result stored; 8 submissions in flight. The Nucleo workflow is a doer with one tool child, run by the worker's dispatcher and recorded by its Postgres recorder (content policy full: its replay checkpoints too).`,
      `- Latency: one workflow at a time on an idle worker of ${SLOTS} slots, submitted from a second queue client; ${SAMPLES} samples after 3 warm-up ones.`,
      `- Whole bench: ${fixed((performance.now() - began) / 1000, 0)} s.`,
    ],
  ),
);
