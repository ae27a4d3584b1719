import { LimitPace } from "./limit-pace.js";
import { RollingWindow, type WindowHolding } from "./rolling-window.js";
import { bookOneSeat } from "./book-one-seat.js";
import type {
  FleetTurn,
  SeatTokens,
  SharedBatchAnswer,
  SharedBooking,
  SharedBookingAnswer,
  SharedBudgetStore,
  SharedDemand,
  SharedEntryTerms,
} from "./shared-budget-store.js";
import { sharedStoreChecks as check, type LimitMax } from "./shared-store-checks.js";

/** One booking the store holds: a single request, with its own id. */
interface StoredBooking extends WindowHolding {
  readonly id: string;
  readonly entryId: string;
  /** The pace it was booked on and the window it was booked with: settling and cancelling give its pace time back. */
  readonly pace: LimitPace | undefined;
  readonly windowMs: number;
}

/** The fleet's oldest seat the store could not book yet, holding its room (see `FleetTurn`). */
interface Claim extends SeatTokens {
  readonly since: number;
  readonly until: number;
}

/** One entry's bookings, pace, claim and cooldown. */
interface EntryLedger {
  readonly window: RollingWindow<StoredBooking>;
  claim: Claim | undefined;
  /** Made on the first paced booking; made anew when the entry's limits or burst change. */
  pace: LimitPace | undefined;
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

  book(demand: SharedDemand, now: number, windowMs: number): Promise<SharedBookingAnswer> {
    return bookOneSeat(this, demand, now, windowMs);
  }

  async bookInOrder(
    terms: SharedEntryTerms,
    seats: readonly SeatTokens[],
    now: number,
    windowMs: number,
    turn?: FleetTurn,
  ): Promise<SharedBatchAnswer> {
    const declared = check.bookInOrder(terms, seats, now, windowMs, turn);
    await nextTurn();
    const limits = declared.map(({ name, max }) => [name, max] as const);
    const ledger = this.#ledger(terms.entryId);
    ledger.window.expire(now - windowMs, this.#forget);
    const pace = this.#paceFor(ledger, declared, terms.pacing?.burstMs);
    const live = ledger.claim !== undefined && ledger.claim.until > now ? ledger.claim : undefined;
    // A younger call is judged as if the fleet's oldest waiting seat were booked first.
    const ahead =
      turn !== undefined && live !== undefined && live.since < turn.since ? live : undefined;
    const booked: SharedBooking[] = [];
    for (const seat of seats) {
      const waitMs = this.#waitMs(ledger, limits, pace, seat, ahead, now, windowMs);
      if (waitMs > 0) {
        // The first seat left waiting holds its room (renewed by its claimant), unless an older seat already does.
        if (turn !== undefined && (live === undefined || turn.since <= live.since))
          ledger.claim = { since: turn.since, until: now + turn.holdMs, ...seat };
        return { booked, waitMs };
      }
      booked.push(this.#add(ledger, pace, terms.entryId, seat, now, windowMs));
    }
    // The claimant (or a seat older than it) got through: its claim is done.
    if (turn !== undefined && live !== undefined && turn.since <= live.since)
      ledger.claim = undefined;
    return { booked, waitMs: 0 };
  }

  /** How long until `seat` fits the window, the pace and the cooldown, with `ahead` (a claimed seat) booked first. */
  #waitMs(
    ledger: EntryLedger,
    limits: ReadonlyArray<readonly [LimitMax["name"], number]>,
    pace: LimitPace | undefined,
    seat: SeatTokens,
    ahead: SeatTokens | undefined,
    now: number,
    windowMs: number,
  ): number {
    const before = ahead && {
      requests: 1,
      inputTokens: ahead.inputTokens,
      outputTokens: ahead.outputTokens,
    };
    return Math.max(
      ledger.coolingUntil - now,
      ledger.window.waitMs(
        limits,
        seat.inputTokens + (before?.inputTokens ?? 0),
        seat.outputTokens + (before?.outputTokens ?? 0),
        now,
        windowMs,
        1 + (before?.requests ?? 0),
      ),
      pace?.waitMs(now, windowMs, before) ?? 0,
    );
  }

  /** Books `seat` at `now` in the window and the pace, and returns its booking. */
  #add(
    ledger: EntryLedger,
    pace: LimitPace | undefined,
    entryId: string,
    seat: SeatTokens,
    now: number,
    windowMs: number,
  ): SharedBooking {
    const booking: StoredBooking = {
      id: `shared-${this.#nextId++}`,
      entryId,
      at: now,
      requests: 1,
      inputTokens: seat.inputTokens,
      outputTokens: seat.outputTokens,
      live: true,
      pace,
      windowMs,
    };
    ledger.window.add(booking);
    pace?.book(seat.inputTokens, seat.outputTokens, now, windowMs);
    this.#bookings.set(booking.id, booking);
    return { id: booking.id, entryId };
  }

  async settle(booking: SharedBooking, inputTokens: number, outputTokens: number): Promise<void> {
    check.booking(booking);
    check.tokens("inputTokens", inputTokens);
    check.tokens("outputTokens", outputTokens);
    await nextTurn();
    const stored = this.#stored(booking);
    if (!stored?.live) return;
    const unusedInput = stored.inputTokens - inputTokens;
    const unusedOutput = stored.outputTokens - outputTokens;
    this.#ledger(stored.entryId).window.change(stored, 0, -unusedInput, -unusedOutput);
    stored.pace?.giveBack(0, unusedInput, unusedOutput, stored.windowMs);
  }

  async cancel(booking: SharedBooking): Promise<void> {
    check.booking(booking);
    await nextTurn();
    const stored = this.#stored(booking);
    if (!stored) return;
    this.#bookings.delete(stored.id);
    if (stored.live)
      stored.pace?.giveBack(1, stored.inputTokens, stored.outputTokens, stored.windowMs);
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

  /** The entry's pace for these limits and burst, or none when the terms do not pace. */
  #paceFor(
    ledger: EntryLedger,
    limits: readonly LimitMax[],
    burstMs: number | undefined,
  ): LimitPace | undefined {
    if (burstMs === undefined) return undefined;
    const current = ledger.pace;
    const same =
      current?.burstMs === burstMs &&
      current.limits.length === limits.length &&
      current.limits.every(
        (limit, index) => limit.name === limits[index]!.name && limit.max === limits[index]!.max,
      );
    if (!same) ledger.pace = new LimitPace(limits, burstMs);
    return ledger.pace;
  }

  #ledger(entryId: string): EntryLedger {
    let ledger = this.#ledgers.get(entryId);
    if (!ledger) {
      ledger = {
        window: new RollingWindow<StoredBooking>(),
        claim: undefined,
        pace: undefined,
        coolingUntil: 0,
      };
      this.#ledgers.set(entryId, ledger);
    }
    return ledger;
  }
}

function nextTurn(): Promise<void> {
  return Promise.resolve();
}
