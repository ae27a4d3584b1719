/**
 * The two sides the throughput benchmark compares, in the same worker shape (`instances`
 * processes' worth of PgBoss instances, `slots` single-job workers each, every worker notified
 * to fetch again the moment its job ends): raw pg-boss with an empty handler, and the fleet's
 * client and server with an empty handler. Each measures submit → every job completed.
 */
import { openFleetQueue } from "@nucleo/fleet";
import { silentLogger } from "@nucleo/core";
import { PgBoss } from "pg-boss";
import {
  type BenchTarget,
  completed,
  DEAD_LETTER_QUEUE,
  fleetDatabase,
  freshSchema,
  QUEUE,
  QUEUE_OPTIONS,
  rawBossOptions,
  startProbe,
  submitAll,
  WORK_OPTIONS,
} from "./bench-targets.ts";

/** How one throughput run is shaped. */
export interface RunShape {
  readonly instances: number;
  readonly slots: number;
  readonly total: number;
  /** Submissions in flight at once. */
  readonly inFlight: number;
}

/** Raw pg-boss: jobs per second from the first send to the last completion. */
export async function rawThroughput(target: BenchTarget, shape: RunShape): Promise<number> {
  const schema = freshSchema();
  const bosses: PgBoss[] = [];
  for (let index = 0; index < shape.instances; index++) {
    const boss = new PgBoss(rawBossOptions(target, schema));
    boss.on("error", () => {});
    bosses.push(await boss.start());
  }
  const [first] = bosses as [PgBoss];
  await first.createQueue(DEAD_LETTER_QUEUE);
  await first.createQueue(QUEUE, QUEUE_OPTIONS);
  for (const boss of bosses)
    for (let slot = 0; slot < shape.slots; slot++) {
      let id: string | undefined;
      id = await boss.work(QUEUE, WORK_OPTIONS, async () => {
        if (id !== undefined) boss.notifyWorker(id);
      });
    }
  const probe = await startProbe(target, schema);
  const started = performance.now();
  await submitAll(shape.total, shape.inFlight, (index) =>
    first.send(QUEUE, { workflow: "noop", input: { index } }),
  );
  await completed(probe, schema, shape.total);
  const seconds = (performance.now() - started) / 1000;
  await Promise.all([...bosses, probe].map((boss) => boss.stop({ graceful: false })));
  return shape.total / seconds;
}

/** The fleet: workflows per second from the first submit to the last stored result. */
export async function fleetThroughput(target: BenchTarget, shape: RunShape): Promise<number> {
  const schema = freshSchema();
  const queues = [];
  for (let index = 0; index < shape.instances; index++)
    queues.push(
      await openFleetQueue({
        database: fleetDatabase(target),
        schema,
        runSchedules: false,
        logger: silentLogger,
      }),
    );
  for (const queue of queues) await queue.serve(async () => {}, { concurrency: shape.slots });
  const client = queues[0]!.client({ check: (_name, input) => input });
  const probe = await startProbe(target, schema);
  const started = performance.now();
  await submitAll(shape.total, shape.inFlight, (index) => client.submit("noop", { index }));
  await completed(probe, schema, shape.total);
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(queues.map((queue) => queue.close()));
  await probe.stop({ graceful: false });
  return shape.total / seconds;
}

/**
 * Submit → start on an idle server (one instance, `slots` workers), from a second instance, as a
 * client in another process would: milliseconds from the submit call to the handler's start.
 */
export async function fleetLatency(
  target: BenchTarget,
  slots: number,
  samples: number,
): Promise<number[]> {
  const schema = freshSchema();
  const open = (serving: boolean) =>
    openFleetQueue({
      database: fleetDatabase(target),
      schema,
      runSchedules: false,
      supervise: serving,
      logger: silentLogger,
    });
  const serving = await open(true);
  const submitting = await open(false);
  let onStart: ((at: number) => void) | undefined;
  await serving.serve(async () => onStart?.(performance.now()), { concurrency: slots });
  const client = submitting.client({ check: (_name, input) => input });
  const latencies: number[] = [];
  for (let sample = -3; sample < samples; sample++) {
    const startedAt = new Promise<number>((resolve) => (onStart = resolve));
    const sentAt = performance.now();
    const { id } = await client.submit("noop", { sample });
    const at = await startedAt;
    await client.result(id);
    if (sample >= 0) latencies.push(at - sentAt); // the first three warm up
  }
  await Promise.all([submitting.close(), serving.close()]);
  return latencies;
}

/** The same latency for raw pg-boss: `send` from a second instance → the handler's start. */
export async function rawLatency(
  target: BenchTarget,
  slots: number,
  samples: number,
): Promise<number[]> {
  const schema = freshSchema();
  const server = await new PgBoss(rawBossOptions(target, schema)).start();
  const sender = await new PgBoss({ ...rawBossOptions(target, schema), supervise: false }).start();
  for (const boss of [server, sender]) boss.on("error", () => {});
  await server.createQueue(DEAD_LETTER_QUEUE);
  await server.createQueue(QUEUE, QUEUE_OPTIONS);
  let onStart: ((at: number) => void) | undefined;
  for (let slot = 0; slot < slots; slot++) {
    let id: string | undefined;
    id = await server.work(QUEUE, WORK_OPTIONS, async () => {
      onStart?.(performance.now());
      if (id !== undefined) server.notifyWorker(id);
    });
  }
  const latencies: number[] = [];
  for (let sample = -3; sample < samples; sample++) {
    const startedAt = new Promise<number>((resolve) => (onStart = resolve));
    const sentAt = performance.now();
    await sender.send(QUEUE, { sample });
    const at = await startedAt;
    if (sample >= 0) latencies.push(at - sentAt);
    await new Promise((resolve) => setTimeout(resolve, 50)); // idle again before the next one
  }
  await Promise.all([sender.stop({ graceful: false }), server.stop({ graceful: false })]);
  return latencies;
}
