/**
 * Query benchmark for @nucleo/recorder-postgres: `RecorderQueries` over a seeded database on a
 * local throwaway PostgreSQL server and on in-memory PGlite. Seeds a 1,000-job and a
 * 100,000-job workflow (ten children per job, every job with one model call), three 5,000-job
 * workflows for the subtree rollup, and 1,000,000 more model-call rows (a thousand workflows,
 * twenty job classes, eight models, two currencies, thirty days); then `VACUUM ANALYZE`. Times
 * each query end to end through the typed API (SQL, transfer, parsing, tree building, exact
 * decimal rollups): median of several runs after warm-up. Prints a markdown table for the README.
 *
 * Calls are written as the recorder writes them, because the subtree rollup's speed depends on
 * it: `nucleo_cost_attribution` gets one row per write (statement) of calls per ancestor.
 * - The 1,000- and 100,000-job workflows' calls: 1,000 per statement (a busy writer's batch of
 *   5,000 events holds some 1,400 calls).
 * - `s5k-0`: events through `PostgresRecorder` itself, at full speed (its default batches).
 * - `r1by1-0`: through `PostgresRecorder`, each job flushed before the next: every call a write
 *   of its own, as when calls trickle in, the recorder merging attribution rows as it goes.
 * - `s1by1-0`: each of its 5,000 calls in an INSERT of its own by plain SQL, which nothing
 *   merges: 5,000 attribution rows to sum at its root (a figure, for writers other than the
 *   recorder).
 * - The million bulk calls: one statement (only the ledgers and seat sizing read them).
 *
 * Runs against the built package (`pnpm build` first; turbo's `bench` task does it). Node runs
 * this file directly (type stripping), so it keeps to erasable TypeScript syntax.
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import { sql, type Kysely } from "kysely";
import type { RunEvent } from "@nucleo/core";
import {
  PostgresRecorder,
  RecorderQueries,
  type RecorderConnection,
  type RecorderDatabase,
} from "@nucleo/recorder-postgres";
import { median } from "@nucleo/tooling/bench";
import { startOptionalServer, withBackend } from "./bench-support.ts";

const BRANCHING = 10;
const BULK_CALLS = 1_000_000;
/** Calls per statement for the seeded workflows (see above). */
const CALLS_PER_WRITE = 1_000;

interface Case {
  readonly name: string;
  /** Aim in milliseconds (met when the median is under it); `undefined` for a figure only. */
  readonly aimMs: number | undefined;
  readonly runs: number;
  readonly run: (queries: RecorderQueries) => Promise<unknown>;
}

const CASES: readonly Case[] = [
  {
    name: "trajectory, 1,000 jobs",
    aimMs: 5,
    runs: 31,
    run: (queries) => queries.trajectory("t1k-0"),
  },
  {
    name: "trajectory, 100,000 jobs",
    aimMs: 500,
    runs: 7,
    run: (queries) => queries.trajectory("t100k-0"),
  },
  {
    name: "subtreeCost, 5,000 jobs, calls written by PostgresRecorder",
    aimMs: 1,
    runs: 51,
    run: (queries) => queries.subtreeCost("s5k-0"),
  },
  {
    name: "subtreeCost, 5,000 jobs, each call its own write by PostgresRecorder",
    aimMs: 1,
    runs: 51,
    run: (queries) => queries.subtreeCost("r1by1-0"),
  },
  {
    name: "subtreeCost, 5,000 jobs, each call its own INSERT, never merged (no recorder)",
    aimMs: undefined,
    runs: 51,
    run: (queries) => queries.subtreeCost("s1by1-0"),
  },
  {
    name: "subtreeCost, 1,111 of the 100,000 (a depth-2 job)",
    aimMs: undefined,
    runs: 51,
    run: (queries) => queries.subtreeCost("t100k-12"),
  },
  {
    name: "costLedger by workflow, all 1.1M calls",
    aimMs: 500,
    runs: 7,
    run: (queries) => queries.costLedger({ by: "workflow" }),
  },
  {
    name: "costLedger by model, all 1.1M calls",
    aimMs: 500,
    runs: 7,
    run: (queries) => queries.costLedger({ by: "model" }),
  },
  {
    name: "costLedger by job class, all 1.1M calls",
    aimMs: 500,
    runs: 7,
    run: (queries) => queries.costLedger({ by: "jobClass" }),
  },
  {
    name: "costLedger by day, all 1.1M calls",
    aimMs: 500,
    runs: 7,
    run: (queries) => queries.costLedger({ by: "day" }),
  },
  {
    name: "costLedger by model, one workflow (1,000 calls)",
    aimMs: undefined,
    runs: 31,
    run: (queries) => queries.costLedger({ by: "model", rootId: "bulk-root-7" }),
  },
  {
    name: "seatSizing, all 1.1M calls",
    aimMs: undefined,
    runs: 5,
    run: (queries) => queries.seatSizing(),
  },
];

// ---- Seeding --------------------------------------------------------------------------------

/**
 * A workflow of `size` jobs as a complete ten-ary tree: job i's parent is (i - 1) / 10, its
 * ordinal (i - 1) % 10 + 1 with every fifth pair sharing an ordinal (parallel siblings told
 * apart by start time). Ids, parents and ancestors are computed here and sent as arrays; the
 * calls, one per job, go `callsPerWrite` to a statement.
 */
async function seedWorkflow(
  db: Kysely<RecorderDatabase>,
  prefix: string,
  size: number,
  callsPerWrite = CALLS_PER_WRITE,
): Promise<void> {
  const ids: string[] = [];
  const parents: (string | null)[] = [];
  const ancestors: string[] = [];
  const ordinals: (number | null)[] = [];
  const lineage: string[][] = [];
  for (let index = 0; index < size; index += 1) {
    const parent = index === 0 ? -1 : Math.floor((index - 1) / BRANCHING);
    const chain = parent < 0 ? [] : [`${prefix}-${parent}`, ...lineage[parent]!];
    lineage.push(chain);
    ids.push(`${prefix}-${index}`);
    parents.push(parent < 0 ? null : `${prefix}-${parent}`);
    ancestors.push(chain.join(","));
    const position = (index - 1) % BRANCHING;
    ordinals.push(
      index === 0 ? null : position === 9 ? null : position - (position % 5 === 4 ? 1 : 0) + 1,
    );
  }
  const root = `${prefix}-0`;
  await sql`
    insert into nucleo_jobs (id, parent_id, root_id, ancestors, job_class, job_name, kind, ordinal, status, submitted_at, started_at, ended_at, attempts)
    select id, parent, ${root}, case when chain = '' then '{}'::text[] else string_to_array(chain, ',') end,
           'Class' || (n % 20), 'job ' || n, 'tool', ordinal, 'finished',
           timestamptz '2025-03-01' + n * interval '1 millisecond',
           timestamptz '2025-03-01' + n * interval '1 millisecond' + interval '5 milliseconds',
           timestamptz '2025-03-01' + n * interval '1 millisecond' + interval '2 seconds', 1
    from unnest(${ids}::text[], ${parents}::text[], ${ancestors}::text[], ${ordinals}::int[]) with ordinality as t(id, parent, chain, ordinal, n)`.execute(
    db,
  );
  // One model call per job, made from the job rows themselves, `callsPerWrite` per statement.
  for (let first = 0; first < size; first += callsPerWrite) {
    await sql`
      insert into nucleo_model_calls (job_id, seq, root_id, ancestors, job_class, at, entry_id, response_model,
        input_tokens, cache_read_input_tokens, output_tokens, reasoning_output_tokens, cost, currency, finish_reason)
      select id, 1, root_id, ancestors, job_class, started_at, 'entry-a', 'model-a',
             1000 + length(id), 200, 150, 20, 0.000123 + length(id) * 0.000001, 'USD', 'end'
      from nucleo_jobs where id = any(${ids.slice(first, first + callsPerWrite)}::text[])`.execute(
      db,
    );
  }
}

/**
 * A workflow of `size` jobs shaped as {@link seedWorkflow}'s, recorded through PostgresRecorder
 * from run events (submitted, started, one model call, finished per job), fed as fast as the
 * recorder takes them: its calls are written as the writer batches them. With `flushEachJob`,
 * each job's events are flushed before the next job's are given: every call is a write of its
 * own, as when calls trickle in, and the recorder merges the attribution rows as it goes.
 */
async function recordWorkflow(
  db: Kysely<RecorderDatabase>,
  prefix: string,
  size: number,
  options: { readonly flushEachJob?: boolean } = {},
): Promise<void> {
  const root = `${prefix}-0`;
  const start = Date.UTC(2025, 2, 2);
  const events: RunEvent[] = [];
  const lineage: string[][] = [];
  for (let index = 0; index < size; index += 1) {
    const parent = index === 0 ? -1 : Math.floor((index - 1) / BRANCHING);
    const ancestors = parent < 0 ? [] : [`${prefix}-${parent}`, ...lineage[parent]!];
    lineage.push(ancestors);
    const at = start + index;
    const job = {
      jobId: `${prefix}-${index}`,
      parentId: parent < 0 ? null : `${prefix}-${parent}`,
      rootId: root,
    };
    const jobClass = `Class${index % 20}`;
    events.push(
      {
        ...job,
        seq: 1,
        at,
        type: "job.submitted",
        jobClass,
        jobName: `job ${index}`,
        ordinal: index === 0 ? null : ((index - 1) % BRANCHING) + 1,
        kind: "tool",
        scope: { axes: {}, readOnly: false },
        ancestors,
      },
      { ...job, seq: 2, at, type: "job.started", attempt: 1 },
      {
        ...job,
        seq: 3,
        at,
        type: "llm.call",
        jobClass,
        ancestors,
        entryId: "entry-a",
        providerModel: "model-a",
        usage: {
          inputTokens: 1_000 + index,
          cachedInputTokens: 200,
          outputTokens: 150,
          reasoningTokens: 20,
        },
        cost: `0.000${123 + (index % 877)}`,
        currency: "USD",
        latencyMs: 800,
        stopReason: "end",
        attempt: 1,
        corrections: 0,
      },
      { ...job, seq: 4, at: at + 2_000, type: "job.finished", durationMs: 2_000 },
    );
  }
  const recorder = new PostgresRecorder({ db });
  for (const [index, event] of events.entries()) {
    const wait = recorder.pressure();
    if (wait) await wait;
    recorder.onEvent(event);
    if (options.flushEachJob === true && index % 4 === 3) await recorder.flush();
  }
  await recorder.close();
}

/** 1,000,000 calls over 1,000 workflows of 100 jobs, 20 classes, 8 models, 2 currencies, 30 days. */
async function seedBulkCalls(db: Kysely<RecorderDatabase>): Promise<void> {
  await sql`
    insert into nucleo_jobs (id, parent_id, root_id, ancestors, job_class, job_name, status, submitted_at)
    select 'bulk-root-' || w, null, 'bulk-root-' || w, '{}', 'BulkWorkflow', 'bulk', 'finished', timestamptz '2025-02-01'
    from generate_series(0, 999) as w`.execute(db);
  await sql`
    insert into nucleo_model_calls (job_id, seq, root_id, ancestors, job_class, at, entry_id, response_model,
      input_tokens, cache_read_input_tokens, output_tokens, reasoning_output_tokens, cost, currency, finish_reason)
    select 'bulk-' || (g / 10), g % 10, 'bulk-root-' || (g / 10 % 1000), array['bulk-root-' || (g / 10 % 1000)],
           'Class' || (g % 20), timestamptz '2025-02-01' + (g % 30) * interval '1 day' + (g % 86400) * interval '1 second',
           'entry-' || (g % 8), 'model-' || (g % 8),
           500 + g % 3000, g % 500, 50 + (g::bigint * 7919) % 4000, g % 100,
           ((g % 9973) * 0.0000001)::numeric(20, 10), case when g % 10 = 0 then 'EUR' else 'USD' end,
           case when g % 97 = 0 then 'max_tokens' else 'end' end
    from generate_series(0, ${BULK_CALLS - 1}) as g`.execute(db);
}

async function seed(connection: RecorderConnection): Promise<number> {
  const started = performance.now();
  await seedWorkflow(connection.db, "t1k", 1_000);
  await seedWorkflow(connection.db, "t100k", 100_000);
  await recordWorkflow(connection.db, "s5k", 5_000);
  await recordWorkflow(connection.db, "r1by1", 5_000, { flushEachJob: true });
  await seedWorkflow(connection.db, "s1by1", 5_000, 1);
  await seedBulkCalls(connection.db);
  await sql`vacuum analyze`.execute(connection.db);
  return performance.now() - started;
}

// ---- Timing ---------------------------------------------------------------------------------

/** Warm-up before a query is timed: at least this many runs, and at least this long. */
const WARM_UP_RUNS = 3;
const WARM_UP_MS = 1_000;

/**
 * Times a query as a long-running process (the worker, a console) answers it: after a warm-up
 * of {@link WARM_UP_RUNS} runs and {@link WARM_UP_MS} ms, so the JIT has compiled the driver's
 * and the query's code. The first run of the warm-up is returned apart: it shows the cost of a
 * query in a process that has not run it before.
 */
async function time(
  queries: RecorderQueries,
  benchCase: Case,
): Promise<{ first: number; times: number[] }> {
  const warmUpStarted = performance.now();
  let first = Number.NaN;
  for (
    let warmup = 0;
    warmup < WARM_UP_RUNS || performance.now() - warmUpStarted < WARM_UP_MS;
    warmup += 1
  ) {
    const started = performance.now();
    await benchCase.run(queries);
    if (warmup === 0) first = performance.now() - started;
  }
  const times: number[] = [];
  for (let run = 0; run < benchCase.runs; run += 1) {
    const started = performance.now();
    await benchCase.run(queries);
    times.push(performance.now() - started);
  }
  return { first, times };
}

const ms = (value: number): string =>
  value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : value.toFixed(0);

async function main(): Promise<void> {
  const server = await startOptionalServer();
  const results = new Map<string, Map<string, number[]>>();
  try {
    for (const backend of ["postgres", "pglite"] as const) {
      await withBackend(backend, server, async (connection) => {
        const seededMs = await seed(connection);
        console.error(
          `${backend}: seeded 116,000 jobs and 1,116,000 model calls in ${(seededMs / 1_000).toFixed(1)} s`,
        );
        const queries = new RecorderQueries(connection.db);
        const byCase = new Map<string, number[]>();
        for (const benchCase of CASES) {
          const { first, times } = await time(queries, benchCase);
          byCase.set(benchCase.name, times);
          console.error(
            `${backend}, ${benchCase.name}: median ${ms(median(times))} ms (min ${ms(Math.min(...times))}, max ${ms(Math.max(...times))}; first run ${ms(first)})`,
          );
        }
        results.set(backend, byCase);
      });
    }
  } finally {
    await server?.dispose();
  }

  console.log(
    `\nRecorder queries through RecorderQueries — Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, throwaway PostgreSQL server on 127.0.0.1, in-memory PGlite; median ms of n runs after a warm-up of at least ${WARM_UP_RUNS} runs and ${WARM_UP_MS / 1_000} s\n`,
  );
  console.log("| Query | Runs | Aim | PostgreSQL | PGlite |");
  console.log("|---|---:|---:|---:|---:|");
  for (const benchCase of CASES) {
    const cell = (backend: string) => {
      const times = results.get(backend)?.get(benchCase.name);
      if (times === undefined) return "-";
      const value = median(times);
      const verdict =
        benchCase.aimMs === undefined || backend !== "postgres"
          ? ""
          : value < benchCase.aimMs
            ? " (met)"
            : " (**missed**)";
      return `${ms(value)}${verdict}`;
    };
    console.log(
      `| ${benchCase.name} | ${benchCase.runs} | ${benchCase.aimMs === undefined ? "-" : `< ${benchCase.aimMs} ms`} | ${cell("postgres")} | ${cell("pglite")} |`,
    );
  }
}

await main();
