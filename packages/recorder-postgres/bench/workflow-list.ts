/**
 * The workflow list (`RecorderQueries.workflows`) over 1,000,000 recorded workflows on a
 * throwaway PostgreSQL server (see workflow-list-seed.ts for the data). For each filter, the
 * first page and a deep next page (from a cursor half-way down the million, or half-way through
 * a time range) of 50 workflows: the median and slowest of the runs end to end through the
 * typed API, the server's own time (planning + execution, `EXPLAIN (ANALYZE, TIMING OFF)`),
 * which index the plan reads and the most rows any sort in it took (a keyset page sorts only
 * its own rows). Also times migration 0007 building its indexes over the filled tables.
 *
 * `pnpm --filter @nucleo/recorder-postgres bench:workflows`: runs the package's sources (no
 * build needed) on Node's type stripping, so it keeps to erasable TypeScript.
 */
import { performance } from "node:perf_hooks";
import { sql, type Kysely } from "kysely";
import {
  openRecorderDatabase,
  RecorderQueries,
  type RecorderDatabase,
  type WorkflowListOptions,
} from "@nucleo/recorder-postgres";
import { benchReport, fixed, median } from "@nucleo/tooling/bench";
import { startThrowawayPostgres } from "@nucleo/tooling/postgres";
import * as workflowListIndexes from "../src/migrations/0007-workflow-list.ts";
import { workflowListQuery } from "../src/queries/workflow-list-query.ts";
import { seedWorkflows } from "./workflow-list-seed.ts";

const AIM_MS = 100;
const RUNS = 21;
const WARM_UP_RUNS = 5;
const SERVER_RUNS = 7;

interface Case {
  readonly name: string;
  readonly options: WorkflowListOptions;
  /** Held to the aim (the common filters), or a figure only. */
  readonly aimed: boolean;
  /** Where the deep page starts: a cursor after the first workflow submitted before this. */
  readonly deepFrom: Date;
  /** Fewer runs for a slow figure: timed runs (the warm-up and server runs shrink alike). */
  readonly runs?: number;
}

const MIDDLE = new Date(Date.UTC(2025, 0, 18, 8));
const WEEK = { from: new Date(Date.UTC(2025, 0, 10)), to: new Date(Date.UTC(2025, 0, 17)) };

const CASES: readonly Case[] = [
  { name: "no filter", options: {}, aimed: true, deepFrom: MIDDLE },
  { name: "status failed (5%)", options: { status: "failed" }, aimed: true, deepFrom: MIDDLE },
  { name: "status running (4%)", options: { status: "running" }, aimed: true, deepFrom: MIDDLE },
  {
    name: "workflow name (1 in 20)",
    options: { workflow: "workflow-7" },
    aimed: true,
    deepFrom: MIDDLE,
  },
  { name: "tenant (1 in 108)", options: { tenant: "tenant-42" }, aimed: true, deepFrom: MIDDLE },
  {
    name: "model, a common entry (1 in 8)",
    options: { model: "entry-3" },
    aimed: true,
    deepFrom: MIDDLE,
  },
  {
    name: "model, a rare entry (1 in 1,000)",
    options: { model: "entry-rare" },
    aimed: true,
    deepFrom: MIDDLE,
  },
  {
    name: "a week (20% of them)",
    options: WEEK,
    aimed: true,
    deepFrom: new Date(Date.UTC(2025, 0, 13, 12)),
  },
  {
    name: "status failed + a week",
    options: { status: "failed", ...WEEK },
    aimed: true,
    deepFrom: new Date(Date.UTC(2025, 0, 13, 12)),
  },
  {
    name: "status failed + tenant (1 in 2,160)",
    options: { status: "failed", tenant: "tenant-42" },
    aimed: false,
    deepFrom: MIDDLE,
  },
  {
    name: "cost ≥ 0.009 USD (9%)",
    options: { minCost: "0.009", currency: "USD" },
    aimed: false,
    deepFrom: MIDDLE,
  },
  {
    name: "cost ≥ 0.00997 USD (1 in 3,300)",
    options: { minCost: "0.00997", currency: "USD" },
    aimed: false,
    deepFrom: MIDDLE,
    runs: 3,
  },
];

interface Timing {
  readonly medianMs: number;
  readonly maxMs: number;
  readonly serverMs: number;
  readonly index: string;
  readonly sortedRows: number;
}

async function timePage(
  db: Kysely<RecorderDatabase>,
  options: WorkflowListOptions,
  runs = RUNS,
): Promise<Timing> {
  const queries = new RecorderQueries(db);
  const few = runs < RUNS;
  for (let run = 0; run < (few ? 1 : WARM_UP_RUNS); run++) await queries.workflows(options);
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const page = await queries.workflows(options);
    times.push(performance.now() - started);
    if (page.workflows.length === 0) throw new Error(`no workflows for ${JSON.stringify(options)}`);
  }
  const server: number[] = [];
  let plan: PlanNode | undefined;
  for (let run = 0; run < (few ? 1 : SERVER_RUNS); run++) {
    const explained = sql<{
      "QUERY PLAN": ExplainOutput;
    }>`explain (analyze, timing off, format json) ${workflowListQuery(options)}`;
    const { rows } = await explained.execute(db);
    const [output] = rows[0]!["QUERY PLAN"];
    server.push(output!["Planning Time"] + output!["Execution Time"]);
    plan = output!.Plan;
  }
  return {
    medianMs: median(times),
    maxMs: Math.max(...times),
    serverMs: median(server),
    index: [...indexesRead(plan!)].join(", "),
    sortedRows: mostSorted(plan!),
  };
}

interface PlanNode {
  readonly "Node Type": string;
  readonly "Index Name"?: string;
  readonly "Relation Name"?: string;
  readonly "Actual Rows": number;
  readonly "Actual Loops": number;
  readonly Plans?: readonly PlanNode[];
}
type ExplainOutput = [{ Plan: PlanNode; "Planning Time": number; "Execution Time": number }];

/** The indexes the plan reads nucleo_jobs and nucleo_model_calls by, outside the page's cost sums. */
function indexesRead(node: PlanNode, found = new Set<string>()): Set<string> {
  const index = node["Index Name"];
  if (index !== undefined && !/pk$|_pkey$|attribution/.test(index))
    found.add(index.replace(/^nucleo_/, ""));
  if (node["Node Type"] === "Seq Scan") found.add(`seq scan of ${node["Relation Name"]}`);
  for (const child of node.Plans ?? []) indexesRead(child, found);
  return found;
}

/** The most rows any sort of the plan took in (per loop). */
function mostSorted(node: PlanNode): number {
  const own =
    node["Node Type"] === "Sort"
      ? Math.max(...(node.Plans ?? []).map((child) => child["Actual Rows"]))
      : 0;
  return Math.max(own, ...(node.Plans ?? []).map(mostSorted));
}

async function main(): Promise<void> {
  const started = performance.now();
  const server = await startThrowawayPostgres();
  const notes: string[] = [];
  const rows: string[][] = [];
  try {
    const { db, close } = await openRecorderDatabase({ url: server.url });
    try {
      // Filled without the list's indexes, then migration 0007 builds them, as on a database
      // upgraded with a million workflows recorded.
      await workflowListIndexes.down(db);
      const seedStarted = performance.now();
      const seeded = await seedWorkflows(db);
      notes.push(`- Seeded ${seeded} in ${fixed((performance.now() - seedStarted) / 1_000, 1)} s.`);
      const indexStarted = performance.now();
      await workflowListIndexes.up(db);
      notes.push(
        `- Migration 0007 built its five indexes over them in ${fixed((performance.now() - indexStarted) / 1_000, 1)} s.`,
      );
      await sql`vacuum analyze`.execute(db);
      const queries = new RecorderQueries(db);
      for (const benchCase of CASES) {
        const deep = await queries.workflows({ to: benchCase.deepFrom, limit: 1 });
        for (const [page, options] of [
          ["first", benchCase.options],
          ["deep next", { ...benchCase.options, cursor: deep.next! }],
        ] as const) {
          const timing = await timePage(db, options, benchCase.runs);
          const met = !benchCase.aimed
            ? ""
            : timing.medianMs < AIM_MS && timing.serverMs < AIM_MS
              ? " (met)"
              : " (**missed**)";
          rows.push([
            `${benchCase.name}, ${page} page${benchCase.runs === undefined ? "" : ` (${benchCase.runs} runs)`}`,
            fixed(timing.serverMs, 2),
            `${fixed(timing.medianMs, 2)}${met}`,
            fixed(timing.maxMs, 1),
            timing.index,
            String(timing.sortedRows),
          ]);
          console.error(rows.at(-1)!.join(" | "));
        }
      }
      const ledger: number[] = [];
      for (let run = 0; run < 4; run++) {
        const ledgerStarted = performance.now();
        await queries.costLedger({ by: "tenant" });
        if (run > 0) ledger.push(performance.now() - ledgerStarted);
      }
      notes.push(
        `- costLedger by tenant over the 1,200,000 calls: ${fixed(median(ledger), 0)} ms (median of 3 after one).`,
      );
    } finally {
      await close();
    }
  } finally {
    await server.dispose();
  }
  notes.push(`- Whole bench: ${fixed((performance.now() - started) / 1_000, 0)} s.`);
  console.log(
    benchReport(
      `RecorderQueries.workflows, pages of 50 over ${(1_000_000).toLocaleString("en-US")} workflows — throwaway PostgreSQL server on 127.0.0.1 (fsync off), after VACUUM ANALYZE; ${RUNS} runs after ${WARM_UP_RUNS} of warm-up; server time is the median of ${SERVER_RUNS} EXPLAIN (ANALYZE, TIMING OFF); aim < ${AIM_MS} ms`,
      {
        columns: [
          { title: "Filter, page" },
          { title: "Server ms", align: "right" },
          { title: "Median ms", align: "right" },
          { title: "Slowest ms", align: "right" },
          { title: "Indexes read" },
          { title: "Most rows sorted", align: "right" },
        ],
        rows,
      },
      notes,
    ),
  );
}

await main();
