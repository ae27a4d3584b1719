import type { Kysely } from "kysely";
import type { RecorderDatabase } from "../schema/database.js";
import { compactCostAttribution, isMergeRace } from "./attribution-compaction.js";
import { describeDriverError, RecorderWriteError } from "./recorder-write-error.js";

/** What {@link compactBetweenBatches} merges, and where it reports a failure. */
export interface CompactBetweenBatchesOptions {
  readonly db: Kysely<RecorderDatabase>;
  /** The ancestors written below many times (see `AttributionCompactionTracker`). */
  readonly ancestorIds: readonly string[];
  /** Told of a failed merge; a lost race with another worker's merge is not one. */
  readonly report: (error: RecorderWriteError) => void;
}

/**
 * The {@link PostgresRecorder}'s merge of cost attribution rows, run between batches after
 * their flushes are answered. Never rejects: a failure is reported (`recorder_compaction_failed`)
 * and not retried, since nothing is lost — the sums stay exact, only the rows stay many until
 * the ancestor is due again — and a writer stopped by it would hold the run back for nothing.
 *
 * @example
 * await compactBetweenBatches({ db, ancestorIds: ["job-1"], report: (error) => log(error) });
 *
 * @internal
 */
export async function compactBetweenBatches(options: CompactBetweenBatchesOptions): Promise<void> {
  const { ancestorIds } = options;
  try {
    await compactCostAttribution(options.db, ancestorIds);
  } catch (error) {
    const { driverCode, detail } = describeDriverError(error);
    if (isMergeRace(driverCode)) return;
    options.report(
      new RecorderWriteError({
        code: "recorder_compaction_failed",
        driverCode,
        message: `Merging the cost attribution rows of ${ancestorIds.length} job(s) failed: ${driverCode === undefined ? "" : `${driverCode}: `}${detail}. Their sums stay exact; they are merged when next due.`,
      }),
    );
  }
}
