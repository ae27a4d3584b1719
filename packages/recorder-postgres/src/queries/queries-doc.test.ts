import { walkTrajectory } from "@nucleo/core";
import { describe, expect, it } from "vitest";
import { describeOnBothDatabases } from "../test-support/databases.js";
import { LEDGER_GROUPINGS, type CostLedgerOptions } from "./cost-ledger-query.js";
import type { CostTotals } from "./cost-totals.js";
import type { RecordedMessage } from "./recorded-message.js";
import { RecorderQueries } from "./recorder-queries.js";
import { seedExampleRuns } from "./test-support/example-runs.js";
import {
  DOCUMENTED_QUERIES as documented,
  exact,
  exactRecord,
  README as markdown,
  runDocumented as run,
  type Row,
} from "./test-support/readme-queries.js";
import { seedThinkerLoop } from "./test-support/said-loop.js";
import { seedSaidRuns } from "./test-support/said-runs.js";
import { seedRows } from "./test-support/seed-rows.js";
import { tiedSiblings } from "./test-support/tied-siblings.js";

// The README's query section: every ```sql block is run here (and in queries-doc-console.test.ts)
// and must answer what the typed API answers.

/** The per-currency rows of a documented statement, folded into the API's totals. */
function asTotals(rows: readonly Row[]): CostTotals {
  const sum = (column: string) => rows.reduce((total, row) => total + Number(row[column]), 0);
  return {
    calls: sum("calls"),
    tokens: {
      input: sum("input_tokens"),
      cacheRead: sum("cache_read_input_tokens"),
      cacheCreation: sum("cache_creation_input_tokens"),
      output: sum("output_tokens"),
      reasoning: sum("reasoning_output_tokens"),
    },
    cost: Object.fromEntries(rows.map((row) => [String(row.currency), exact(row.cost)])),
  };
}

describe("QUERIES.md", () => {
  it("documents every query of the typed API, each once", () => {
    expect([...documented.keys()].sort()).toEqual([
      "admissionHeadroom",
      "benchmarkReport",
      "benchmarkReports",
      "costLedger",
      "jobContent",
      "modelCall",
      "modelCalls",
      "searchSaid",
      "seatSizing",
      "subtreeCost",
      "trajectory",
      "workflowCalls",
      "workflows",
    ]);
    expect(markdown.match(/```sql/g)).toHaveLength(documented.size);
  });
});

describeOnBothDatabases("the SQL in the README answers what RecorderQueries answers", (open) => {
  it("trajectory: same jobs, same order, same depth, same replays, same own and subtree costs", async () => {
    const { db } = await open();
    await seedExampleRuns(db);
    // Siblings tied on ordinal, start and submission: told apart by id in byte order.
    await seedRows(db, { jobs: tiedSiblings("ties", ["tie-b", "tie-B", "tie-é", "tie-a"]) });
    // A resumed workflow: a job that returned an earlier attempt's output.
    await seedRows(db, {
      jobs: [
        { id: "resumed" },
        { id: "replayed", parentId: "resumed", ordinal: 1, replayedFrom: "first-attempt-job" },
      ],
    });
    for (const rootId of ["wf-1", "wf-2", "ties", "resumed"]) {
      const { root } = await new RecorderQueries(db).trajectory(rootId);
      const fromApi: unknown[] = [];
      walkTrajectory(root, (node, depth) =>
        fromApi.push([
          depth,
          node.job.jobId,
          node.job.ordinal,
          node.job.status,
          node.job.error?.code ?? null,
          node.job.replayedFrom,
          node.job.cost.own.cost,
          node.job.cost.subtree.cost,
        ]),
      );
      const fromSql = (await run(db, "trajectory", [rootId])).map((row) => [
        row.depth,
        row.job_id,
        row.ordinal,
        row.status,
        row.error_code,
        row.replayed_from,
        exactRecord(row.own_cost),
        exactRecord(row.subtree_cost),
      ]);
      expect(fromSql.map((line) => [Number(line[0]), ...line.slice(1)])).toEqual(fromApi);
    }
  });

  it("subtreeCost: same calls, tokens and exact costs", async () => {
    const { db } = await open();
    await seedExampleRuns(db);
    const queries = new RecorderQueries(db);
    for (const jobId of ["wf-1", "a", "b", "raw", "wf-2", "s"]) {
      const { jobId: _jobId, ...fromApi } = await queries.subtreeCost(jobId);
      expect(asTotals(await run(db, "subtreeCost", [jobId])), jobId).toEqual(fromApi);
    }
  });

  it("costLedger: same rows for every grouping and filter", async () => {
    const { db } = await open();
    await seedExampleRuns(db);
    // A workflow with a tenant, beside the examples' without one.
    await seedRows(db, {
      jobs: [{ id: "acme-wf", scopeAxes: { tenant: "acme" } }],
      calls: [{ jobId: "acme-wf", cost: "0.25", at: "2025-01-06T10:00:08Z" }],
    });
    const queries = new RecorderQueries(db);
    const from = new Date("2025-01-06T10:00:07Z");
    const to = new Date("2025-01-06T10:00:13Z");
    const cases: CostLedgerOptions[] = [
      ...LEDGER_GROUPINGS.map((by) => ({ by })),
      { by: "model", rootId: "wf-2" },
      { by: "jobClass", from, to },
      { by: "day", currency: "EUR" },
      { by: "tenant", from, to },
    ];
    for (const options of cases) {
      const fromApi = await queries.costLedger(options);
      const rows = await run(db, "costLedger", [
        options.by,
        options.rootId ?? null,
        options.from ?? null,
        options.to ?? null,
        options.currency ?? null,
      ]);
      const fromSql = rows
        .map((row) => ({ key: row.key, currency: row.currency, ...asTotals([row]) }))
        .map(({ cost, currency, ...rest }) => ({
          ...rest,
          currency,
          cost: cost[String(currency)],
        }));
      expect(fromSql, JSON.stringify(options)).toEqual(fromApi);
      expect(fromApi.length).toBeGreaterThan(0);
    }
  });

  it("seatSizing: same percentiles, stops and recommended rungs", async () => {
    const { db } = await open();
    await seedExampleRuns(db);
    const queries = new RecorderQueries(db);
    for (const jobClass of [undefined, "Summarize"]) {
      const fromSql = (await run(db, "seatSizing", [jobClass ?? null])).map((row) => ({
        jobClass: row.job_class,
        calls: Number(row.calls),
        maxOutputTokens: Number(row.max_output_tokens),
        p95OutputTokens: Number(row.p95_output_tokens),
        maxTokensStops: Number(row.max_tokens_stops),
        recommendedRung: row.recommended_rung,
      }));
      expect(fromSql).toEqual(await queries.seatSizing(jobClass === undefined ? {} : { jobClass }));
    }
  });

  it("benchmarkReports and benchmarkReport: same reports, same runs", async () => {
    const { db } = await open();
    await seedExampleRuns(db);
    const queries = new RecorderQueries(db);
    for (const rootId of [null, "wf-2", "wf-1"]) {
      const fromSql = (await run(db, "benchmarkReports", [rootId])).map((row) => ({
        jobId: row.job_id,
        rootId: row.root_id,
        racedJob: row.raced_job,
        grade: row.grade,
        times: row.times,
        startedAt: (row.started_at as Date).getTime(),
        finishedAt: (row.finished_at as Date).getTime(),
        runs: Number(row.runs),
        failedRuns: Number(row.failed_runs),
        judgeFailure: row.judge_failure,
        referenceFailure: row.reference_failure,
      }));
      expect(fromSql).toEqual(await queries.benchmarkReports(rootId === null ? {} : { rootId }));
    }
    // The columns both answers name alike, then the judge's score under each one's name.
    const columns = (row: Row, judgeScore: unknown) => [
      ...["run", "role", "model", "status", "error", "cost"].map((column) => row[column]),
      judgeScore,
    ];
    const fromSql = (await run(db, "benchmarkReport", ["bench-1"])).map((row) =>
      columns(row, row.judge_score),
    );
    const { rows } = await queries.benchmarkReport("bench-1");
    expect(fromSql).toEqual(rows.map((row) => columns({ ...row }, row.judgeScore)));
  });

  it("jobContent: the same input and output (SQL NULL where nothing was recorded)", async () => {
    const { db } = await open();
    await seedSaidRuns(db);
    const queries = new RecorderQueries(db);
    for (const jobId of ["chat-1", "agent", "search", "summary", "pending", "quiet", "turn-1"]) {
      const fromApi = await queries.jobContent(jobId);
      const [row] = await run(db, "jobContent", [jobId]);
      // pg reads SQL NULL and JSON null alike: the typed API tells them apart (its own test).
      expect([row?.input ?? null, row?.output ?? null], jobId).toEqual([
        fromApi!.input ?? null,
        fromApi!.output ?? null,
      ]);
    }
  });

  it("modelCall: the same system text, messages in request order and answer", async () => {
    const { db } = await open();
    await seedSaidRuns(db);
    await seedThinkerLoop(db, "loop", 5);
    const queries = new RecorderQueries(db);
    const calls = [["turn-1"], ["turn-2"], ["summary"], ["quiet"], ["loop-turn-005"]];
    for (const [jobId] of calls) {
      const { content } = (await queries.modelCall(jobId!, 1))!;
      const rows = await run(db, "modelCall", [jobId, 1]);
      const said = (part: string) =>
        rows
          .filter((row) => row.part === part)
          .map((row) => ({ role: row.role, parts: row.parts }));
      const unhashed = (message: RecordedMessage | null) =>
        message === null ? [] : [{ role: message.role, parts: message.parts }];
      if (content === undefined) {
        expect(rows, jobId).toEqual([]);
        continue;
      }
      expect(said("system"), jobId).toEqual([
        { role: "system", parts: [{ type: "text", text: content.system }] },
      ]);
      expect(said("message"), jobId).toEqual(content.messages.flatMap(unhashed));
      expect(said("response"), jobId).toEqual(unhashed(content.response));
      expect(rows.map((row) => Number(row.position))).toEqual(rows.map((_, index) => index));
    }
  });

  it("workflowCalls: the same calls, costs, request sizes and answers as the transcript", async () => {
    const { db } = await open();
    await seedSaidRuns(db);
    await seedThinkerLoop(db, "loop", 5);
    const queries = new RecorderQueries(db);
    const partText = (part: Record<string, unknown>) =>
      part.type === "tool_call" || part.type === "tool_result"
        ? `${part.name} ${part.text}`
        : (part.text as string | undefined);
    for (const rootId of ["chat-1", "loop"]) {
      const { jobs } = await queries.workflowTranscript(rootId);
      const fromApi = jobs.flatMap((job) =>
        job.calls.map((call) => [
          call.jobId,
          call.seq,
          call.cost,
          call.content === undefined
            ? null
            : call.content.priorMessages + call.content.messages.length,
          call.content?.response?.parts
            .map((part) => partText(part))
            .filter((text) => text !== undefined)
            .join(" ") ?? null,
        ]),
      );
      const rows = await run(db, "workflowCalls", [rootId]);
      const times = rows.map((row) => (row.at as Date).getTime());
      expect(times).toEqual([...times].sort((left, right) => left - right));
      const fromSql = rows.map((row) => [
        row.job_id,
        row.seq,
        exact(row.cost),
        row.request_messages,
        row.answer,
      ]);
      const byCall = (left: unknown[], right: unknown[]) =>
        `${left[0]}/${left[1]}`.localeCompare(`${right[0]}/${right[1]}`);
      expect(fromSql.sort(byCall), rootId).toEqual(fromApi.sort(byCall));
    }
  });

  it("searchSaid: the same workflows in the same order, counts and snippets", async () => {
    const { db } = await open();
    await seedSaidRuns(db);
    await seedThinkerLoop(db, "loop", 3);
    const queries = new RecorderQueries(db);
    const since = new Date("2025-03-03T09:05:00Z");
    const until = new Date("2025-03-03T09:20:00Z");
    const cases: [string, { limit?: number; since?: Date; until?: Date }][] = [
      ["refund", {}],
      ["refund or mars or page", {}],
      ['"refund window"', {}],
      ["refund -where", {}],
      ["refund or mars", { since, until }],
      ["refund or mars", { since }],
      ["refund or mars or lookup", { limit: 2 }],
    ];
    for (const [query, options] of cases) {
      const fromApi = await queries.searchSaid(query, options);
      const rows = await run(db, "searchSaid", [
        query,
        options.since ?? null,
        options.until ?? null,
        options.limit ?? 20,
      ]);
      const fromSql = rows.map((row) => ({
        rootId: row.root_id,
        jobName: row.job_name,
        jobClass: row.job_class,
        status: row.status,
        startedAt: (row.started_at as Date | null)?.getTime() ?? null,
        matches: Number(row.matches),
        snippet: row.snippet,
      }));
      expect(fromSql, query).toEqual(fromApi);
      expect(fromApi.length, query).toBeGreaterThan(0);
    }
  });
});
