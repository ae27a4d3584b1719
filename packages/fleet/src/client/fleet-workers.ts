import { invalidOption } from "../fleet-error.js";
import { describe } from "../queue/check.js";
import { presenceTable } from "../queue/presence-table.js";
import type { QueueParts } from "../queue/queue-parts.js";

/** A serving `FleetServer`, as the worker list shows it. */
export interface FleetWorker {
  /** The server's id (`FleetServer.id`): new each time a server starts. */
  readonly id: string;
  /** Its machine's host name. */
  readonly host: string;
  /** Its process id on that machine. */
  readonly pid: number;
  /** How many workflows it runs at once (its slots). */
  readonly concurrency: number;
  /** When it started serving (the database's clock). */
  readonly startedAt: Date;
  /** When it last refreshed its row (the database's clock). */
  readonly lastHeartbeatAt: Date;
}

/** Which workers `workers()` lists. */
export interface WorkersOptions {
  /**
   * Only workers heard from within this many milliseconds (> 0). Default: three of each
   * worker's own refresh intervals (`presenceIntervalSeconds` as that worker runs it).
   */
  readonly aliveWithinMs?: number;
}

interface WorkerRow {
  readonly id: string;
  readonly host: string;
  readonly pid: number;
  readonly concurrency: number;
  readonly startedAt: Date | string;
  readonly lastHeartbeatAt: Date | string;
}

/**
 * The queue's live workers, the most recently heard from first. The window is measured on the
 * database's clock, the one the rows were written with, so a client whose clock is off lists
 * the same workers.
 */
export async function listWorkers(
  parts: QueueParts,
  options: WorkersOptions = {},
): Promise<FleetWorker[]> {
  const within = options.aliveWithinMs;
  if (
    within !== undefined &&
    !(typeof within === "number" && Number.isFinite(within) && within > 0)
  )
    throw invalidOption(
      "aliveWithinMs",
      `aliveWithinMs must be a number of milliseconds > 0, got ${describe(within)}`,
    );
  const { boss, settings } = parts;
  const { rows } = await boss.getDb().executeSql(
    `SELECT id, host, pid, concurrency, started_at AS "startedAt",
       last_heartbeat_at AS "lastHeartbeatAt"
     FROM ${presenceTable(settings.schema)}
     WHERE queue = $1
       AND last_heartbeat_at >= now()
         - coalesce($2::float8, presence_interval_seconds * 3000.0) * interval '1 millisecond'
     ORDER BY last_heartbeat_at DESC, id`,
    [settings.queue, within ?? null],
  );
  return (rows as WorkerRow[]).map((row) => ({
    id: row.id,
    host: row.host,
    pid: Number(row.pid),
    concurrency: Number(row.concurrency),
    startedAt: new Date(row.startedAt),
    lastHeartbeatAt: new Date(row.lastHeartbeatAt),
  }));
}
