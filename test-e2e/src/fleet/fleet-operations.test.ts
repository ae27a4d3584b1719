import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startThrowawayPostgres, type ThrowawayPostgres } from "@nucleo/tooling/postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type WorkerProcess, startWorker, workerDir } from "../test-support/built-worker.js";
import {
  type MockProviderProcess,
  startMockProviderProcess,
  waitUntil,
} from "./fleet-processes.js";

// The queue operated from other processes, as an operator does: bad submissions, a cancel, a
// database restarted under a running worker, and a drain.

describe("operating the queue from other processes, against the built worker", () => {
  let server: ThrowawayPostgres;
  let client: pg.Client;
  let folder = "";
  let config = "";
  let mock: MockProviderProcess;
  let worker: WorkerProcess;

  /** Runs `nucleo <args>` to its end. */
  async function nucleo(...args: string[]) {
    const command = startWorker([...args, "--config", config], {
      databaseUrl: server.url,
      cwd: folder,
      env: { NUCLEO_MOCK_PROVIDER_URL: mock.url },
    });
    const code = await command.exited;
    return { code, stdout: command.stdout(), stderr: command.stderr() };
  }

  async function queueState(id: string): Promise<string | undefined> {
    const found = await client.query<{ state: string }>(
      "select state from nucleo_queue.job where id = $1::uuid",
      [id],
    );
    return found.rows[0]?.state;
  }

  async function recordedCalls(rootId: string): Promise<number> {
    const found = await client.query<{ n: number }>(
      "select count(*)::int as n from nucleo_model_calls where root_id = $1",
      [rootId],
    );
    return found.rows[0]!.n;
  }

  function serve(): WorkerProcess {
    return startWorker(["serve", "--config", config], {
      databaseUrl: server.url,
      cwd: folder,
      env: { NUCLEO_MOCK_PROVIDER_URL: mock.url },
    });
  }

  beforeAll(async () => {
    server = await startThrowawayPostgres();
    client = new pg.Client({ connectionString: server.url });
    await client.connect();
    folder = await mkdtemp(join(tmpdir(), "nucleo-e2e-queue-"));
    config = join(folder, "worker.json");
    await writeFile(
      config,
      JSON.stringify({
        catalog: join(workerDir, "config", "catalog.yaml"),
        workflows: ["budget_check", "digest_document"],
        fleet: { concurrency: 2, heartbeatSeconds: 10, monitorIntervalSeconds: 1 },
        shutdown: { graceMs: 30_000 },
      }),
    );
    mock = await startMockProviderProcess(config, ["--latency-ms", "300"]);
    worker = serve();
    await worker.waitFor(/^serving workflows from the queue/m);
  }, 120_000);

  afterAll(async () => {
    worker?.kill("SIGKILL");
    await mock?.stop();
    await client?.end();
    await server?.dispose();
    await rm(folder, { recursive: true, force: true });
  });

  it("an unknown workflow and an invalid input are refused at submission, exit 2, and nothing is queued", async () => {
    const unknown = await nucleo("submit", "no_such_workflow");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/Unknown workflow "no_such_workflow"/);
    const invalid = await nucleo(
      "submit",
      "budget_check",
      "--input",
      '{"costs":"many","budget":1}',
    );
    expect(invalid.code).toBe(2);
    expect(invalid.stderr).toMatch(/field costs/);
    const queued = await client.query<{ n: number }>(
      "select count(*)::int as n from nucleo_queue.job where name = 'nucleo.workflows'",
    );
    expect(queued.rows[0]!.n).toBe(0);
  });

  it("the same idempotency key submitted twice is one workflow", async () => {
    const first = await nucleo("submit", "digest_document", "--key", "digest-1", "--json");
    const second = await nucleo("submit", "digest_document", "--key", "digest-1", "--json");
    expect(first.code, first.stderr).toBe(0);
    expect(second.code, second.stderr).toBe(0);
    const [a, b] = [JSON.parse(first.stdout), JSON.parse(second.stdout)];
    expect(b.id).toBe(a.id);
    expect([a.created, b.created]).toEqual([true, false]);
    await waitUntil(
      "the digest finished",
      60_000,
      async () => (await queueState(a.id)) === "completed",
    );
  });

  it("a cancel from another process stops the running workflow and every job under it within 2 seconds", async () => {
    // Fifteen costs, added two at a time by the thinker and again by its delegate: a long run.
    const costs = Array.from({ length: 15 }, (_unused, index) => index + 1);
    const submitted = await nucleo(
      "submit",
      "budget_check",
      "--input",
      JSON.stringify({ costs, budget: 50 }),
      "--json",
    );
    const { id } = JSON.parse(submitted.stdout) as { id: string };
    await waitUntil(
      "the workflow's first model calls",
      60_000,
      async () => (await recordedCalls(id)) >= 2,
    );
    const cancel = await nucleo("cancel", id);
    expect(cancel.code, cancel.stderr).toBe(0);
    await waitUntil("every job of the workflow ended", 10_000, async () => {
      const open = await client.query<{ n: number }>(
        "select count(*)::int as n from nucleo_jobs where root_id = $1 and ended_at is null",
        [id],
      );
      return open.rows[0]!.n === 0;
    });
    const root = await client.query<{ status: string; error_code: string; ended_at: Date }>(
      "select status, error_code, ended_at from nucleo_jobs where id = $1",
      [id],
    );
    expect(root.rows[0]).toMatchObject({ status: "failed", error_code: "cancelled" });
    // From the moment the queue recorded the cancel (the other process's command has committed
    // it) to the workflow's end in the recorder.
    const cancelled = await client.query<{ completed_on: Date }>(
      "select completed_on from nucleo_queue.job where id = $1::uuid",
      [id],
    );
    expect(
      root.rows[0]!.ended_at.getTime() - cancelled.rows[0]!.completed_on.getTime(),
    ).toBeLessThan(2_000);
    expect(await queueState(id)).toBe("cancelled");
  });

  it("a database restarted under a running worker loses nothing, and the work resumes", async () => {
    const ids: string[] = [];
    for (let index = 0; index < 4; index++) {
      const submitted = await nucleo(
        "submit",
        "budget_check",
        "--input",
        JSON.stringify({ costs: [index, 2, 3], budget: 5 }),
        "--json",
      );
      ids.push((JSON.parse(submitted.stdout) as { id: string }).id);
    }
    await waitUntil(
      "the first workflow under way",
      60_000,
      async () => (await recordedCalls(ids[0]!)) >= 1,
    );
    await client.end();
    await server.stop();
    await server.start();
    client = new pg.Client({ connectionString: server.url });
    await client.connect();
    await waitUntil("all four workflows finished", 180_000, async () => {
      const states = await Promise.all(ids.map(queueState));
      return states.every((state) => state === "completed");
    });
    for (const id of ids) {
      const roots = await client.query<{ n: number }>(
        "select count(*)::int as n from nucleo_jobs where parent_id is null and split_part(id, '~', 1) = $1 and status = 'finished'",
        [id],
      );
      expect(roots.rows[0]!.n, id).toBe(1);
    }
  }, 240_000);

  it("nucleo run beside a serving worker reports its workflow whichever of them took it", async () => {
    for (let round = 0; round < 2; round++) {
      const run = await nucleo("run", "digest_document");
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/^Running digest_document \(workflow [\w-]+\)$/m);
      expect(run.stdout).toContain("Trajectory, read back from Postgres");
    }
  }, 120_000);

  it("SIGTERM drains: the running workflow finishes, nothing new is taken, the worker exits 0", async () => {
    const running = JSON.parse((await nucleo("submit", "budget_check", "--json")).stdout) as {
      id: string;
    };
    await waitUntil(
      "the workflow under way",
      60_000,
      async () => (await recordedCalls(running.id)) >= 1,
    );
    worker.kill("SIGTERM");
    await worker.waitFor(/^Received SIGTERM: taking no new workflows/m);
    const later = JSON.parse((await nucleo("submit", "digest_document", "--json")).stdout) as {
      id: string;
    };
    expect(await worker.exited).toBe(0);
    expect(await queueState(running.id)).toBe("completed");
    expect(await queueState(later.id)).toBe("created");
  }, 120_000);
});
