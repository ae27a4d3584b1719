import type { CatalogEntry } from "../entry/catalog-entry.js";
import { EntryBudget } from "./entry-budget.js";

/**
 * Every entry's {@link EntryBudget} in one admission, made on an entry's first seat: a catalog
 * may list many entries a deployment never uses, and an unused entry costs nothing.
 *
 * @internal
 */
export class EntryBudgets {
  readonly #byEntry = new Map<string, EntryBudget>();

  /** @param windowMs - each budget's rolling window: 60 s plus the guard band. */
  constructor(readonly windowMs: number) {}

  /** The budget of `entry`, made now if it has none yet. */
  of(entry: CatalogEntry): EntryBudget {
    let budget = this.#byEntry.get(entry.id);
    if (!budget) {
      budget = new EntryBudget(entry, this.windowMs);
      this.#byEntry.set(entry.id, budget);
    }
    return budget;
  }

  /** The budget of `entryId` if one was made; `undefined` while the entry has had no seat. */
  find(entryId: string): EntryBudget | undefined {
    return this.#byEntry.get(entryId);
  }
}
