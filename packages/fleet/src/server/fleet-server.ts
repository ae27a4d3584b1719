import { integerIn } from "../queue/check.js";
import type { FleetQueue } from "../queue/fleet-queue.js";
import { openQueueParts, type QueueParts } from "../queue/queue-parts.js";
import type { FleetHandler } from "./fleet-run.js";
import { type RunContext, type RunningRun, runOne } from "./run-one.js";
import {
  type ResolvedServeOptions,
  resolveServeOptions,
  type ServeOptions,
} from "./serve-options.js";
import { WorkerPresence } from "./worker-presence.js";

/**
 * Takes workflows from a queue and runs a handler for each, `concurrency` at a time, until
 * drained. Each slot is a pg-boss worker of its own that takes one workflow at a time, keeps
 * its heartbeat (so a cancel reaches `run.signal` within about `heartbeatRefreshSeconds`), and
 * fetches again the moment it ends rather than after a polling interval. While it serves, it
 * keeps a row in the worker list (`FleetClient.workers()`), refreshed every
 * `presenceIntervalSeconds` and removed when it stops.
 *
 * @example
 * const server = await queue.serve(async (run) => runWorkflow(run), { concurrency: 8 });
 * process.once("SIGTERM", () => void server.drain());
 */
export class FleetServer {
  readonly #parts: QueueParts;
  readonly #options: ResolvedServeOptions;
  readonly #running = new Set<RunningRun>();
  readonly #workerIds: string[] = [];
  readonly #presence: WorkerPresence;
  #handingBack = false;
  #draining: Promise<void> | undefined;
  /** Ends the running drain's grace now. */
  #endGrace: (() => void) | undefined;
  /** Whether a later stop ended the grace early. */
  #graceCut = false;

  private constructor(parts: QueueParts, options: ResolvedServeOptions) {
    this.#parts = parts;
    this.#options = options;
    const db = parts.boss.getDb();
    this.#presence = new WorkerPresence({
      execute: (text, values) => db.executeSql(text, values),
      schema: parts.settings.schema,
      queue: parts.settings.queue,
      concurrency: options.concurrency,
      intervalSeconds: parts.settings.presenceIntervalSeconds,
      logger: parts.logger,
    });
  }

  /** @internal Use `FleetQueue.serve`. */
  static async start(
    queue: FleetQueue,
    handler: FleetHandler,
    options: ServeOptions,
  ): Promise<FleetServer> {
    const parts = openQueueParts(queue);
    if (typeof handler !== "function")
      throw new TypeError("FleetQueue.serve: handler must be a function");
    const server = new FleetServer(parts, resolveServeOptions(options, parts.settings));
    parts.servers.add(server);
    try {
      await server.#startSlots(handler);
      // Listed once its slots take work; a presence write that fails is logged, not thrown.
      if (server.#draining === undefined) await server.#presence.start();
    } catch (error) {
      await server.stop();
      throw error;
    }
    return server;
  }

  /** This server's id in the worker list (`FleetClient.workers()`): new for every server. */
  get id(): string {
    return this.#presence.id;
  }

  /** How many workflows this server is running now. */
  get running(): number {
    return this.#running.size;
  }

  /**
   * Takes nothing new, waits up to `graceMs` (default: the serve option `graceMs`) for the
   * running workflows to end, then aborts the signals of those still running and hands them
   * back to the queue, where another worker takes them. A workflow handed back has used one
   * attempt of its `retryLimit` (pg-boss cannot return a job without failing it); a handler
   * that ignores its signal keeps running in the background, and its late result is ignored.
   * Resolves when every slot has stopped. Safe to call twice: the first grace counts, except
   * that a later `drain(0)` (an operator's second Ctrl-C) ends it at once.
   */
  async drain(graceMs: number = this.#options.graceMs): Promise<void> {
    const grace = integerIn("graceMs", graceMs, this.#options.graceMs, 0);
    if (this.#draining !== undefined) {
      if (grace === 0) {
        this.#graceCut = true;
        this.#endGrace?.();
      }
      return this.#draining;
    }
    this.#draining = this.#drain(grace);
    return this.#draining;
  }

  /** `drain(0)`: hands back at once whatever runs (also during a drain still in its grace). */
  async stop(): Promise<void> {
    return this.drain(0);
  }

  async #startSlots(handler: FleetHandler): Promise<void> {
    const { boss, settings, logger } = this.#parts;
    const context: RunContext = {
      handler,
      options: this.#options,
      logger,
      running: this.#running,
      handingBack: () => this.#handingBack,
    };
    const workOptions = {
      batchSize: 1,
      localConcurrency: 1,
      perJobResults: true,
      pollingIntervalSeconds: this.#options.pollingIntervalSeconds,
      notifyPollingIntervalSeconds: this.#options.notifyPollingIntervalSeconds,
      heartbeatRefreshSeconds: this.#options.heartbeatRefreshSeconds,
    } as const;
    // One pg-boss worker per slot, not localConcurrency N: only a worker's own id can be
    // notified, and a notified worker fetches again at once instead of sleeping its interval.
    for (let slot = 0; slot < this.#options.concurrency && this.#draining === undefined; slot++) {
      let workerId: string | undefined;
      workerId = await boss.work<unknown>(settings.queue, workOptions, async (jobs) => {
        try {
          return await Promise.all(jobs.map((job) => runOne(job, context)));
        } finally {
          if (workerId !== undefined) boss.notifyWorker(workerId);
        }
      });
      // A drain that began while this slot was starting has not seen its id: stop it here.
      if (this.#draining !== undefined)
        await boss.offWork(settings.queue, { id: workerId, wait: true });
      else this.#workerIds.push(workerId);
    }
  }

  async #drain(graceMs: number): Promise<void> {
    const { boss, settings, servers } = this.#parts;
    const stopped = Promise.allSettled(
      this.#workerIds.map((id) => boss.offWork(settings.queue, { id, wait: true })),
    );
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<"grace over">((resolve) => {
      this.#endGrace = () => resolve("grace over");
      timer = setTimeout(this.#endGrace, graceMs);
    });
    const first = await Promise.race([stopped, graceOver]);
    clearTimeout(timer);
    if (first === "grace over") {
      this.#handingBack = true;
      const why = this.#graceCut
        ? "the worker was told to stop again"
        : `the worker's shutdown grace period of ${graceMs} ms ran out`;
      for (const entry of [...this.#running]) entry.handBack(why);
    }
    await stopped;
    // Listed until its last slot has stopped: a draining server still runs workflows.
    await this.#presence.stop();
    servers.delete(this);
  }
}
