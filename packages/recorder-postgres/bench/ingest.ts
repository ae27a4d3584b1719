/**
 * Ingest benchmark for @nucleo/recorder-postgres: sustained events per second through the
 * batched writer (`PostgresRecorder`) into a local throwaway PostgreSQL server and into
 * in-memory PGlite. Events arrive the way a busy dispatcher delivers them — a few hundred per
 * tick, waiting whenever the recorder's `pressure()` says its buffer is full — in a realistic
 * mix: per child job submitted, started, a seat reserved, two model calls, the seat settled,
 * finished; per workflow a published value. With content on, the events are thinker-like
 * loops that carry what was said (see `loop-workload.ts`: 20 model calls per workflow, each
 * re-sending the conversation, about 2 KB of new text a turn: an answer and a tool result of
 * about 1 KB each), kept under the default content policy, and the same loops under
 * `content: "metadata"`. A run is timed from its first event until `flush()` resolves
 * (everything committed). Prints a markdown table of medians.
 *
 * Runs against the built package (`pnpm build` first; turbo's `bench` task does it). Node runs
 * this file directly (type stripping), so it keeps to erasable TypeScript syntax.
 */
import os from "node:os";
import { silentLogger, type RunEvent } from "@nucleo/core";
import { sql } from "kysely";
import { PostgresRecorder, type RecorderConnection } from "@nucleo/recorder-postgres";
import { median, whole as format } from "@nucleo/tooling/bench";
import { rateCells, startOptionalServer, withBackend } from "./bench-support.ts";
import { loopWorkload } from "./loop-workload.ts";

const AIM_POSTGRES_EVENTS_PER_SECOND = 50_000;
const AIM_POSTGRES_CONTENT_EVENTS_PER_SECOND = 30_000;
const LOOP = { turns: 20, turnChars: 2_048 } as const;
const CHILDREN_PER_WORKFLOW = 20;
const EVENTS_PER_TICK = 500; // what a busy dispatcher hands over between two turns of the event loop
const WARMUP_EVENTS = 20_000;

interface Setup {
  readonly backend: "postgres" | "pglite";
  /**
   * Events that carry what was said (thinker-like loops) and a recorder that keeps it
   * (`full`), the same loop events under `content: "metadata"` (what was said travels on the
   * events and is not kept: what the content costs, by difference), or only what ran.
   */
  readonly content: "full" | "metadata" | false;
  readonly batchSize: number;
  readonly events: number;
  readonly runs: number;
}

/**
 * The default batch size (5,000) first, then batches of 1,000; then the loops, content kept and
 * not. `--content` runs only the loop rows, `--no-content` the others; `--postgres` or
 * `--pglite` one database; `--runs N` N runs of each (default 5).
 */
const ALL_SETUPS: readonly Setup[] = [
  { backend: "postgres", content: false, batchSize: 5_000, events: 200_000, runs: 5 },
  { backend: "postgres", content: false, batchSize: 1_000, events: 200_000, runs: 5 },
  { backend: "pglite", content: false, batchSize: 5_000, events: 100_000, runs: 5 },
  { backend: "pglite", content: false, batchSize: 1_000, events: 100_000, runs: 5 },
  { backend: "postgres", content: "full", batchSize: 5_000, events: 100_000, runs: 5 },
  { backend: "postgres", content: "metadata", batchSize: 5_000, events: 100_000, runs: 5 },
  { backend: "pglite", content: "full", batchSize: 5_000, events: 50_000, runs: 5 },
  { backend: "pglite", content: "metadata", batchSize: 5_000, events: 50_000, runs: 5 },
];
const RUNS_FLAG = process.argv.indexOf("--runs");
const RUNS = RUNS_FLAG < 0 ? undefined : Number(process.argv[RUNS_FLAG + 1]);
const SETUPS = ALL_SETUPS.filter(
  (setup) =>
    !process.argv.includes(setup.content === false ? "--content" : "--no-content") &&
    !process.argv.includes(setup.backend === "postgres" ? "--pglite" : "--postgres"),
).map((setup) => (RUNS === undefined ? setup : { ...setup, runs: RUNS }));

// ---- Events ---------------------------------------------------------------------------------

/** `count` events (rounded up to whole workflows), ids prefixed so every run writes new rows. */
function workload(count: number, prefix: string): RunEvent[] {
  const events: RunEvent[] = [];
  let at = Date.UTC(2025, 2, 4);
  for (let workflow = 0; events.length < count; workflow++) {
    const rootId = `${prefix}-w${workflow}`;
    let rootSeq = 0;
    const lineage = (jobId: string, parentId: string | null, seq: number) => ({
      at: at++,
      jobId,
      parentId,
      rootId,
      seq,
    });
    events.push({
      ...lineage(rootId, null, ++rootSeq),
      type: "job.submitted",
      jobClass: "ReviewDoer",
      jobName: "review",
      ordinal: null,
      kind: "orchestrator",
      scope: { axes: { tenant: "acme" }, readOnly: false },
      ancestors: [],
    });
    events.push({ ...lineage(rootId, null, ++rootSeq), type: "job.started", attempt: 1 });
    for (let child = 0; child < CHILDREN_PER_WORKFLOW; child++) {
      const jobId = `${rootId}-c${child}`;
      const seatId = `${jobId}-s`;
      const ancestors = [rootId];
      const call = (seq: number, cost: string): RunEvent => ({
        ...lineage(jobId, rootId, seq),
        type: "llm.call",
        jobClass: "ClaimsTool",
        ancestors,
        entryId: "gpt-medium",
        providerModel: "gpt-x-2025-01",
        provider: "openai",
        requestModel: "gpt-x",
        grade: "MEDIUM",
        depth: "STANDARD",
        usage: {
          inputTokens: 1_200 + child,
          cachedInputTokens: 300,
          outputTokens: 150,
          reasoningTokens: 40,
        },
        cost,
        currency: "USD",
        latencyMs: 812,
        stopReason: "end",
        attempt: 1,
        corrections: 0,
      });
      events.push(
        {
          ...lineage(jobId, rootId, 1),
          type: "job.submitted",
          jobClass: "ClaimsTool",
          jobName: "claims",
          ordinal: 1 + (child % 4),
          kind: "tool",
          scope: { axes: { tenant: "acme" }, readOnly: true },
          ancestors,
        },
        { ...lineage(jobId, rootId, 2), type: "job.started", attempt: 1 },
        {
          ...lineage(jobId, rootId, 3),
          type: "seat.reserved",
          seatId,
          grade: "MEDIUM",
          entryId: "gpt-medium",
          inputTokens: 1_500,
          maxOutputTokens: 800,
          waitedMs: 2,
        },
        call(4, "0.0042125"),
        call(5, "0.0013"),
        {
          ...lineage(jobId, rootId, 6),
          type: "seat.settled",
          seatId,
          outcome: "settled",
          usage: { inputTokens: 1_200, outputTokens: 150 },
        },
        { ...lineage(jobId, rootId, 7), type: "job.finished", durationMs: 40 },
      );
    }
    events.push({
      ...lineage(rootId, null, ++rootSeq),
      type: "job.published",
      key: "summary",
      value: { children: CHILDREN_PER_WORKFLOW, ok: true },
    });
    events.push({ ...lineage(rootId, null, ++rootSeq), type: "job.finished", durationMs: 900 });
  }
  return events;
}

// ---- Measuring ------------------------------------------------------------------------------

const nextTick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Feeds `events` as a dispatcher would and resolves with events per second, to the last commit. */
async function ingest(
  connection: RecorderConnection,
  events: readonly RunEvent[],
  batchSize: number,
  content: "full" | "metadata",
): Promise<number> {
  let failures = 0;
  const recorder = new PostgresRecorder({
    db: connection.db,
    batchSize,
    content,
    logger: { ...silentLogger, warn: () => (failures += 1), error: () => (failures += 1) },
  });
  const started = performance.now();
  for (let index = 0; index < events.length; index += EVENTS_PER_TICK) {
    const wait = recorder.pressure();
    if (wait) await wait;
    const end = Math.min(events.length, index + EVENTS_PER_TICK);
    for (let at = index; at < end; at++) recorder.onEvent(events[at]!);
    await nextTick();
  }
  await recorder.flush();
  const seconds = (performance.now() - started) / 1_000;
  await recorder.close();
  if (failures > 0) throw new Error(`${failures} writes failed during the benchmark`);
  return events.length / seconds;
}

async function truncate(connection: RecorderConnection): Promise<void> {
  // TRUNCATE, not DELETE: a deleted call appends its negation to nucleo_cost_attribution, which
  // would grow from run to run; truncating the calls empties it.
  await sql`truncate nucleo_jobs, nucleo_model_calls, nucleo_seats, nucleo_job_content, nucleo_messages, nucleo_model_call_content`.execute(
    connection.db,
  );
}

function events(setup: Setup, count: number, prefix: string): RunEvent[] {
  return setup.content !== false
    ? loopWorkload(count, { ...LOOP, prefix })
    : workload(count, prefix);
}

async function measure(connection: RecorderConnection, setup: Setup): Promise<number[]> {
  const warmup = Math.min(WARMUP_EVENTS, setup.events / 5);
  const policy = setup.content === false ? "full" : setup.content;
  await ingest(
    connection,
    events(setup, warmup, `warm-${setup.batchSize}`),
    setup.batchSize,
    policy,
  );
  const rates: number[] = [];
  for (let run = 0; run < setup.runs; run++) {
    await truncate(connection);
    const generated = events(setup, setup.events, `run-${setup.batchSize}-${run}`);
    rates.push(await ingest(connection, generated, setup.batchSize, policy));
  }
  return rates;
}

// ---- Main -----------------------------------------------------------------------------------

async function main(): Promise<void> {
  const rows: string[] = [];
  const server = await startOptionalServer();
  try {
    for (const setup of SETUPS) {
      await withBackend(setup.backend, server, async (connection) => {
        const rates = await measure(connection, setup);
        const target =
          setup.content === "full"
            ? AIM_POSTGRES_CONTENT_EVENTS_PER_SECOND
            : AIM_POSTGRES_EVENTS_PER_SECOND;
        const aim =
          setup.backend === "postgres" && setup.content !== "metadata"
            ? `≥ ${format(target)}: ${median(rates) >= target ? "met" : "MISSED"}`
            : "(figure only)";
        const what =
          setup.content === false
            ? "none"
            : setup.content === "full"
              ? "loops, kept (2 KB a turn)"
              : "loops, not kept (metadata)";
        rows.push(
          `| ${setup.backend} | ${what} | ${format(setup.batchSize)} | ${format(setup.events)} × ${setup.runs} | ${rateCells(rates)} | ${aim} |`,
        );
        console.error(
          `${setup.backend}, content ${what}, batches of ${setup.batchSize}: ${rates.map(format).join(", ")} events/s`,
        );
      });
    }
  } finally {
    await server?.dispose();
  }
  console.log(
    `\nIngest through PostgresRecorder — Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, throwaway PostgreSQL server on 127.0.0.1 (fsync off), in-memory PGlite\n`,
  );
  console.log(
    "| Database | What was said | Batch size | Events × runs | Median events/s | Range | Aim |",
  );
  console.log("|---|---|---:|---:|---:|---:|---|");
  for (const row of rows) console.log(row);
}

await main();
