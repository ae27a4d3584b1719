/**
 * Shared-admission benchmark for @nucleo/recorder-postgres: bookings per second on one entry
 * through `PostgresBudgetStore`, each seat booked and then settled with what it used, against a
 * local throwaway PostgreSQL server (PGlite for comparison). Rows: one `book` per seat, 1 and 8
 * at once, on a fresh entry and on one whose window already holds 10,000 bookings; one
 * `bookInOrder` of 16 or 64 seats per call, its settles at once; and three worker processes
 * booking on the same entry. Prints a markdown table of medians.
 *
 * Runs against the built package (`pnpm turbo run build --filter=@nucleo/recorder-postgres...`
 * first). Node runs this file directly (type stripping), so it keeps to erasable syntax.
 */
import os from "node:os";
import { PostgresBudgetStore, type RecorderConnection } from "@nucleo/recorder-postgres";
import { whole as format } from "@nucleo/tooling/bench";
import { runFleet } from "./admission-fleet.ts";
import { bookAndSettle, bookFor, quietTerms, WINDOW_MS } from "./admission-loops.ts";
import { rateCells, startOptionalServer, withBackend } from "./bench-support.ts";

const RUNS = 5;
const RUN_MS = 2_000;
const WARMUP_SEATS = 200;

interface Setup {
  readonly backend: "postgres" | "pglite";
  /** Seats per call: 1 books with `book`, more with `bookInOrder`. */
  readonly seats: number;
  /** Booking loops at once, in each process. */
  readonly loops: number;
  /** Bookings already in the entry's window when the run starts. */
  readonly preloaded: number;
  /** Worker processes booking together; 0 books from this process. */
  readonly processes: number;
}

const SETUPS: readonly Setup[] = [
  { backend: "postgres", seats: 1, loops: 1, preloaded: 0, processes: 0 },
  { backend: "postgres", seats: 1, loops: 8, preloaded: 0, processes: 0 },
  { backend: "postgres", seats: 1, loops: 1, preloaded: 10_000, processes: 0 },
  { backend: "postgres", seats: 1, loops: 8, preloaded: 10_000, processes: 0 },
  { backend: "postgres", seats: 16, loops: 1, preloaded: 0, processes: 0 },
  { backend: "postgres", seats: 64, loops: 1, preloaded: 0, processes: 0 },
  { backend: "postgres", seats: 16, loops: 1, preloaded: 10_000, processes: 0 },
  { backend: "postgres", seats: 1, loops: 4, preloaded: 0, processes: 3 },
  { backend: "postgres", seats: 16, loops: 1, preloaded: 0, processes: 3 },
  { backend: "postgres", seats: 64, loops: 1, preloaded: 0, processes: 3 },
  { backend: "pglite", seats: 1, loops: 1, preloaded: 0, processes: 0 },
  { backend: "pglite", seats: 16, loops: 1, preloaded: 0, processes: 0 },
];

let entries = 0;

/** A fresh entry, its window holding `preloaded` bookings made just now (as if other seats had booked). */
async function freshEntry(store: PostgresBudgetStore, preloaded: number): Promise<string> {
  const entryId = `bench-${++entries}`;
  const terms = quietTerms(entryId);
  for (let booked = 0; booked < preloaded; booked += 250) {
    const seats = Array.from({ length: Math.min(250, preloaded - booked) }, () => ({
      inputTokens: 1_000,
      outputTokens: 500,
    }));
    await store.bookInOrder(terms, seats, Date.now(), WINDOW_MS);
  }
  return entryId;
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

/** Bookings per second on one entry, one rate per run. */
async function measure(
  connection: RecorderConnection,
  setup: Setup,
  url: string | undefined,
): Promise<number[]> {
  const store = new PostgresBudgetStore(connection.db);
  const rates: number[] = [];
  for (let index = 0; index < RUNS; index++) {
    const entryId = await freshEntry(store, setup.preloaded);
    const { seats, loops } = setup;
    let run: { readonly booked: number; readonly elapsedMs: number };
    if (setup.processes > 0) {
      if (url === undefined) throw new Error("a fleet row needs the server's URL");
      run = await runFleet({
        url,
        entryId,
        processes: setup.processes,
        seats,
        loops,
        runMs: RUN_MS,
      });
    } else {
      const terms = quietTerms(entryId);
      for (let warm = 0; warm < WARMUP_SEATS; warm += seats)
        await bookAndSettle(store, terms, seats);
      run = await bookFor(store, terms, { seats, loops, runMs: RUN_MS });
    }
    rates.push(run.booked / (run.elapsedMs / 1_000));
  }
  return rates;
}

/** How a setup books, as its row says it. */
function callsOf(setup: Setup): string {
  const calls =
    setup.seats === 1
      ? `book + settle, ${setup.loops} at once`
      : `bookInOrder of ${setup.seats} + its settles`;
  return setup.processes > 0 ? `${setup.processes} processes × (${calls})` : calls;
}

async function main(): Promise<void> {
  const rows: string[] = [];
  const server = await startOptionalServer();
  try {
    await withBackend("postgres", server, async (connection) => {
      // A fresh server books slower for its first seconds (cold caches): not a row's business.
      await bookFor(new PostgresBudgetStore(connection.db), quietTerms("bench-warm-up"), {
        seats: 1,
        loops: 1,
        runMs: RUN_MS,
      });
      const rates = await baseline(connection);
      rows.push(`| postgres | \`SELECT 1\` for scale, 1 at once | | ${rateCells(rates)} |`);
    });
    for (const setup of SETUPS) {
      await withBackend(setup.backend, server, async (connection) => {
        const rates = await measure(connection, setup, server?.url);
        rows.push(
          `| ${setup.backend} | ${callsOf(setup)} | ${format(setup.preloaded)} | ${rateCells(rates)} |`,
        );
        console.error(
          `${setup.backend}, ${callsOf(setup)}, ${setup.preloaded} in the window: ${rates.map(format).join(", ")} bookings/s`,
        );
      });
    }
  } finally {
    await server?.dispose();
  }
  console.log(
    `\nSeats booked and settled on one entry through PostgresBudgetStore — Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, load ${os.loadavg()[0]!.toFixed(1)}, throwaway PostgreSQL server on 127.0.0.1 (fsync off), in-memory PGlite\n`,
  );
  console.log(
    "| Database | Calls | Bookings in the window | Median bookings/s per entry | Range |",
  );
  console.log("|---|---|---:|---:|---:|");
  for (const row of rows) console.log(row);
}

await main();
