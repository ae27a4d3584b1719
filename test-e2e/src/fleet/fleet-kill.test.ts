import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadCatalog, type Catalog } from "@nucleo/catalog";
import { openFleetQueue, type FleetQueue } from "@nucleo/fleet";
import { startThrowawayPostgres, type ThrowawayPostgres } from "@nucleo/tooling/postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type WorkerProcess, startWorker, workerDir } from "../test-support/built-worker.js";
import { expectedCost } from "../test-support/expected-cost.js";
import {
  type MockCounts,
  type MockProviderProcess,
  startMockProviderProcess,
  takenAndEnded,
  waitUntil,
} from "./fleet-processes.js";

// Three `nucleo serve` processes share one PostgreSQL server and one mock provider that enforces
// a tokens-per-minute limit; 300 workflows are submitted, and one worker is killed with SIGKILL
// while it runs some of them. What the fleet promises is read back from the tables and from the
// provider's own counters.

const WORKFLOWS = 300;
const CONCURRENCY = 8;
/** The catalog's limits are per entry; the provider's is one for all: their sum, and a margin for counting. */
const PROVIDER_TOKENS_PER_MINUTE = 770_000;

/** Workflow `index`'s kind and input: each different, so no two send the same request. */
function submission(index: number): { workflow: string; input: unknown } {
  switch (index % 3) {
    case 0:
      return { workflow: "budget_check", input: { costs: [10 + index, 20, 30], budget: 100 } };
    case 1:
      return {
        workflow: "digest_document",
        input: {
          text: `Survey ${index}: forty nesting pairs on the cliffs.\n\nTwo raided nests near the gulls.\n\nThe station lost power for ${index} days.`,
        },
      };
    default:
      return {
        workflow: "support_chat",
        input: { conversation: `fleet-chat-${index}`, message: `Where is my order #${index}?` },
      };
  }
}

describe("a fleet of three workers on one PostgreSQL server, one killed mid-run", () => {
  let server: ThrowawayPostgres;
  let client: pg.Client;
  let folder = "";
  let catalog: Catalog;
  let mock: MockProviderProcess;
  let queue: FleetQueue;
  let workers: WorkerProcess[] = [];
  let counts: MockCounts;
  let killedAt = 0;
  let killedRunning: string[] = [];
  const ids: string[] = [];

  beforeAll(async () => {
    server = await startThrowawayPostgres();
    client = new pg.Client({ connectionString: server.url });
    await client.connect();
    folder = await mkdtemp(join(tmpdir(), "nucleo-e2e-fleet-"));
    catalog = await loadCatalog(join(workerDir, "config", "catalog.yaml"));
    const config = join(folder, "fleet.json");
    await writeFile(
      config,
      JSON.stringify({
        catalog: join(workerDir, "config", "catalog.yaml"),
        workflows: ["budget_check", "digest_document", "support_chat"],
        // Detection is quick here so the test is: the defaults (30 s + 5 s) are for production.
        fleet: { concurrency: CONCURRENCY, heartbeatSeconds: 10, monitorIntervalSeconds: 1 },
        shutdown: { graceMs: 10_000 },
        mockProvider: { latencyMs: 0 },
      }),
    );
    mock = await startMockProviderProcess(config, [
      "--tokens-per-minute",
      String(PROVIDER_TOKENS_PER_MINUTE),
      "--latency-ms",
      "150",
    ]);
    const env = { NUCLEO_MOCK_PROVIDER_URL: mock.url };
    workers = [0, 1, 2].map(() =>
      startWorker(["serve", "--config", config], { databaseUrl: server.url, cwd: folder, env }),
    );
    await Promise.all(
      workers.map((worker) => worker.waitFor(/^serving workflows from the queue/m)),
    );
    queue = await openFleetQueue({
      database: { url: server.url },
      heartbeatSeconds: 10,
      monitorIntervalSeconds: 1,
      superviseIntervalSeconds: 1,
      supervise: false,
      runSchedules: false,
    });
    const submitter = queue.client({ check: (_name, input) => input });
    for (let index = 0; index < WORKFLOWS; index++) {
      const { workflow, input } = submission(index);
      ids.push((await submitter.submit(workflow, input, { idempotencyKey: `fleet-${index}` })).id);
    }
    // The victim is killed once it runs several workflows and the fleet has finished some.
    const victim = workers[0]!;
    await waitUntil("the first worker running 3 workflows, 30 finished", 120_000, async () => {
      const { taken, ended } = takenAndEnded(victim.stderr());
      const finished = await client.query<{ n: number }>(
        "select count(*)::int as n from nucleo_queue.job where name = 'nucleo.workflows' and state = 'completed'",
      );
      return taken.size - ended.size >= 3 && finished.rows[0]!.n >= 30;
    });
    victim.kill("SIGKILL");
    killedAt = Date.now();
    await victim.exited;
    const { taken, ended } = takenAndEnded(victim.stderr());
    killedRunning = [...taken].filter((id) => !ended.has(id));
    await waitUntil(`all ${WORKFLOWS} workflows finished`, 300_000, async () => {
      const finished = await client.query<{ n: number }>(
        "select count(*)::int as n from nucleo_queue.job where name = 'nucleo.workflows' and state = 'completed'",
      );
      return finished.rows[0]!.n === WORKFLOWS;
    });
    for (const worker of workers.slice(1)) worker.kill("SIGTERM");
    await Promise.all(workers.slice(1).map((worker) => worker.exited));
    counts = await mock.stop();
  }, 600_000);

  afterAll(async () => {
    for (const worker of workers) worker.kill("SIGKILL");
    await queue?.close();
    await client?.end();
    await server?.dispose();
    await rm(folder, { recursive: true, force: true });
  });

  it("all 300 workflows finish, each exactly once: one attempt's root finished per workflow", async () => {
    const roots = await client.query<{ workflow: string; finished: number }>(
      `select split_part(id, '~', 1) as workflow, count(*) filter (where status = 'finished')::int as finished
         from nucleo_jobs where parent_id is null group by 1`,
    );
    const finished = new Map(roots.rows.map((row) => [row.workflow, row.finished]));
    expect(ids.map((id) => finished.get(id))).toEqual(ids.map(() => 1));
  });

  it("the dead worker's workflows finished elsewhere, within 60 seconds of the kill", async () => {
    expect(killedRunning.length).toBeGreaterThanOrEqual(3);
    const retaken = await client.query<{ id: string; submitted_at: Date; status: string }>(
      "select id, submitted_at, status from nucleo_jobs where parent_id is null and id = any($1::text[])",
      [killedRunning.map((id) => `${id}~2`)],
    );
    expect(retaken.rows).toHaveLength(killedRunning.length);
    expect(retaken.rows.every((row) => row.status === "finished")).toBe(true);
    const recovery = retaken.rows.map((row) => row.submitted_at.getTime() - killedAt);
    console.info(
      `fleet kill test: ${killedRunning.length} workflows taken over; recovery ${Math.min(...recovery)}–${Math.max(...recovery)} ms after the SIGKILL`,
    );
    expect(Math.max(...recovery)).toBeLessThan(60_000);
    // The crashed attempt's unfinished jobs are closed, not left running forever.
    const open = await client.query<{ n: number }>(
      "select count(*)::int as n from nucleo_jobs where root_id = any($1::text[]) and status not in ('finished', 'failed')",
      [killedRunning],
    );
    expect(open.rows[0]!.n).toBe(0);
  });

  it("no model call that finished before the kill was sent to the provider again: later attempts replayed it", async () => {
    // A model call recorded in a crashed attempt, and a live call at the same position with the
    // same conversation in a later attempt of the same workflow, would be the same request paid twice.
    const resent = await client.query<{ n: number }>(
      `select count(*)::int as n
         from nucleo_jobs first
         join nucleo_model_calls first_call on first_call.job_id = first.id
         join nucleo_jobs later on later.root_id like first.root_id || '~%'
              and later.position = first.position and later.fingerprint = first.fingerprint
         join nucleo_model_calls later_call on later_call.job_id = later.id
        where first.root_id = any($1::text[])`,
      [killedRunning],
    );
    expect(resent.rows[0]!.n).toBe(0);
    const replayed = await client.query<{ n: number }>(
      "select count(*)::int as n from nucleo_jobs where replayed_from is not null and job_name = 'llm_call'",
    );
    expect(replayed.rows[0]!.n).toBeGreaterThan(0);
    // The provider answered every recorded call once; what it answered beyond them is what the
    // dead worker had in flight at the kill (its answers never arrived).
    const recorded = await client.query<{ n: number }>(
      "select count(*)::int as n from nucleo_model_calls",
    );
    const lost = counts.answered - recorded.rows[0]!.n;
    console.info(
      `fleet kill test: provider answered ${counts.answered} calls, ${recorded.rows[0]!.n} recorded, ${lost} lost in flight at the kill`,
    );
    expect(lost).toBeGreaterThanOrEqual(0);
    expect(lost).toBeLessThanOrEqual(CONCURRENCY * 4);
  });

  it("the provider answered 0 × 429: the tokens-per-minute limit held across the fleet", () => {
    expect(counts.throttled).toBe(0);
    expect(counts.answered).toBeGreaterThan(WORKFLOWS);
  });

  it("every cost row matches usage × price", async () => {
    const calls = await client.query(
      "select job_id, entry_id, cost::text as cost, currency, input_tokens, cache_read_input_tokens, cache_creation_input_tokens, output_tokens, reasoning_output_tokens from nucleo_model_calls",
    );
    expect(calls.rows.length).toBeGreaterThan(0);
    for (const call of calls.rows) expect(call.cost).toBe(expectedCost(catalog, call));
  });
});
