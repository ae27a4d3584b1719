import type { Clock, SeatRequest } from "@nucleo/core";
import type { CatalogEntry } from "../entry/catalog-entry.js";
import type { SeatDemand } from "../picker/model-picker.js";
import type { CatalogSeat } from "./catalog-admission.js";
import type { EntryBudget } from "./entry-budget.js";
import type { EntryWakeTimers } from "./entry-wake-timers.js";
import type { SeatWaiter } from "./seat-waiter.js";
import type { SharedAdmissionLink } from "./shared-admission-link.js";
import type { SharedBooking, SharedBookingAnswer } from "./shared-budget-store.js";

/** What a {@link SharedQueueBooker} works with; given once, by its admission. @internal */
export interface SharedQueueBookerOptions {
  readonly link: SharedAdmissionLink;
  readonly clock: Clock;
  /** The admission's wake-ups: a head the store keeps waiting is asked about again through them. */
  readonly wake: EntryWakeTimers;
  /** Books a seat the store has booked as `shared` into `budget` at `at`, and returns it. */
  readonly grant: (
    entry: CatalogEntry,
    budget: EntryBudget,
    request: SeatRequest,
    demand: SeatDemand,
    at: number,
    shared: SharedBooking,
  ) => CatalogSeat;
  /** The admission's drain: grants on down the entry's queue. */
  readonly drain: (entry: CatalogEntry) => void;
}

/**
 * Shared mode's way down an entry's queue: the head is booked in the shared store before it is
 * granted, once it fits this process's own budgets (a seat that does not fit here could not fit
 * the fleet's). One `book` per entry is in flight at a time, so the store sees the queue's
 * order; its answer grants the head and drains on, or waits until the store may have room.
 *
 * @internal
 */
export class SharedQueueBooker {
  readonly #link: SharedAdmissionLink;
  readonly #clock: Clock;
  readonly #wake: EntryWakeTimers;
  readonly #grant: SharedQueueBookerOptions["grant"];
  readonly #drain: SharedQueueBookerOptions["drain"];
  /** Entries whose head's shared booking is asked and not yet handled: one at a time per entry. */
  readonly #asking = new Set<string>();

  constructor(options: SharedQueueBookerOptions) {
    this.#link = options.link;
    this.#clock = options.clock;
    this.#wake = options.wake;
    this.#grant = options.grant;
    this.#drain = options.drain;
  }

  /** Asks the store to book the head of `queue`, unless a book for the entry is in flight or the head does not fit here yet. */
  ask(entry: CatalogEntry, budget: EntryBudget, queue: SeatWaiter[]): void {
    if (queue.length === 0 || this.#asking.has(entry.id)) return;
    const head = queue[0]!;
    const now = this.#clock.now();
    const wait = budget.waitMs(head.demand, now);
    if (wait > 0) return this.#wake.wakeIn(entry, wait);
    this.#asking.add(entry.id);
    void this.#link
      .book(entry, head.demand, now)
      .then((answer) => this.#onAnswer(entry, budget, queue, head, now, answer));
  }

  #onAnswer(
    entry: CatalogEntry,
    budget: EntryBudget,
    queue: SeatWaiter[],
    head: SeatWaiter,
    askedAt: number,
    answer: SharedBookingAnswer | undefined,
  ): void {
    // Cleared only here, in the same turn that handles the answer: a drain in between would ask twice for one head.
    this.#asking.delete(entry.id);
    const stillWaiting = queue[0] === head;
    if (answer && "booked" in answer) {
      // The entry may have cooled down (a throttle) while the store was asked.
      if (stillWaiting && budget.waitMs(head.demand, this.#clock.now()) === 0) {
        queue.shift();
        head.stopListening();
        head.resolve(this.#grant(entry, budget, head.request, head.demand, askedAt, answer.booked));
        return this.#drain(entry);
      }
      // Aborted while asked, or cooling now: the booking must not hold the fleet's room.
      void this.#link.cancel(answer.booked).then(() => this.#drain(entry));
      return;
    }
    if (!stillWaiting) return this.#drain(entry);
    // The store failed (reported) or has no room: other processes' settlements will free room without telling us.
    const pollMs = this.#link.pollMs;
    this.#wake.wakeIn(entry, answer ? Math.min(answer.waitMs, pollMs) : pollMs);
  }
}
