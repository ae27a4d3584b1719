// The admin console as its users meet it: `nucleo admin` over a throwaway PostgreSQL server filled
// with real worker runs and the XSS canary run, a serving worker alive beside it.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { throwawayPostgresForTests } from "@nucleo/tooling/postgres";
import { type WorkerProcess, startWorker, workerDir } from "../../test-support/built-worker.js";
import { startMockProviderProcess } from "../../fleet/fleet-processes.js";
import { consoleApi } from "./console-api.js";
import { type RecordedRuns, recordRuns } from "./recorded-runs.js";
import { startServe, submitWorkerRuns, type WorkerRuns, type WorkerSetup } from "./worker-runs.js";

/** Filler runs recorded before the worker's: with them the runs list (50 a page) has a second page. */
export const FILLER_RUNS = 50;

/** A running console and what it holds. */
export interface ConsoleUnderTest {
  /** Where the console answers, `http://127.0.0.1:<port>`. */
  readonly url: string;
  readonly passwords: { readonly operator: string; readonly viewer: string };
  /** The runs the built worker ran. */
  readonly runs: WorkerRuns;
  /** The runs this process recorded: the XSS canary, fillers, a run of known cost. */
  readonly recorded: RecordedRuns;
  /** Stops the console, the worker, the mock provider and the database; safe to call twice. */
  stop(): Promise<void>;
}

/**
 * How long a process may take to end after SIGTERM before it is killed. Each of them ends well
 * within it, but `nucleo admin`, which holds on for some 10 s (a database socket left open).
 */
const STOP_GRACE_MS = 3_000;

/**
 * Starts the whole console, or answers `undefined` when PostgreSQL is not installed (outside CI:
 * `throwawayPostgresForTests` has said why). Whatever fails on the way, everything started so far
 * is stopped before the error is thrown.
 */
export async function startConsoleUnderTest(): Promise<ConsoleUnderTest | undefined> {
  // Processes are stopped together, first; then what they used, last made first.
  const processes: Array<() => Promise<unknown>> = [];
  const resources: Array<() => Promise<unknown>> = [];
  const stop = async () => {
    await Promise.allSettled(processes.splice(0).map((step) => step()));
    // Every step runs even when one before it fails.
    for (const step of resources.splice(0).reverse()) await step().catch(() => undefined);
  };
  try {
    const server = await throwawayPostgresForTests("admin console e2e");
    if (server === undefined) return undefined;
    resources.push(() => server.dispose());
    const folder = await mkdtemp(join(tmpdir(), "nucleo-e2e-admin-"));
    resources.push(() => rm(folder, { recursive: true, force: true }));
    const config = await writeWorkerConfig(folder);
    const mockStarting = startMockProviderProcess(config, []);
    // Awaited below; until then a failed start must not count as an unhandled rejection.
    mockStarting.catch(() => undefined);
    processes.push(async () => (await mockStarting).stop());
    // The recorder's migrations run here, before any worker opens the database.
    const recorded = await recordRuns(server.url, FILLER_RUNS);
    const worker: WorkerSetup = {
      databaseUrl: server.url,
      folder,
      config,
      mockProviderUrl: (await mockStarting).url,
    };
    const serving = await startServe(worker);
    processes.push(() => terminate(serving));
    const passwords = { operator: newPassword(), viewer: newPassword() };
    const admin = startAdminProcess(worker, passwords, processes);
    admin.catch(() => undefined);
    // The one workflow cancelled is cancelled through the console, as an operator does.
    const operator = admin.then((url) => consoleApi(url, "operator", passwords.operator));
    operator.catch(() => undefined);
    const runs = await submitWorkerRuns(worker, async (id) => {
      const { done } = await (await operator).post<{ done: boolean }>(
        `/fleet/workflows/${id}/cancel`,
      );
      if (!done) throw new Error(`the console did not cancel workflow ${id}`);
    });
    return { url: await admin, passwords, runs, recorded, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function writeWorkerConfig(folder: string): Promise<string> {
  const config = join(folder, "worker.json");
  await writeFile(
    config,
    JSON.stringify({
      catalog: join(workerDir, "config", "catalog.yaml"),
      workflows: ["budget_check", "benchmark_classify_ticket", "digest_document", "support_chat"],
      // No retries: the failing workflow fails once, and its dead letter is there at once.
      fleet: { concurrency: 4, heartbeatSeconds: 10, monitorIntervalSeconds: 1, retryLimit: 0 },
      shutdown: { graceMs: 5_000 },
    }),
  );
  return config;
}

/** `nucleo admin --port 0` with both passwords; resolves with the URL it prints. */
async function startAdminProcess(
  worker: WorkerSetup,
  passwords: ConsoleUnderTest["passwords"],
  processes: Array<() => Promise<unknown>>,
): Promise<string> {
  const admin = startWorker(["admin", "--port", "0", "--config", worker.config], {
    databaseUrl: worker.databaseUrl,
    cwd: worker.folder,
    env: {
      NUCLEO_ADMIN_PASSWORD: passwords.operator,
      NUCLEO_ADMIN_VIEWER_PASSWORD: passwords.viewer,
    },
  });
  processes.push(() => terminate(admin));
  const [, url] = await admin.waitFor(/^admin console at (http:\/\/127\.0\.0\.1:\d+) /m);
  return url!;
}

/** SIGTERM, then SIGKILL if the process has not ended within {@link STOP_GRACE_MS}. */
async function terminate(process: WorkerProcess): Promise<void> {
  process.kill("SIGTERM");
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), STOP_GRACE_MS);
  });
  if ((await Promise.race([process.exited, late])) === "late") process.kill("SIGKILL");
  clearTimeout(timer);
  await process.exited;
}

function newPassword(): string {
  return randomBytes(18).toString("base64url");
}
