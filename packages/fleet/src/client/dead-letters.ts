import type { StoredWorkflowError } from "../fleet-error.js";
import { integerIn } from "../queue/check.js";
import { storedError } from "../queue/job-output.js";
import type { QueueParts } from "../queue/queue-parts.js";
import { isUuid } from "./uuid-v5.js";

/** A workflow that failed for good. */
export interface DeadLetter {
  /** The workflow's id (what `status`, `result` and `retryDeadLetter` take). */
  readonly id: string;
  readonly workflow: string;
  readonly tenant: string | undefined;
  /** The error it failed with. */
  readonly error: StoredWorkflowError;
  /** How many times a worker took it. */
  readonly attempts: number;
  /** When it failed for good. */
  readonly deadLetteredAt: Date;
}

/** The dead letters, oldest first (pg-boss's `findJobs` order). */
export async function deadLetters(
  parts: QueueParts,
  options: { readonly limit?: number } = {},
): Promise<DeadLetter[]> {
  const limit = integerIn("limit", options.limit, 100, 1, 1000);
  const copies = await parts.boss.findJobs(parts.settings.deadLetterQueue, { queued: true, limit });
  return copies.flatMap((copy) => {
    if (copy.sourceId === null) return [];
    const data = (copy.data ?? {}) as { workflow?: unknown; tenant?: unknown };
    return [
      {
        id: copy.sourceId,
        workflow: typeof data.workflow === "string" ? data.workflow : "",
        tenant: typeof data.tenant === "string" ? data.tenant : undefined,
        error: storedError(copy.sourceOutput),
        attempts: (copy.sourceRetryCount ?? 0) + 1,
        deadLetteredAt: copy.createdOn,
      },
    ];
  });
}

/**
 * Retries a failed workflow in place (pg-boss `retry`: same id, one more attempt allowed), then
 * deletes its copies from the dead-letter queue so it is no longer listed. Only this one way:
 * redriving the copy as well would queue the work twice.
 */
export async function retryDeadLetter(parts: QueueParts, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const { boss, settings } = parts;
  // The copies are found before the retry, so that a copy the retried attempt may leave if it
  // fails for good again is not deleted with them. findJobs cannot filter on the source id: a
  // read-only query of pg-boss's job table finds them (the schema name was checked at open),
  // and pg-boss's own deleteJob removes them.
  const { rows } = await boss
    .getDb()
    .executeSql(`select id from ${settings.schema}.job where name = $1 and source_id = $2`, [
      settings.deadLetterQueue,
      id,
    ]);
  const copies = (rows as { id: string }[]).map((row) => row.id);
  // The CommandResponse type declares no fields; at run time it carries `affected`.
  const retried = (await boss.retry(settings.queue, id)) as { affected?: number };
  if ((retried.affected ?? 0) === 0) return false;
  if (copies.length > 0) await boss.deleteJob(settings.deadLetterQueue, copies);
  return true;
}
