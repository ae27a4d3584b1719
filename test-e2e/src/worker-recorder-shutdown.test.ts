import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startThrowawayPostgres, type ThrowawayPostgres } from "@nucleo/tooling/postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorker, workerDir } from "./test-support/built-worker.js";
import { recordedRows } from "./test-support/recorded-rows.js";

// The built worker when its database refuses a write, and when it is told to stop mid-run: what
// it prints, how it exits, and what the recorder kept. Each test starts a worker of its own on a
// fresh server, where no example workflow ran.

describe("the built worker against a real PostgreSQL server, on the mock provider over HTTP", () => {
  let server: ThrowawayPostgres;
  let client: pg.Client;
  let folder = "";

  const { jobs, calls, recordedCalls } = recordedRows(() => client);

  beforeAll(async () => {
    server = await startThrowawayPostgres();
    client = new pg.Client({ connectionString: server.url });
    await client.connect();
    folder = await mkdtemp(join(tmpdir(), "nucleo-e2e-worker-"));
  }, 180_000);

  afterAll(async () => {
    await client?.end();
    await server?.dispose();
    await rm(folder, { recursive: true, force: true });
  });

  it("a table taken away mid-run: the recorder's refused write is not retried, the run is not held, and the worker exits 1 naming the statement", {
    timeout: 90_000,
  }, async () => {
    const file = join(folder, "refused.json");
    await writeFile(
      file,
      JSON.stringify({
        catalog: join(workerDir, "config", "catalog.yaml"),
        workflows: ["budget_check"],
        mockProvider: { latencyMs: 150 },
      }),
    );
    const worker = startWorker(["run", "budget_check", "--config", file], {
      databaseUrl: server.url,
      cwd: folder,
    });
    const [, rootId] = await worker.waitFor(/^Running budget_check \(workflow ([\w-]+)\)$/m);
    await recordedCalls(rootId!, 1);
    await client.query("alter table nucleo_model_calls rename to nucleo_model_calls_away");
    try {
      expect(await worker.exited, worker.stdout()).toBe(1);
    } finally {
      await client.query("alter table nucleo_model_calls_away rename to nucleo_model_calls");
    }
    const refusal =
      'The database refused the recorder\'s insert into nucleo_model_calls: 42P01: relation "nucleo_model_calls" does not exist. Not retried';
    // Told once as it happened (the recorder's log line, JSON since stderr is no terminal), and
    // once as the reason for the exit.
    const logged = worker
      .stderr()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { level: string; msg: string });
    expect(
      logged.filter((entry) => entry.level === "error" && entry.msg.includes(refusal)),
      worker.stderr(),
    ).toHaveLength(1);
    expect(worker.stderr()).toContain(`nucleo: ${refusal}`);
    expect(worker.stderr()).not.toContain("Retrying in");
    expect(worker.stdout()).not.toContain("Trajectory, read back from Postgres");
    expect(worker.stdout() + worker.stderr()).not.toContain(new URL(server.url).password);
  });

  describe("graceful shutdown", () => {
    async function configWith(
      name: string,
      shutdown: { graceMs: number },
      latencyMs: number,
    ): Promise<string> {
      const file = join(folder, name);
      await writeFile(
        file,
        JSON.stringify({
          catalog: join(workerDir, "config", "catalog.yaml"),
          workflows: ["budget_check", "benchmark_classify_ticket"],
          shutdown,
          mockProvider: { latencyMs },
        }),
      );
      return file;
    }

    it("on SIGTERM it takes no new work, lets the running workflow finish, records all of it and exits 0", async () => {
      const worker = startWorker(
        ["--config", await configWith("patient.json", { graceMs: 60_000 }, 150)],
        { databaseUrl: server.url, cwd: folder },
      );
      const [, rootId] = await worker.waitFor(/^Running budget_check \(workflow ([\w-]+)\)$/m);
      await recordedCalls(rootId!, 2);
      worker.kill("SIGTERM");
      expect(await worker.exited, worker.stderr()).toBe(0);
      expect(worker.stdout()).toMatch(
        /Received SIGTERM: taking no new workflows; 1 running may finish within 60000 ms/,
      );
      expect(worker.stdout()).toContain("Shutting down: not submitting benchmark_classify_ticket.");
      expect(worker.stdout()).toContain('Output  {"total":500,"verdict":"over"}');
      const rows = await jobs(rootId!);
      // The example's ten costs: 42 jobs, 22 of them model calls (the thinker's and its sub-thinker's).
      expect(rows).toHaveLength(42);
      expect(rows.every((row) => row.status === "finished")).toBe(true);
      expect(await calls(rootId!)).toHaveLength(22);
      // No example workflow ran on this server: any benchmark recorded here was started by this worker.
      const benchmarks = await client.query(
        "select 1 from nucleo_jobs where job_name = 'benchmark_classify_ticket'",
      );
      expect(benchmarks.rowCount).toBe(0);
    });

    it("past the grace period it cancels the running workflow, records everything submitted so far with its end, and exits 0", async () => {
      const worker = startWorker(
        ["run", "budget_check", "--config", await configWith("hasty.json", { graceMs: 100 }, 300)],
        { databaseUrl: server.url, cwd: folder },
      );
      const [, rootId] = await worker.waitFor(/^Running budget_check \(workflow ([\w-]+)\)$/m);
      await recordedCalls(rootId!, 1);
      worker.kill("SIGTERM");
      expect(await worker.exited, worker.stderr()).toBe(0);
      expect(worker.stdout()).toMatch(
        /Failed {2}.*grace period of 100 ms.*\(stopped by the worker's shutdown\)/,
      );
      const rows = await jobs(rootId!);
      expect(rows.length).toBeGreaterThan(1);
      // Fewer than the 42 jobs of the whole run.
      expect(rows.length).toBeLessThan(42);
      // Every job submitted before the shutdown is there, ended: finished, or failed by the cancellation.
      expect(
        rows.every(
          (row) => row.ended_at !== null && (row.status === "finished" || row.status === "failed"),
        ),
      ).toBe(true);
      expect(rows.find((row) => row.parent_id === null)).toMatchObject({
        status: "failed",
        error_code: "cancelled",
      });
      const ids = new Set(rows.map((row) => row.id));
      expect(rows.every((row) => row.parent_id === null || ids.has(row.parent_id))).toBe(true);
      // Each model call that completed is recorded, on the LLMCall job that made it.
      const finishedTurns = rows
        .filter((row) => row.job_class === "LLMCall" && row.status === "finished")
        .map((row) => row.id)
        .sort();
      expect((await calls(rootId!)).map((call) => call.job_id).sort()).toEqual(finishedTurns);
    });

    // Last: it stops the server, then starts it again.
    it("with its database away, a third signal makes it give up on the unwritten events, say how many, and exit 1", {
      timeout: 90_000,
    }, async () => {
      const worker = startWorker(
        [
          "run",
          "budget_check",
          "--config",
          await configWith("stranded.json", { graceMs: 60_000 }, 150),
        ],
        { databaseUrl: server.url, cwd: folder },
      );
      await worker.waitFor(/^Running budget_check \(workflow [\w-]+\)$/m);
      // The test's own connection would die with the server, unheard: it is closed first and opened again after.
      await client.end();
      await server.stop();
      try {
        // Each signal once its predecessor is acknowledged: identical pending signals merge.
        worker.kill("SIGTERM");
        await worker.waitFor(/^Received SIGTERM: taking no new work/m);
        worker.kill("SIGINT");
        await worker.waitFor(/^Received SIGINT again: handing/m);
        worker.kill("SIGINT");
        await worker.waitFor(
          /^Received SIGINT a third time: giving up on \d+ event\(s\) the recorder has not written\.$/m,
        );
        expect(await worker.exited).toBe(1);
        expect(worker.stderr()).toMatch(
          /nucleo: The recorder gave up on \d+ event\(s\) not yet written \(SIGINT received a third time\); they are not recorded\./,
        );
        expect(worker.stdout() + worker.stderr()).not.toContain(new URL(server.url).password);
      } finally {
        await server.start();
        client = new pg.Client({ connectionString: server.url });
        await client.connect();
      }
    });
  });
});
