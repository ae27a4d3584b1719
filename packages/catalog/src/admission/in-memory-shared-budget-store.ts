import { RollingWindow, type WindowHolding } from "./rolling-window.js";
import type {
  SharedBooking,
  SharedBookingAnswer,
  SharedBudgetStore,
  SharedDemand,
} from "./shared-budget-store.js";
import { sharedStoreChecks as check } from "./shared-store-checks.js";

/** One booking the store holds: a single request, with its own id. */
interface StoredBooking extends WindowHolding {
  readonly id: string;
  readonly entryId: string;
}

/** One entry's bookings and cooldown. */
interface EntryLedger {
  readonly window: RollingWindow<StoredBooking>;
  coolingUntil: number;
}

/**
 * A {@link SharedBudgetStore} in one process's memory: the reference implementation of the
 * contract, and the store tests share between several `CatalogAdmission`s standing for
 * processes. Every method answers on a later microtask, as a database would, so callers cannot
 * come to rely on synchronous answers; each call's work runs whole within one turn, which
 * makes it atomic. Bookings age out by the latest cutoff any caller has asked with: in one
 * process all callers share a clock, and across machines the admission's guard band covers
 * clocks a little apart.
 *
 * @example
 * const store = new InMemorySharedBudgetStore();
 * const one = new CatalogAdmission({ catalog, shared: store });
 * const other = new CatalogAdmission({ catalog, shared: store }); // together within the limits
 */
export class InMemorySharedBudgetStore implements SharedBudgetStore {
  readonly #ledgers = new Map<string, EntryLedger>();
  readonly #bookings = new Map<string, StoredBooking>();
  readonly #forget = (booking: StoredBooking): void => {
    this.#bookings.delete(booking.id);
  };
  #nextId = 1;

  async book(demand: SharedDemand, now: number, windowMs: number): Promise<SharedBookingAnswer> {
    const limits = check.demand(demand).map(({ name, max }) => [name, max] as const);
    check.time("now", now);
    check.window(windowMs);
    await nextTurn();
    const ledger = this.#ledger(demand.entryId);
    ledger.window.expire(now - windowMs, this.#forget);
    const waitMs = Math.max(
      ledger.coolingUntil - now,
      ledger.window.waitMs(limits, demand.inputTokens, demand.outputTokens, now, windowMs),
    );
    if (waitMs > 0) return { waitMs };
    const booking: StoredBooking = {
      id: `shared-${this.#nextId++}`,
      entryId: demand.entryId,
      at: now,
      requests: 1,
      inputTokens: demand.inputTokens,
      outputTokens: demand.outputTokens,
      live: true,
    };
    ledger.window.add(booking);
    this.#bookings.set(booking.id, booking);
    return { booked: { id: booking.id, entryId: booking.entryId } };
  }

  async settle(booking: SharedBooking, inputTokens: number, outputTokens: number): Promise<void> {
    check.booking(booking);
    check.tokens("inputTokens", inputTokens);
    check.tokens("outputTokens", outputTokens);
    await nextTurn();
    const stored = this.#stored(booking);
    if (stored)
      this.#ledger(stored.entryId).window.change(
        stored,
        0,
        inputTokens - stored.inputTokens,
        outputTokens - stored.outputTokens,
      );
  }

  async cancel(booking: SharedBooking): Promise<void> {
    check.booking(booking);
    await nextTurn();
    const stored = this.#stored(booking);
    if (!stored) return;
    this.#bookings.delete(stored.id);
    this.#ledger(stored.entryId).window.remove(stored);
  }

  async coolDown(entryId: string, until: number): Promise<void> {
    check.entryId("entryId", entryId);
    check.time("until", until);
    await nextTurn();
    const ledger = this.#ledger(entryId);
    ledger.coolingUntil = Math.max(ledger.coolingUntil, until);
  }

  /** The booking the store holds under this id on this entry (a booking of another entry or store is not it). */
  #stored(booking: SharedBooking): StoredBooking | undefined {
    const stored = this.#bookings.get(booking.id);
    return stored?.entryId === booking.entryId ? stored : undefined;
  }

  #ledger(entryId: string): EntryLedger {
    let ledger = this.#ledgers.get(entryId);
    if (!ledger) {
      ledger = { window: new RollingWindow<StoredBooking>(), coolingUntil: 0 };
      this.#ledgers.set(entryId, ledger);
    }
    return ledger;
  }
}

function nextTurn(): Promise<void> {
  return Promise.resolve();
}
