/**
 * Shared-admission benchmark for @nucleo/recorder-postgres: `PostgresBudgetStore` round trips
 * per second — one `book` then one `settle` of the booking — from one process against a local
 * throwaway PostgreSQL server, with 1 and with 8 seats booking at once on one entry (which the
 * entry's lock serialises), and the same with the window already holding 10,000 bookings (a
 * booking sums the window, so its cost grows with it). PGlite for comparison. Prints a
 * markdown table of medians.
 *
 * Runs against the built package (`pnpm exec turbo run build --filter=@nucleo/recorder-postgres...`
 * first). Node runs this file directly (type stripping), so it keeps to erasable syntax.
 */
import os from "node:os";
import type { SharedDemand } from "@nucleo/catalog";
import { PostgresBudgetStore, type RecorderConnection } from "@nucleo/recorder-postgres";
import { whole as format } from "@nucleo/tooling/bench";
import { rateCells, startOptionalServer, withBackend } from "./bench-support.ts";

const RUNS = 5;
const RUN_MS = 2_000;
const WINDOW_MS = 61_000;
const WARMUP_ROUND_TRIPS = 200;

interface Setup {
  readonly backend: "postgres" | "pglite";
  readonly concurrency: number;
  /** Bookings already in the entry's window when the run starts. */
  readonly preloaded: number;
}

const SETUPS: readonly Setup[] = [
  { backend: "postgres", concurrency: 1, preloaded: 0 },
  { backend: "postgres", concurrency: 8, preloaded: 0 },
  { backend: "postgres", concurrency: 1, preloaded: 10_000 },
  { backend: "postgres", concurrency: 8, preloaded: 10_000 },
  { backend: "pglite", concurrency: 1, preloaded: 0 },
];

let entries = 0;

/** A demand on a new entry whose limits never bind: every book is granted, as on a quiet entry. */
function freshDemand(): SharedDemand {
  return {
    entryId: `bench-${++entries}`,
    limits: { requestsPerMinute: 100_000_000, tokensPerMinute: 1_000_000_000_000 },
    inputTokens: 1_200,
    outputTokens: 800,
  };
}

/** One seat's life in the store: booked, then settled with what it used. */
async function roundTrip(store: PostgresBudgetStore, demand: SharedDemand): Promise<void> {
  const answer = await store.book(demand, Date.now(), WINDOW_MS);
  if (!("booked" in answer))
    throw new Error(`the benchmark's entry refused a booking: ${JSON.stringify(answer)}`);
  await store.settle(answer.booked, 1_150, 230);
}

/** Round trips per second over `RUN_MS`, `concurrency` seats at a time on one entry. */
async function run(
  store: PostgresBudgetStore,
  demand: SharedDemand,
  concurrency: number,
): Promise<number> {
  let done = 0;
  const started = performance.now();
  const deadline = started + RUN_MS;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        await roundTrip(store, demand);
        done += 1;
      }
    }),
  );
  return done / ((performance.now() - started) / 1_000);
}

/** For scale: bare `SELECT 1` round trips per second on the same pool, one at a time. */
async function baseline(connection: RecorderConnection): Promise<number[]> {
  const rates: number[] = [];
  for (let index = 0; index < RUNS; index++) {
    let done = 0;
    const started = performance.now();
    while (performance.now() < started + RUN_MS) {
      await connection.db.selectNoFrom((eb) => eb.lit(1).as("one")).execute();
      done += 1;
    }
    rates.push(done / ((performance.now() - started) / 1_000));
  }
  return rates;
}

async function measure(connection: RecorderConnection, setup: Setup): Promise<number[]> {
  const store = new PostgresBudgetStore(connection.db);
  const rates: number[] = [];
  for (let index = 0; index < RUNS; index++) {
    const demand = freshDemand();
    // Written straight into the table: as if other seats had booked in the last seconds.
    for (let booked = 0; booked < setup.preloaded; booked += 1_000) {
      const rows = Array.from({ length: Math.min(1_000, setup.preloaded - booked) }, () => ({
        entry_id: demand.entryId,
        booked_at: Date.now(),
        input_tokens: 1_000,
        output_tokens: 500,
      }));
      await connection.db.insertInto("nucleo_seat_bookings").values(rows).execute();
    }
    for (let warm = 0; warm < WARMUP_ROUND_TRIPS; warm++) await roundTrip(store, demand);
    rates.push(await run(store, demand, setup.concurrency));
  }
  return rates;
}

async function main(): Promise<void> {
  const rows: string[] = [];
  const server = await startOptionalServer();
  try {
    await withBackend("postgres", server, async (connection) => {
      const rates = await baseline(connection);
      rows.push(`| postgres, \`SELECT 1\` for scale | 1 | | ${rateCells(rates)} |`);
    });
    for (const setup of SETUPS) {
      await withBackend(setup.backend, server, async (connection) => {
        const rates = await measure(connection, setup);
        rows.push(
          `| ${setup.backend} | ${setup.concurrency} | ${format(setup.preloaded)} | ${rateCells(rates)} |`,
        );
        console.error(
          `${setup.backend}, ${setup.concurrency} at once, ${setup.preloaded} in the window: ${rates.map(format).join(", ")} round trips/s`,
        );
      });
    }
  } finally {
    await server?.dispose();
  }
  console.log(
    `\nbook + settle through PostgresBudgetStore — Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, load ${os.loadavg()[0]!.toFixed(1)}, throwaway PostgreSQL server on 127.0.0.1 (fsync off), in-memory PGlite\n`,
  );
  console.log("| Database | At once | Bookings in the window | Median round trips/s | Range |");
  console.log("|---|---:|---:|---:|---:|");
  for (const row of rows) console.log(row);
}

await main();
