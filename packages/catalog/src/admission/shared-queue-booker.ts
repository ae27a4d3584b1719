import type { Clock, SeatRequest } from "@nucleo/core";
import type { CatalogEntry } from "../entry/catalog-entry.js";
import type { SeatDemand } from "../picker/model-picker.js";
import type { CatalogSeat } from "./catalog-admission.js";
import type { EntryBudget } from "./entry-budget.js";
import type { EntryWakeTimers } from "./entry-wake-timers.js";
import type { SeatQueue } from "./seat-queue.js";
import type { SeatWaiter } from "./seat-waiter.js";
import type { SharedAdmissionLink } from "./shared-admission-link.js";
import type { SharedBatchAnswer, SharedBooking } from "./shared-budget-store.js";

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
  /** The most seats asked for in one call. Default 64. */
  readonly maxSeatsPerCall?: number;
}

/** Weight of the newest round trip in the running estimate of the store's answer time. */
const LATENCY_WEIGHT = 0.2;

/**
 * Shared mode's way down an entry's queue: the seats at its head that fit this process's own
 * budgets together (a seat that does not fit here could not fit the fleet's) are booked in the
 * shared store in one call, in order. One call per entry is in flight at a time, so the store
 * sees the queue's order; its answer grants the seats it booked and drains on, or waits until
 * the store may have room. It also tells the picker how long a new seat would queue here.
 *
 * @internal
 */
export class SharedQueueBooker {
  readonly #link: SharedAdmissionLink;
  readonly #clock: Clock;
  readonly #wake: EntryWakeTimers;
  readonly #grant: SharedQueueBookerOptions["grant"];
  readonly #drain: SharedQueueBookerOptions["drain"];
  readonly #maxSeats: number;
  /** Per entry, the seats of the call in flight: one call at a time per entry. */
  readonly #asking = new Map<string, number>();
  /** A running estimate of one store call's round trip (ms); any positive start ranks entries alike. */
  #latencyMs = 1;

  constructor(options: SharedQueueBookerOptions) {
    this.#link = options.link;
    this.#clock = options.clock;
    this.#wake = options.wake;
    this.#grant = options.grant;
    this.#drain = options.drain;
    this.#maxSeats = options.maxSeatsPerCall ?? 64;
  }

  /**
   * How long, beyond its budgets, a seat would queue on an entry for the store: the rest of the
   * call in flight, then its share of the seats queued behind it (a call books up to
   * `maxSeatsPerCall`). Proportional to the queue, so equal siblings share new seats.
   */
  queueMs(entryId: string, queued: number): number {
    const inFlight = this.#asking.get(entryId) ?? 0;
    // Seats aborted while their call is out have left the queue but not yet the count in flight.
    const waiting = Math.max(0, queued - inFlight);
    return this.#latencyMs * ((inFlight > 0 ? 1 : 0) + waiting / this.#maxSeats);
  }

  /** Asks the store to book the seats at the head of `queue` that fit here, unless a call for the entry is in flight. */
  ask(entry: CatalogEntry, budget: EntryBudget, queue: SeatQueue): void {
    if (queue.length === 0 || this.#asking.has(entry.id)) return;
    const now = this.#clock.now();
    const seats = this.#fittingHead(budget, queue, now);
    if (seats.length === 0)
      return this.#wake.wakeIn(entry, budget.waitMs(queue.head()!.demand, now));
    this.#asking.set(entry.id, seats.length);
    void this.#link
      .bookInOrder(
        entry,
        seats.map((seat) => seat.demand),
        now,
        seats[0]!.queuedAt,
      )
      .then((answer) => this.#onAnswer(entry, budget, queue, seats, now, answer));
  }

  /** The head's seats that this process's budgets hold together at `now`, at most `maxSeatsPerCall`. */
  #fittingHead(budget: EntryBudget, queue: SeatQueue, now: number): SeatWaiter[] {
    const candidates = queue.first(this.#maxSeats);
    const before = { requests: 0, inputTokens: 0, outputTokens: 0 };
    let count = 0;
    for (const waiter of candidates) {
      if (budget.waitMs(waiter.demand, now, before) > 0) break;
      before.requests += 1;
      before.inputTokens += waiter.demand.inputTokens;
      before.outputTokens += waiter.demand.outputTokens;
      count += 1;
    }
    return candidates.slice(0, count);
  }

  #onAnswer(
    entry: CatalogEntry,
    budget: EntryBudget,
    queue: SeatQueue,
    seats: readonly SeatWaiter[],
    askedAt: number,
    answer: SharedBatchAnswer | undefined,
  ): void {
    // Cleared only here, in the same turn that handles the answer: a drain in between would ask twice.
    this.#asking.delete(entry.id);
    const now = this.#clock.now();
    this.#latencyMs += LATENCY_WEIGHT * (Math.max(0, now - askedAt) - this.#latencyMs);
    const booked = answer?.booked ?? [];
    const unwanted: SharedBooking[] = [];
    let granting = true;
    for (const [index, booking] of booked.entries()) {
      const waiter = seats[index]!;
      const atHead = queue.head() === waiter;
      // An aborted seat's booking goes back; so does every one from the first seat the entry's
      // cooldown (a throttle meanwhile) holds back, keeping the queue's order and the fleet's room.
      granting &&= atHead ? budget.waitMs(waiter.demand, now) === 0 : !queue.has(waiter);
      if (!granting || !atHead) {
        unwanted.push(booking);
        continue;
      }
      queue.shift();
      waiter.stopListening();
      waiter.resolve(this.#grant(entry, budget, waiter.request, waiter.demand, askedAt, booking));
    }
    if (unwanted.length > 0) {
      void Promise.all(unwanted.map((booking) => this.#link.cancel(booking))).then(() =>
        this.#drain(entry),
      );
      return;
    }
    const unbooked = seats[booked.length];
    if (unbooked === undefined || queue.head() !== unbooked) return this.#drain(entry);
    // The store failed (reported) or has no room: other processes' settlements free room without telling us.
    const pollMs = this.#link.pollMs;
    this.#wake.wakeIn(entry, answer ? Math.min(answer.waitMs, pollMs) : pollMs);
  }
}
