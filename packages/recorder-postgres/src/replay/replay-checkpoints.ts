import { InvalidInputError, systemClock, type Clock, type ReplaySource } from "@nucleo/core";
import { sql, type Kysely } from "kysely";
import { guardQuery, requireId } from "../queries/query-guard.js";
import { RecorderQueryError } from "../queries/recorder-query-error.js";
import type { RecorderDatabase } from "../schema/database.js";
import { outputFromCheckpoint } from "./checkpoint-output.js";
import { RecordedReplaySource } from "./recorded-replay-source.js";

/** What {@link ReplayCheckpoints.closeAttempt} writes as the error of a job its attempt left open. */
export const WORKER_LOST = "worker_lost";

/** What a {@link ReplayCheckpoints} is given besides the database. */
export interface ReplayCheckpointsOptions {
  /** The time `closeAttempt` stamps as the jobs' end (default: the system clock). */
  readonly clock?: Clock;
}

interface CheckpointRead {
  readonly root_id: string;
  readonly position: string;
  readonly fingerprint: string;
  readonly job_id: string;
  readonly output: unknown;
}

/**
 * What the recorder kept for resuming a workflow: the outputs its attempts' jobs finished
 * with (written by `PostgresRecorder` under the content policy `full`, in the transaction that
 * records each finish), and the bookkeeping a new attempt does when an earlier one died. A
 * workflow's attempts are root jobs of their own; the caller (a queue) knows which roots are
 * one workflow's attempts.
 *
 * Errors: a malformed argument is an `InvalidInputError` naming the parameter; a database
 * failure a `RecorderQueryError` (`recorder_query_failed`, or `recorder_not_migrated`) naming
 * the call, the driver's error on `cause`.
 *
 * @example
 * const checkpoints = new ReplayCheckpoints(db);
 * await checkpoints.closeAttempt(deadAttemptId, "its worker stopped heartbeating");
 * const source = await checkpoints.load([firstAttemptId, deadAttemptId]);
 * // dispatcher.submit(workflow, input, { replay: { workflowId, source } }) runs only what is not in `source`
 * // ... once the workflow has settled, for good:
 * await checkpoints.forget([firstAttemptId, deadAttemptId, lastAttemptId]);
 */
export class ReplayCheckpoints {
  readonly #db: Kysely<RecorderDatabase>;
  readonly #clock: Clock;

  constructor(db: Kysely<RecorderDatabase>, options: ReplayCheckpointsOptions = {}) {
    this.#db = db;
    this.#clock = options.clock ?? systemClock;
  }

  /**
   * The outputs the attempts `rootIds` (a workflow's earlier attempts, oldest first) recorded,
   * in one query, as a {@link ReplaySource}: `recall(position, fingerprint)` answers the job
   * that finished at that position asked that fingerprint, with its output as the job returned
   * it (equal as JSON; an object's keys may come back in another order). When two attempts
   * recorded the same position and fingerprint, the one later in `rootIds` answers.
   */
  load(rootIds: readonly string[]): Promise<ReplaySource & { readonly size: number }> {
    return guardQuery("replayCheckpoints.load", async () => {
      const ids = requireIds(rootIds);
      const source = new RecordedReplaySource();
      if (ids.length === 0) return source;
      const { rows } = await sql<CheckpointRead>`
        select root_id, position, fingerprint, job_id, output
        from nucleo_replay_checkpoints where root_id = any(${ids}::text[])`.execute(this.#db);
      const rank = new Map(ids.map((id, index) => [id, index]));
      // Oldest attempt first, so a later attempt's output replaces an earlier one's.
      const ordered = [...rows].sort(
        (left, right) => rank.get(left.root_id)! - rank.get(right.root_id)!,
      );
      for (const row of ordered)
        source.hold(row.position, row.fingerprint, { jobId: row.job_id, output: readOutput(row) });
      return source;
    });
  }

  /** Deletes the checkpoints of the attempts `rootIds` (when their workflow has settled); how many went. */
  forget(rootIds: readonly string[]): Promise<number> {
    return guardQuery("replayCheckpoints.forget", async () => {
      const ids = requireIds(rootIds);
      if (ids.length === 0) return 0;
      const result = await this.#db
        .deleteFrom("nucleo_replay_checkpoints")
        .where("root_id", "=", sql<string>`any(${ids}::text[])`)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    });
  }

  /**
   * Ends what the attempt `rootId` left open: every job of it not recorded as finished or
   * failed is marked failed (`error_code` {@link WORKER_LOST}, `error_message` `message`,
   * ended now), since a worker that died never reports its jobs' ends and they would read as
   * running for ever. Returns how many jobs it closed. A job's event that still comes later
   * (the worker was not dead after all) is applied over it as any later event is.
   */
  closeAttempt(rootId: string, message: string): Promise<number> {
    return guardQuery("replayCheckpoints.closeAttempt", async () => {
      const root = requireId(rootId, "rootId");
      if (typeof message !== "string" || message.trim() === "")
        throw new InvalidInputError({
          parameter: "message",
          expected: "a sentence (non-empty text)",
        });
      const result = await this.#db
        .updateTable("nucleo_jobs")
        .set({
          status: "failed",
          error_code: WORKER_LOST,
          // PostgreSQL's text cannot hold NUL: stored as U+FFFD, as the writer stores event text.
          error_message: message.replaceAll("\0", "\uFFFD"),
          ended_at: new Date(this.#clock.now()).toISOString(),
        })
        .where("root_id", "=", root)
        .where("status", "not in", ["finished", "failed"])
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    });
  }
}

function requireIds(rootIds: readonly string[]): string[] {
  if (!Array.isArray(rootIds))
    throw new InvalidInputError({
      parameter: "rootIds",
      expected: "a list of workflow attempts' root job ids",
    });
  return rootIds.map((id, index) => requireId(id, `rootIds[${index}]`));
}

function readOutput(row: CheckpointRead): unknown {
  try {
    return outputFromCheckpoint(row.output);
  } catch (error) {
    throw new RecorderQueryError({
      code: "corrupt_checkpoint",
      query: "replayCheckpoints.load",
      id: row.root_id,
      message: `The replay checkpoint of attempt ${row.root_id} at position "${row.position}" wraps something that is not JSON text under "nucleo:json" (edited by hand?): forget the attempt's checkpoints to run its jobs again.`,
      cause: error,
    });
  }
}
