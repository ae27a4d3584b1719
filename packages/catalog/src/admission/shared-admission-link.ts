import { InvalidInputError, SystemError } from "@nucleo/core";
import type { CatalogEntry } from "../entry/catalog-entry.js";
import type { SeatDemand } from "../picker/model-picker.js";
import type { SharedBooking, SharedBookingAnswer, SharedBudgetStore } from "./shared-budget-store.js";

/** How a {@link SharedAdmissionLink} is set up. @internal */
export interface SharedAdmissionLinkOptions {
  readonly store: SharedBudgetStore;
  readonly windowMs: number;
  readonly pollMs?: number;
  readonly onError?: (error: unknown) => void;
}

/**
 * A `CatalogAdmission`'s side of a {@link SharedBudgetStore}: asks it to book, tells it of
 * settlements, cancellations and cooldowns, remembers for routing how long the store last said
 * an entry has no room, and turns every store failure into a report: none of its promises
 * rejects.
 *
 * @internal
 */
export class SharedAdmissionLink {
  /** When the store says wait, ask again no later than this (ms). */
  readonly pollMs: number;
  readonly #store: SharedBudgetStore;
  readonly #windowMs: number;
  readonly #onError: (error: unknown) => void;
  readonly #busyUntil = new Map<string, number>();

  constructor(options: SharedAdmissionLinkOptions) {
    const pollMs = options.pollMs ?? 1_000;
    if (!(pollMs > 0 && Number.isFinite(pollMs))) throw new InvalidInputError({ parameter: "sharedPollMs", value: String(pollMs), expected: "a positive number of milliseconds" });
    this.pollMs = pollMs;
    this.#store = options.store;
    this.#windowMs = options.windowMs;
    this.#onError = options.onError ?? ((error) => console.warn("@nucleo/catalog: the shared budget store failed; seats wait and retry.", error));
  }

  /** How long the store's last answer said `entryId` has no room, from `now` (0: not busy). */
  busyMs(entryId: string, now: number): number {
    return Math.max(0, (this.#busyUntil.get(entryId) ?? 0) - now);
  }

  /** Asks the store to book `demand` on `entry` at `now`; `undefined` when the store failed (reported). */
  async book(entry: CatalogEntry, demand: SeatDemand, now: number): Promise<SharedBookingAnswer | undefined> {
    try {
      const answer = await this.#store.book({ entryId: entry.id, limits: entry.limits, inputTokens: demand.inputTokens, outputTokens: demand.outputTokens }, now, this.#windowMs);
      if ("booked" in answer) {
        this.#busyUntil.delete(entry.id);
        return answer;
      }
      // A wait that is not a positive number would have us ask again at once, forever.
      if (!(answer.waitMs > 0)) throw new SystemError({ code: "shared_store_answer", message: `The shared budget store answered a wait of ${String(answer.waitMs)} ms for entry "${entry.id}"; expected a booking or a positive wait.` });
      this.#busyUntil.set(entry.id, now + answer.waitMs);
      return answer;
    } catch (error) {
      this.#report(error);
      return undefined;
    }
  }

  /** Tells the store what the call really used. */
  settle(booking: SharedBooking, inputTokens: number, outputTokens: number): Promise<void> {
    return this.#quietly(() => this.#store.settle(booking, inputTokens, outputTokens));
  }

  /** Removes a booking whole. */
  cancel(booking: SharedBooking): Promise<void> {
    return this.#quietly(() => this.#store.cancel(booking));
  }

  /** Cools `entryId` down for every process until `until`. */
  coolDown(entryId: string, until: number): Promise<void> {
    return this.#quietly(() => this.#store.coolDown(entryId, until));
  }

  /** Runs a store call whose failure only needs reporting: the booking it concerns ages out anyway. */
  async #quietly(call: () => Promise<void>): Promise<void> {
    try {
      await call();
    } catch (error) {
      this.#report(error);
    }
  }

  #report(error: unknown): void {
    try {
      this.#onError(error);
    } catch {
      // A throwing reporter must not stop seats from being admitted.
    }
  }
}
