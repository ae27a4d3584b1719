import { InvalidInputError } from "@nucleo/core";
import type { RateLimits } from "../entry/catalog-entry.js";
import { BookingLedger, type LedgerBooking } from "./booking-ledger.js";
import { amountFor } from "./entry-budget.js";
import type { SharedBooking, SharedBookingAnswer, SharedBudgetStore, SharedDemand } from "./shared-budget-store.js";

/**
 * A {@link SharedBudgetStore} in one process's memory: the reference implementation of the
 * contract, and the store tests share between several `CatalogAdmission`s standing for
 * processes. Every method answers on a later microtask, as a database would, so callers cannot
 * come to rely on synchronous answers; each call's work runs whole within one turn, which
 * makes it atomic.
 *
 * @example
 * const store = new InMemorySharedBudgetStore();
 * const one = new CatalogAdmission({ catalog, shared: store });
 * const other = new CatalogAdmission({ catalog, shared: store }); // together within the limits
 */
export class InMemorySharedBudgetStore implements SharedBudgetStore {
  readonly #ledgers = new Map<string, BookingLedger>();
  readonly #bookings = new Map<string, LedgerBooking>();
  readonly #forget = (booking: LedgerBooking): void => {
    this.#bookings.delete(booking.id);
  };
  #nextId = 1;

  async book(demand: SharedDemand, now: number, windowMs: number): Promise<SharedBookingAnswer> {
    checkDemand(demand);
    checkTime("now", now);
    if (!(windowMs > 0 && Number.isFinite(windowMs))) throw new InvalidInputError({ parameter: "windowMs", value: String(windowMs), expected: "a positive number of milliseconds" });
    await nextTurn();
    const ledger = this.#ledger(demand.entryId);
    ledger.expire(now - windowMs, this.#forget);
    const waitMs = Math.max(ledger.coolingUntil - now, ledger.waitMs(demand.limits, demand.inputTokens, demand.outputTokens, now, windowMs));
    if (waitMs > 0) return { waitMs };
    const booking: LedgerBooking = { id: `shared-${this.#nextId++}`, entryId: demand.entryId, at: now, inputTokens: demand.inputTokens, outputTokens: demand.outputTokens, live: true };
    ledger.add(booking);
    this.#bookings.set(booking.id, booking);
    return { booked: { id: booking.id, entryId: booking.entryId } };
  }

  async settle(booking: SharedBooking, inputTokens: number, outputTokens: number): Promise<void> {
    checkTokens("inputTokens", inputTokens);
    checkTokens("outputTokens", outputTokens);
    await nextTurn();
    const stored = this.#bookings.get(booking.id);
    if (stored) this.#ledger(stored.entryId).adjust(stored, inputTokens, outputTokens);
  }

  async cancel(booking: SharedBooking): Promise<void> {
    await nextTurn();
    const stored = this.#bookings.get(booking.id);
    if (!stored) return;
    this.#bookings.delete(stored.id);
    this.#ledger(stored.entryId).remove(stored);
  }

  async coolDown(entryId: string, until: number): Promise<void> {
    checkTime("until", until);
    await nextTurn();
    const ledger = this.#ledger(entryId);
    ledger.coolingUntil = Math.max(ledger.coolingUntil, until);
  }

  #ledger(entryId: string): BookingLedger {
    let ledger = this.#ledgers.get(entryId);
    if (!ledger) {
      ledger = new BookingLedger();
      this.#ledgers.set(entryId, ledger);
    }
    return ledger;
  }
}

function nextTurn(): Promise<void> {
  return Promise.resolve();
}

function checkDemand(demand: SharedDemand): void {
  if (typeof demand?.entryId !== "string" || demand.entryId === "") throw new InvalidInputError({ parameter: "demand.entryId", value: String(demand?.entryId), expected: "a catalog entry id" });
  checkTokens("demand.inputTokens", demand.inputTokens);
  checkTokens("demand.outputTokens", demand.outputTokens);
  for (const [limit, max] of Object.entries(demand.limits ?? {}) as Array<[keyof RateLimits, number | undefined]>) {
    if (max === undefined) continue;
    if (!Number.isSafeInteger(max) || max <= 0) throw new InvalidInputError({ parameter: `demand.limits.${limit}`, value: String(max), expected: "a positive whole number" });
    // A demand no window can ever hold would be told to wait forever: the admission refuses such seats first.
    const size = amountFor(limit, demand.inputTokens, demand.outputTokens);
    if (size > max) throw new InvalidInputError({ parameter: "demand", value: `${size} against ${limit} ${max}`, expected: `a demand that fits within ${limit} on its own` });
  }
}

function checkTokens(parameter: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new InvalidInputError({ parameter, value: String(value), expected: "a non-negative whole number of tokens" });
}

function checkTime(parameter: string, value: number): void {
  if (!Number.isFinite(value)) throw new InvalidInputError({ parameter, value: String(value), expected: "a time in epoch milliseconds" });
}
