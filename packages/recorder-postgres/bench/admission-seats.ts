/**
 * Seats per second on one entry through a `CatalogAdmission` whose budgets are shared through
 * `PostgresBudgetStore` — the path a worker takes — against the same admission with budgets in
 * the process. `inFlight` seats at once, each reserved then settled at once and reserved
 * again, so the entry's queue is as deep as the load makes it and the admission books it in
 * batches. Limits never bind. Medians of 5 runs of 2 s on a throwaway PostgreSQL server.
 * Runs against the built packages (`pnpm exec turbo run build --filter=@nucleo/recorder-postgres...`
 * first): `pnpm exec node bench/admission-seats.ts`. Plain erasable TypeScript.
 */
import os from "node:os";
import { CatalogAdmission, parseCatalog, type SharedBudgetStore } from "@nucleo/catalog";
import { PostgresBudgetStore } from "@nucleo/recorder-postgres";
import { benchEntry } from "@nucleo/tooling/bench";
import { rateCells, startOptionalServer, withBackend } from "./bench-support.ts";

const RUNS = 5;
const RUN_MS = 2_000;
const IN_FLIGHT = [1, 16, 64, 256] as const;

let entries = 0;

/** Seats per second through one admission over `RUN_MS`, `inFlight` at once, on a fresh entry. */
async function seatsPerSecond(shared: SharedBudgetStore | undefined, inFlight: number) {
  const id = `seats-${++entries}`;
  const catalog = parseCatalog(
    [
      benchEntry({
        id,
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
  const request = { entryId: id, inputTokens: 1_200, maxOutputTokens: 800 };
  const loop = async (deadline: number): Promise<number> => {
    let done = 0;
    while (performance.now() < deadline) {
      const seat = await admission.reserve(request, { signal, jobId: "bench" });
      admission.settle(seat, { inputTokens: 1_150, outputTokens: 230 });
      done += 1;
    }
    return done;
  };
  await Promise.all(Array.from({ length: inFlight }, () => loop(performance.now() + 300)));
  const started = performance.now();
  const counts = await Promise.all(Array.from({ length: inFlight }, () => loop(started + RUN_MS)));
  return counts.reduce((sum, count) => sum + count, 0) / ((performance.now() - started) / 1_000);
}

async function main(): Promise<void> {
  const rows: string[] = [];
  const server = await startOptionalServer();
  try {
    await withBackend("postgres", server, async (connection) => {
      const store = new PostgresBudgetStore(connection.db);
      for (const inFlight of IN_FLIGHT) {
        for (const [where, shared] of [
          ["in the process", undefined],
          ["shared through Postgres", store],
        ] as const) {
          const rates: number[] = [];
          for (let run = 0; run < RUNS; run++) rates.push(await seatsPerSecond(shared, inFlight));
          rows.push(`| ${inFlight} | ${where} | ${rateCells(rates)} |`);
          console.error(rows.at(-1));
        }
      }
    });
  } finally {
    await server?.dispose();
  }
  console.log(
    `\nSeats reserved and settled on one entry through CatalogAdmission — Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, load ${os.loadavg()[0]!.toFixed(1)}, throwaway PostgreSQL server on 127.0.0.1 (fsync off)\n`,
  );
  console.log("| Seats at once | Budgets | Median seats/s per entry | Range |");
  console.log("|---:|---|---:|---:|");
  for (const row of rows) console.log(row);
}

await main();
