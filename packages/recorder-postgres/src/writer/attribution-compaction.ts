import { sql, type Kysely } from "kysely";
import { TOKEN_COLUMNS } from "../queries/cost-totals.js";
import type { RecorderDatabase } from "../schema/database.js";

/** The summed columns of `nucleo_cost_attribution`, in table order. */
const SUMS = ["calls", ...TOKEN_COLUMNS, "cost"] as const;

/**
 * Merges the attribution rows of each of `ancestorIds` into one per currency, in one statement
 * under READ COMMITTED (whatever the server's default): the rows it deletes are the rows it
 * sums, so each is counted once however many writers merge at the same time (a row another
 * statement deleted first is skipped by this one; a row appended meanwhile is neither deleted
 * nor summed, and stays). A reader's statement sees all the old rows or the merged one, never
 * both. An ancestor already down to one row per currency is left alone; sums that came to
 * nothing (calls deleted since) leave no row.
 *
 * Nothing is a running total: rows are still appended by every write of calls, and summed when
 * read; this only bounds how many there are to sum. Writers of calls never wait on it (they
 * only insert).
 *
 * @internal
 */
export async function compactCostAttribution(
  db: Kysely<RecorderDatabase>,
  ancestorIds: readonly string[],
): Promise<void> {
  if (ancestorIds.length === 0) return;
  const columns = sql.raw(SUMS.join(", "));
  const sums = sql.raw(SUMS.map((column) => `sum(${column})`).join(", "));
  const anyNonZero = sql.raw(SUMS.map((column) => `sum(${column}) <> 0`).join(" or "));
  await db
    .transaction()
    .setIsolationLevel("read committed")
    .execute((trx) =>
      sql`
        with crowded as (
          select ancestor_id from nucleo_cost_attribution where ancestor_id = any(${ancestorIds}::text[])
           group by ancestor_id having count(*) > count(distinct currency)
        ), merged as (
          delete from nucleo_cost_attribution where ancestor_id in (select ancestor_id from crowded)
          returning ancestor_id, currency, ${columns}
        )
        insert into nucleo_cost_attribution (ancestor_id, currency, ${columns})
        select ancestor_id, currency, ${sums} from merged group by ancestor_id, currency having ${anyNonZero}`.execute(
        trx,
      ),
    );
}

/**
 * Whether a failed merge only lost a race with another worker's (a deadlock between two merges
 * whose plans lock rows in different orders, or a lock it could not get): nothing to report,
 * the ancestors are merged when next due.
 *
 * @internal
 */
export function isMergeRace(driverCode: string | undefined): boolean {
  return driverCode === "40P01" || driverCode === "40001" || driverCode === "55P03";
}

/**
 * Counts, per ancestor, the writes of model calls this writer made below it, and says which
 * ancestors are due for {@link compactCostAttribution}: every write of calls appends one
 * attribution row per ancestor (and currency), so a workflow that records for hours — or whose
 * calls come one per write — would otherwise leave thousands of rows for its root's subtree sum
 * to add up. Other writers' rows are merged along with this one's.
 *
 * Memory is bounded: past `maxTracked` ancestors the ones written below least recently are
 * forgotten, which only delays their compaction.
 *
 * @internal
 */
export class AttributionCompactionTracker {
  readonly #writesBefore: number;
  readonly #maxTracked: number;
  readonly #writes = new Map<string, number>();
  #due: string[] = [];

  /** Compacts an ancestor after `writesBefore` writes below it; tracks up to `maxTracked` ancestors. */
  constructor(writesBefore = COMPACT_AFTER_WRITES, maxTracked = 50_000) {
    this.#writesBefore = writesBefore;
    this.#maxTracked = maxTracked;
  }

  /** Notes one written batch's model calls (each call's ancestors). */
  noteWrite(calls: readonly { readonly ancestors: readonly string[] }[]): void {
    const touched = new Set<string>();
    for (const call of calls) for (const ancestor of call.ancestors) touched.add(ancestor);
    for (const ancestor of touched) {
      const writes = (this.#writes.get(ancestor) ?? 0) + 1;
      // Deleted and set again: the map's order is then least recently written first.
      this.#writes.delete(ancestor);
      if (writes >= this.#writesBefore) this.#due.push(ancestor);
      else this.#writes.set(ancestor, writes);
    }
    for (const ancestor of this.#writes.keys()) {
      if (this.#writes.size <= this.#maxTracked) break;
      this.#writes.delete(ancestor);
    }
  }

  /** The ancestors that became due for compaction since the last call. */
  takeDue(): string[] {
    const due = this.#due;
    this.#due = [];
    return due;
  }
}

/** After how many writes of calls below an ancestor its attribution rows are merged. */
export const COMPACT_AFTER_WRITES = 32;
