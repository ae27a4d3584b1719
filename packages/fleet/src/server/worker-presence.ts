import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { errorFields, type Logger } from "@nucleo/core";
import { presenceTable } from "../queue/presence-table.js";

/** Runs one SQL statement (pg-boss's `executeSql`). */
export type ExecuteSql = (text: string, values: unknown[]) => Promise<{ rows: unknown[] }>;

/** When the next refresh runs: real timers in a server, a hand-fired one in tests. */
export interface PresenceTimer {
  /** Calls `tick` once, `ms` from now; answers a function that cancels the call. */
  schedule(tick: () => void, ms: number): () => void;
}

/** What a {@link WorkerPresence} writes, and where. */
export interface WorkerPresenceOptions {
  readonly execute: ExecuteSql;
  readonly schema: string;
  readonly queue: string;
  readonly concurrency: number;
  readonly intervalSeconds: number;
  readonly logger: Logger;
  /** Default: Node's `setTimeout`, unreferenced (presence alone never keeps a process alive). */
  readonly timer?: PresenceTimer;
}

/** Rows silent this long are deleted by any worker's refresh: long dead, whatever their window. */
const PRUNE_AFTER = "1 day";

const nodeTimer: PresenceTimer = {
  schedule(tick, ms) {
    const timeout = setTimeout(tick, ms);
    timeout.unref();
    return () => clearTimeout(timeout);
  },
};

/**
 * A serving server's row in the worker list: written when it starts, its heartbeat refreshed
 * every `intervalSeconds`, deleted when it stops cleanly. A process killed outright leaves its
 * row, which readers stop listing once its heartbeat is older than their window.
 *
 * Every timestamp is the database's (`now()`), never a worker's clock, so that machines whose
 * clocks drift apart still compare alike. A refresh that fails (the database away) is logged as
 * a warning and the next one is scheduled as usual: presence never stops or crashes serving.
 * Refreshes never overlap: the next is scheduled when the last has ended.
 */
export class WorkerPresence {
  /** This server's id in the list: new for each server, so a restart is a new worker. */
  readonly id: string = randomUUID();
  readonly #options: WorkerPresenceOptions;
  readonly #timer: PresenceTimer;
  readonly #table: string;
  /** The start time the database gave the first write, kept if the row must be written again. */
  #startedAt: Date | null = null;
  #cancelNext: (() => void) | undefined;
  #refreshing: Promise<void> = Promise.resolve();
  #started = false;
  #stopped = false;

  constructor(options: WorkerPresenceOptions) {
    this.#options = options;
    this.#timer = options.timer ?? nodeTimer;
    this.#table = presenceTable(options.schema);
  }

  /** Writes the row (a failure is logged, not thrown) and schedules the refreshes. */
  async start(): Promise<void> {
    if (this.#started || this.#stopped) return;
    this.#started = true;
    this.#refreshing = this.#refresh();
    await this.#refreshing;
    this.#scheduleNext();
  }

  /**
   * Stops refreshing and deletes the row (a failure is logged: the row then ages out). Waits for
   * a refresh in flight first, so that it cannot write the row back after the delete.
   */
  async stop(): Promise<void> {
    if (this.#stopped) return;
    this.#stopped = true;
    this.#cancelNext?.();
    await this.#refreshing;
    if (!this.#started) return;
    try {
      await this.#options.execute(`DELETE FROM ${this.#table} WHERE id = $1`, [this.id]);
    } catch (error) {
      this.#options.logger.warn(
        { error: errorFields(error), workerId: this.id },
        "The worker could not remove itself from the worker list; its row ages out instead.",
      );
    }
  }

  #scheduleNext(): void {
    if (this.#stopped) return;
    this.#cancelNext = this.#timer.schedule(() => {
      this.#cancelNext = undefined;
      if (this.#stopped) return;
      this.#refreshing = this.#refresh().finally(() => this.#scheduleNext());
    }, this.#options.intervalSeconds * 1000);
  }

  /** Upserts the row with a fresh heartbeat (and prunes long-dead rows); never rejects. */
  async #refresh(): Promise<void> {
    const { execute, queue, concurrency, intervalSeconds, logger } = this.#options;
    const table = this.#table;
    try {
      // An upsert, not an update: a row deleted meanwhile (pruned after a long outage) comes
      // back. This server's own row is never pruned by its own statement.
      const { rows } = await execute(
        `WITH pruned AS (
           DELETE FROM ${table}
           WHERE queue = $2 AND id <> $1 AND last_heartbeat_at < now() - interval '${PRUNE_AFTER}'
         )
         INSERT INTO ${table}
           (id, queue, host, pid, concurrency, presence_interval_seconds, started_at, last_heartbeat_at)
         VALUES ($1, $2, $3, $4, $5, $6, coalesce($7::timestamptz, now()), now())
         ON CONFLICT (id) DO UPDATE SET last_heartbeat_at = now()
         RETURNING started_at AS "startedAt"`,
        [this.id, queue, hostname(), process.pid, concurrency, intervalSeconds, this.#startedAt],
      );
      const [row] = rows as { startedAt: Date | string }[];
      if (this.#startedAt === null && row !== undefined) this.#startedAt = new Date(row.startedAt);
    } catch (error) {
      logger.warn(
        { error: errorFields(error), workerId: this.id },
        "The worker could not refresh its row in the worker list; it keeps serving and tries again.",
      );
    }
  }
}
