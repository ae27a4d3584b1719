import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadCatalog, type Catalog } from "@nucleo/catalog";
import { Decimal } from "@nucleo/core";
import { startThrowawayPostgres, type ThrowawayPostgres } from "@nucleo/tooling/postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorker, workerDir } from "./test-support/built-worker.js";
import { expectedCost } from "./test-support/expected-cost.js";
import { recordedRows } from "./test-support/recorded-rows.js";

// The worker's example workflows, run once against a fresh server: what they leave in the tables.
// A refused write and the shutdown are in worker-recorder-shutdown.test.ts.

describe("the built worker against a real PostgreSQL server, on the mock provider over HTTP", () => {
  let server: ThrowawayPostgres;
  let client: pg.Client;
  let folder = "";
  let catalog: Catalog;
  let examples: { code: number | null; stdout: string; stderr: string; ids: Map<string, string> };

  const { jobs, calls } = recordedRows(() => client);

  beforeAll(async () => {
    server = await startThrowawayPostgres();
    client = new pg.Client({ connectionString: server.url });
    await client.connect();
    folder = await mkdtemp(join(tmpdir(), "nucleo-e2e-worker-"));
    catalog = await loadCatalog(join(workerDir, "config", "catalog.yaml"));
    const worker = startWorker([], { databaseUrl: server.url, cwd: folder });
    const code = await worker.exited;
    const ids = new Map(
      [...worker.stdout().matchAll(/^Running (\w+) \(workflow ([\w-]+)\)$/gm)].map((match) => [
        match[1]!,
        match[2]!,
      ]),
    );
    examples = { code, stdout: worker.stdout(), stderr: worker.stderr(), ids };
  }, 180_000);

  afterAll(async () => {
    await client?.end();
    await server?.dispose();
    await rm(folder, { recursive: true, force: true });
  });

  it("runs every example workflow, saying plainly it is on the mock provider, and never prints the database password", () => {
    expect(examples.code, examples.stderr).toBe(0);
    expect(examples.stdout).toMatch(
      /^no API key set: running on the mock provider at http:\/\/127\.0\.0\.1:\d+ /m,
    );
    expect(examples.stdout).toContain(
      `recorder: PostgreSQL at postgres://postgres:***@127.0.0.1:${server.port}/postgres`,
    );
    expect(examples.stdout + examples.stderr).not.toContain(new URL(server.url).password);
    expect([...examples.ids.keys()]).toEqual([
      "budget_check",
      "benchmark_classify_ticket",
      "digest_document",
      "support_chat",
    ]);
  });

  it("shares its rate-limit budgets through the database by default on a server: the model calls were booked there", async () => {
    expect(examples.stdout).toContain(
      "admission: rate-limit budgets shared with every worker on this database",
    );
    const booked = await client.query<{ entry_id: string; n: number }>(
      "select entry_id, count(*)::int as n from nucleo_seat_bookings group by entry_id order by entry_id",
    );
    const called = await client.query<{ entry_id: string; n: number }>(
      "select entry_id, count(*)::int as n from nucleo_model_calls group by entry_id order by entry_id",
    );
    // A booking leaves the table once it is a minute old and a later booking clears it, so on a
    // slow machine the oldest may be gone: every entry called has bookings, never more than calls.
    expect(booked.rows.map((row) => row.entry_id)).toEqual(called.rows.map((row) => row.entry_id));
    for (const [index, row] of booked.rows.entries()) {
      expect(row.n).toBeGreaterThan(0);
      expect(row.n).toBeLessThanOrEqual(called.rows[index]!.n);
    }
  });

  it("records every job of the thinker workflow with its step ordinal, its sub-thinker's jobs under it", async () => {
    const rows = await jobs(examples.ids.get("budget_check")!);
    const root = rows.find((row) => row.parent_id === null)!;
    const delegate = rows.find((row) => row.job_name === "sub_thinker")!;
    const outline = (parent: string) =>
      rows
        .filter((row) => row.parent_id === parent)
        .map((row) => `${row.ordinal}:${row.job_name}`)
        .sort();
    // The example's ten costs take nine additions, each a turn and its add call, in steps 1 to 9.
    const additions = Array.from({ length: 9 }, (_unused, index) => [
      `${index + 1}:add`,
      `${index + 1}:llm_call`,
    ]).flat();
    expect(root).toMatchObject({ job_name: "budget_check", ordinal: null, status: "finished" });
    expect(outline(root.id)).toEqual(
      [...additions, "10:llm_call", "10:sub_thinker", "11:llm_call", "12:llm_call"].sort(),
    );
    expect(outline(delegate.id)).toEqual([...additions, "10:llm_call"].sort());
    expect(rows.every((row) => row.status === "finished" && row.ended_at !== null)).toBe(true);
  });

  it("records the coded workflow's steps with their ordinals: the split at 1, the four parallel summaries sharing 2, the join at 3", async () => {
    const rows = await jobs(examples.ids.get("digest_document")!);
    const root = rows.find((row) => row.parent_id === null)!;
    expect(root).toMatchObject({ job_name: "digest_document", ordinal: null, status: "finished" });
    const steps = rows
      .filter((row) => row.parent_id === root.id)
      .map((row) => `${row.ordinal}:${row.job_name}`)
      .sort();
    expect(steps).toEqual([
      "1:split_paragraphs",
      "2:summarize_paragraph",
      "2:summarize_paragraph",
      "2:summarize_paragraph",
      "2:summarize_paragraph",
      "3:join_summaries",
    ]);
    // Each summary is a one-call tool: exactly one model call, made and recorded by its own job.
    const recorded = await calls(root.id);
    for (const summary of rows.filter((row) => row.job_name === "summarize_paragraph")) {
      expect(recorded.filter((call) => call.job_id === summary.id)).toHaveLength(1);
    }
    expect(rows.every((row) => row.status === "finished" && row.ended_at !== null)).toBe(true);
  });

  it("records the benchmark's runs: the reference alone in the first step, every candidate together in a later one, each judged", async () => {
    const rows = await jobs(examples.ids.get("benchmark_classify_ticket")!);
    const root = rows.find((row) => row.parent_id === null)!;
    const runs = rows.filter(
      (row) => row.parent_id === root.id && row.job_name === "classify_ticket",
    );
    const smallEntries = catalog.entries().filter((entry) => entry.grade === "SMALL");
    expect(runs).toHaveLength(1 + smallEntries.length);
    const ordinals = runs.map((row) => row.ordinal!).sort((a, b) => a - b);
    expect(ordinals[0]).not.toBeNull();
    expect(ordinals.filter((ordinal) => ordinal === ordinals[0])).toHaveLength(1);
    expect(new Set(ordinals.slice(1)).size).toBe(1);
    expect(ordinals[1]!).toBeGreaterThan(ordinals[0]!);
    expect(rows.filter((row) => row.job_class === "JudgeTool")).toHaveLength(smallEntries.length);
    expect(
      rows.every(
        (row) =>
          row.status === "finished" &&
          row.ended_at !== null &&
          (row.parent_id === null || row.ordinal !== null),
      ),
    ).toBe(true);
  });

  it("records every model call with its exact cost, priced from the catalog", async () => {
    for (const rootId of examples.ids.values()) {
      const rows = await calls(rootId);
      expect(rows.length).toBeGreaterThan(0);
      for (const call of rows) {
        expect(call.currency).toBe("USD");
        expect(call.cost).not.toBe("0");
        expect(Decimal.parse(call.cost).toString(), `${call.entry_id} ${call.job_id}`).toBe(
          expectedCost(catalog, call),
        );
      }
    }
    // A thinker's turns are LLMCall jobs, one recorded call each.
    const thinker = await jobs(examples.ids.get("budget_check")!);
    expect((await calls(examples.ids.get("budget_check")!)).length).toBe(
      thinker.filter((row) => row.job_class === "LLMCall").length,
    );
  });

  it("totals each workflow exactly: the sum of its calls in SQL, over its subtree, equals the printed total", async () => {
    for (const [name, rootId] of examples.ids) {
      const recorded = await calls(rootId);
      const sum = recorded
        .reduce((total, call) => total.plus(Decimal.parse(call.cost)), Decimal.ZERO)
        .toString();
      const byRoot = await client.query<{ total: string }>(
        "select sum(cost)::text as total from nucleo_model_calls where root_id = $1",
        [rootId],
      );
      const bySubtree = await client.query<{ total: string }>(
        "select sum(cost)::text as total from nucleo_model_calls where job_id = $1 or ancestors @> array[$1]::text[]",
        [rootId],
      );
      expect(Decimal.parse(byRoot.rows[0]!.total).toString(), name).toBe(sum);
      expect(Decimal.parse(bySubtree.rows[0]!.total).toString(), name).toBe(sum);
      const report = examples.stdout.slice(examples.stdout.indexOf(`Workflow ${name} (${rootId})`));
      const totals = report.match(
        /\nWorkflow \S+ \(\w+\): \d+ jobs, (\d+) model calls, cost USD ([\d.]+)\n/,
      );
      expect([totals?.[2], totals?.[1]], name).toEqual([sum, String((await calls(rootId)).length)]);
    }
  });

  it("stores the benchmark's report and its rows: the reference and one run per SMALL entry, each judged", async () => {
    const rootId = examples.ids.get("benchmark_classify_ticket")!;
    const reports = await client.query<{
      job_id: string;
      raced_job: string;
      grade: string;
      times: number;
    }>("select job_id, raced_job, grade, times from nucleo_benchmark_reports where root_id = $1", [
      rootId,
    ]);
    expect(reports.rows).toEqual([
      { job_id: rootId, raced_job: "classify_ticket", grade: "SMALL", times: 1 },
    ]);
    const rows = await client.query<{
      run: number;
      role: string;
      model: string;
      status: string;
      judge_score: number | null;
      scorer_score: number | null;
      cost: Record<string, string>;
    }>(
      "select run, role, model, status, judge_score, scorer_score, cost from nucleo_benchmark_rows where job_id = $1 order by run",
      [rootId],
    );
    const smallEntries = catalog
      .entries()
      .filter((entry) => entry.grade === "SMALL")
      .map((entry) => entry.id);
    expect(rows.rows.map((row) => `${row.role}:${row.status}`)).toEqual([
      "reference:ok",
      ...smallEntries.map(() => "candidate:ok"),
    ]);
    expect(
      rows.rows
        .slice(1)
        .map((row) => row.model)
        .sort(),
    ).toEqual([...smallEntries].sort());
    expect(
      rows.rows.slice(1).every((row) => row.judge_score === 10 && row.scorer_score === 10),
    ).toBe(true);
    expect(rows.rows.every((row) => Decimal.parse(row.cost.USD!).compare(Decimal.ZERO) > 0)).toBe(
      true,
    );
    expect(examples.stdout).toMatch(
      /^Benchmark \S+: classify_ticket at grade SMALL, 1 run per model, /m,
    );
  });

  it("keeps the support chat in Postgres: another worker process resumes it with every earlier turn", {
    timeout: 60_000,
  }, async () => {
    expect(examples.stdout).toContain(
      'Output  "Thanks for writing. I have noted: \\"Hello, my order #1042 has not arrived yet.\\". I will look into it."',
    );
    const next = startWorker(
      [
        "run",
        "support_chat",
        "--input",
        JSON.stringify({ conversation: "example-support-chat", message: "Any news?" }),
      ],
      { databaseUrl: server.url, cwd: folder },
    );
    expect(await next.exited, next.stderr()).toBe(0);
    expect(next.stdout()).toContain("This is message 2 of our conversation. You first wrote:");
    const stored = await client.query<{
      version: number;
      data: { turns: Array<{ role: string; parts: Array<{ text: string }> }> };
    }>("select version, data from nucleo_conversations where id = $1", ["example-support-chat"]);
    expect(stored.rows[0]?.version).toBe(2);
    const turns = stored.rows[0]!.data.turns;
    expect(turns.map((turn) => turn.role)).toEqual(["user", "assistant", "user", "assistant"]);
    expect(turns[0]!.parts[0]!.text).toBe("Hello, my order #1042 has not arrived yet.");
    expect(turns[2]!.parts[0]!.text).toBe("Any news?");
  });
});
