/**
 * Nucleo's side: workers composed as `nucleo serve` composes them (`Worker.start`, the queue in
 * its database, `queueHandler`), serving a trivial workflow — a doer that runs one tool — that
 * the worker's dispatcher runs and its recorder records (content policy `full`, so each
 * attempt's replay checkpoints are written too).
 */
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { AbstractDoer, AbstractTool, silentLogger, type JobContext } from "@nucleo/core";
import { openFleetQueue } from "@nucleo/fleet";
import { z } from "zod";
import { Worker } from "../src/compose/worker.ts";
import { loadWorkerConfig } from "../src/config/load-worker-config.ts";
import { queueHandler } from "../src/fleet/queue-handler.ts";
import { fleetSettingsOf } from "../src/fleet/fleet-settings-of.ts";
import { openWorkerFleet } from "../src/fleet/worker-fleet.ts";
import { registryChecks } from "../src/fleet/registry-checks.ts";
import { packageFile } from "../src/package-files.ts";
import type { WorkflowDefinition } from "../src/workflows/workflow-definition.ts";

/** Where the workers run: a server (and a folder for their config), or a PGlite folder. */
export interface NucleoTarget {
  readonly url?: string;
  readonly cwd: string;
}

const Input = z.object({ index: z.number() });

class Echo extends AbstractTool<{ index: number }, { index: number }> {
  readonly name = "echo";
  readonly input = Input;
  readonly output = Input;
  override readonly readOnly = true;
  execute(input: { index: number }) {
    return input;
  }
}

class Trivial extends AbstractDoer<{ index: number }, { index: number }> {
  readonly name = "trivial";
  readonly input = Input;
  readonly output = Input;
  execute(input: { index: number }, context: JobContext) {
    return context.submitInStep(new Echo(), input);
  }
}

const TRIVIAL: WorkflowDefinition<{ index: number }> = {
  name: "trivial",
  description: "A doer that runs one tool: the queue's and the recorder's cost, nothing else.",
  input: Input,
  exampleInput: { index: 0 },
  start: (input) => ({ job: new Trivial(), input }),
  mock: () => undefined,
};

async function startWorkers(target: NucleoTarget, count: number) {
  await mkdir(target.cwd, { recursive: true });
  const file = join(target.cwd, "worker.json");
  await writeFile(
    file,
    JSON.stringify({ catalog: packageFile("config/catalog.yaml"), workflows: ["budget_check"] }),
  );
  const config = await loadWorkerConfig(file);
  const env = target.url === undefined ? {} : { DATABASE_URL: target.url };
  const workers: Worker[] = [];
  for (let index = 0; index < count; index++) {
    const worker = await Worker.start({ config, env, cwd: target.cwd, logger: silentLogger });
    worker.registry.register(TRIVIAL);
    workers.push(worker);
  }
  return workers;
}

/** Workflows per second through `workers` workers of `slots` slots: submit → finished, recorded, stored. */
export async function nucleoThroughput(
  target: NucleoTarget,
  shape: { readonly workers: number; readonly slots: number; readonly total: number },
): Promise<number> {
  const workers = await startWorkers(target, shape.workers);
  // A queue of its own per run (the runs share one database), opened as openWorkerFleet opens it.
  const schema = `bench_${Math.random().toString(36).slice(2, 10)}`;
  const fleets = [];
  for (const worker of workers) {
    const queue = await openFleetQueue({
      database: worker.recorder.queueDatabase,
      ...fleetSettingsOf(worker.config),
      schema,
      logger: silentLogger,
    });
    await queue.serve(queueHandler(worker), { concurrency: shape.slots });
    fleets.push({ queue, client: queue.client(registryChecks(worker.registry)) });
  }
  const { client } = fleets[0]!;
  const ids: string[] = [];
  const started = performance.now();
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < shape.total) ids.push((await client.submit("trivial", { index: next++ })).id);
  };
  await Promise.all(Array.from({ length: 8 }, lane));
  for (;;) {
    const done = await client.list({ state: "finished", limit: shape.total });
    if (done.length >= shape.total) break;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const seconds = (performance.now() - started) / 1000;
  // Each workflow's root was recorded as finished before the queue stored its result.
  const recorded = await workers[0]!.recorder.queries.trajectory(ids.at(-1)!);
  if (recorded.root.job.status !== "finished" || recorded.jobCount !== 2)
    throw new Error(
      `the last workflow was not recorded whole: ${JSON.stringify(recorded.root.job)}`,
    );
  for (const fleet of fleets) await fleet.queue.close();
  for (const worker of workers) await worker.close();
  return shape.total / seconds;
}

/** Submit → start on an idle worker, ms, from a second queue client (`samples` after 3 warm-ups). */
export async function nucleoLatency(target: NucleoTarget, samples: number): Promise<number[]> {
  const [worker] = (await startWorkers(target, 1)) as [Worker];
  const fleet = await openWorkerFleet(worker, silentLogger);
  let onStart: ((at: number) => void) | undefined;
  await fleet.queue.serve(queueHandler(worker, { onStarted: () => onStart?.(performance.now()) }), {
    concurrency: 8,
  });
  // A client of its own, as another process would submit (on PGlite the instance is shared).
  const submitter = await openFleetQueue({
    database: worker.recorder.queueDatabase,
    supervise: false,
    runSchedules: false,
    logger: silentLogger,
  });
  const client = submitter.client({ check: (_name, input) => input });
  const latencies: number[] = [];
  for (let sample = -3; sample < samples; sample++) {
    const startedAt = new Promise<number>((resolve) => (onStart = resolve));
    const sentAt = performance.now();
    const { id } = await client.submit("trivial", { index: sample });
    const at = await startedAt;
    await client.result(id);
    if (sample >= 0) latencies.push(at - sentAt);
  }
  await submitter.close();
  await fleet.queue.close();
  await worker.close();
  return latencies;
}
