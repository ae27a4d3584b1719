import type { Timers } from "@nucleo/core";
import type { CatalogEntry } from "../entry/catalog-entry.js";

/**
 * At most one pending wake-up per entry: when the head of an entry's queue cannot be granted
 * yet, the admission asks to look again once it could be. A new wake-up replaces the pending
 * one, so a busy entry never piles up timers.
 *
 * @internal
 */
export class EntryWakeTimers {
  readonly #timers: Timers;
  readonly #onWake: (entry: CatalogEntry) => void;
  readonly #pending = new Map<string, unknown>();

  /** @param onWake - called with the entry when its wake-up fires (the admission's drain). */
  constructor(timers: Timers, onWake: (entry: CatalogEntry) => void) {
    this.#timers = timers;
    this.#onWake = onWake;
  }

  /** Calls `onWake(entry)` in `ms`, replacing the entry's pending wake-up. */
  wakeIn(entry: CatalogEntry, ms: number): void {
    this.cancel(entry.id);
    this.#pending.set(
      entry.id,
      this.#timers.setTimeout(() => {
        this.#pending.delete(entry.id);
        this.#onWake(entry);
      }, ms),
    );
  }

  /** Drops the entry's pending wake-up, if any. */
  cancel(entryId: string): void {
    const pending = this.#pending.get(entryId);
    if (pending !== undefined) {
      this.#timers.clearTimeout(pending);
      this.#pending.delete(entryId);
    }
  }
}
