import type { QueueParts } from "../queue/queue-parts.js";
import { JOB_STATES, type WorkflowState } from "./workflow-status.js";

/**
 * How many workflows the queue holds in each state (see `WorkflowState`), and how many copies
 * wait in the dead letters. Ended workflows count until the queue deletes them
 * (`deleteAfterSeconds`); dead letters until `deadLetterRetentionSeconds`.
 */
export interface QueueCounts {
  /** Waiting for a worker, or for their `startAfter`. */
  readonly queued: number;
  /** Held by a worker. */
  readonly running: number;
  /** Between attempts: one failed, crashed or was handed back. */
  readonly retrying: number;
  readonly finished: number;
  /** Failed for good (each has a copy in the dead letters until it is retried or expires). */
  readonly failed: number;
  readonly cancelled: number;
  /** Copies waiting in the dead-letter queue: what `deadLetters()` lists. */
  readonly deadLetters: number;
}

/**
 * The queue's counts, exact at the time of the call, in one aggregate query of pg-boss's job
 * table (through `getDb()`, read-only; the schema name was checked at open). pg-boss's own
 * `getQueue`/`getQueueStats` do not answer this: their counts are a cache the monitor refreshes
 * (a minute old or more; up to a minute even when forced), and they have no finished, cancelled or
 * retrying figure (`queuedCount` lumps `created` with `retry`). The aggregate counts on the
 * database side, rows never reach JavaScript: about 100,000 jobs count in tens of milliseconds
 * (see the README).
 */
export async function queueCounts(parts: QueueParts): Promise<QueueCounts> {
  const { boss, settings } = parts;
  const job = `${settings.schema}.job`;
  // The dead letters are counted as `deadLetters()` lists them: copies still queued, made from
  // a failed workflow (a source id).
  const { rows } = await boss.getDb().executeSql(
    `SELECT state::text AS state, count(*) AS count FROM ${job} WHERE name = $1 GROUP BY state
     UNION ALL
     SELECT 'dead letters', count(*) FROM ${job}
     WHERE name = $2 AND state IN ('created', 'retry') AND source_id IS NOT NULL`,
    [settings.queue, settings.deadLetterQueue],
  );
  // count(*) is a bigint: a string through pg, a number or a bigint through PGlite.
  const byState = new Map(
    (rows as { state: string; count: string | number | bigint }[]).map((row) => [
      row.state,
      Number(row.count),
    ]),
  );
  const count = (state: WorkflowState) => byState.get(JOB_STATES[state]) ?? 0;
  return {
    queued: count("queued"),
    running: count("running"),
    retrying: count("retrying"),
    finished: count("finished"),
    failed: count("failed"),
    cancelled: count("cancelled"),
    deadLetters: byState.get("dead letters") ?? 0,
  };
}
