/**
 * One worker process of the admission benchmark's fleet row (admission-fleet.ts): it opens the
 * database, says `ready`, waits for `go` on stdin, books and settles on one entry for the
 * run's length, and prints what it booked as one JSON line. Plain erasable TypeScript: Node
 * runs it directly.
 */
import { createInterface } from "node:readline";
import { openRecorderDatabase, PostgresBudgetStore } from "@nucleo/recorder-postgres";
import { bookFor, quietTerms } from "./admission-loops.ts";

const url = process.env.NUCLEO_BENCH_DATABASE_URL;
const entryId = process.env.NUCLEO_BENCH_ENTRY;
if (url === undefined || entryId === undefined)
  throw new Error("NUCLEO_BENCH_DATABASE_URL and NUCLEO_BENCH_ENTRY must be set.");
const seats = Number(process.env.NUCLEO_BENCH_SEATS);
const loops = Number(process.env.NUCLEO_BENCH_LOOPS);
const runMs = Number(process.env.NUCLEO_BENCH_RUN_MS);

const connection = await openRecorderDatabase({ url, migrate: false });
const store = new PostgresBudgetStore(connection.db);
const terms = quietTerms(entryId);
// Warm the pool's connections and the functions' plans before the clock starts.
await bookFor(store, terms, { seats, loops, runMs: 200 });
process.stdout.write(`${JSON.stringify({ event: "ready" })}\n`);
for await (const line of createInterface({ input: process.stdin })) {
  if (line !== "go") continue;
  const result = await bookFor(store, terms, { seats, loops, runMs });
  process.stdout.write(`${JSON.stringify({ event: "done", ...result })}\n`);
  break;
}
await connection.close();
