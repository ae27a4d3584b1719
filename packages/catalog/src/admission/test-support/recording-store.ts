// A shared budget store for the admission's tests: records every call, counts the books in
// flight per entry, and fails on demand. Not exported from the package.
import type {
  FleetTurn,
  SeatTokens,
  SharedBatchAnswer,
  SharedBooking,
  SharedBookingAnswer,
  SharedBudgetStore,
  SharedDemand,
  SharedEntryTerms,
} from "../shared-budget-store.js";
import { InMemorySharedBudgetStore } from "../in-memory-shared-budget-store.js";

/** One call the store received. */
export type StoreCall =
  | {
      readonly method: "book";
      readonly demand: SharedDemand;
      readonly now: number;
      readonly windowMs: number;
    }
  | {
      readonly method: "bookInOrder";
      readonly terms: SharedEntryTerms;
      readonly seats: readonly SeatTokens[];
      readonly now: number;
      readonly windowMs: number;
      readonly turn: FleetTurn | undefined;
    }
  | {
      readonly method: "settle";
      readonly booking: SharedBooking;
      readonly inputTokens: number;
      readonly outputTokens: number;
    }
  | { readonly method: "cancel"; readonly booking: SharedBooking }
  | { readonly method: "coolDown"; readonly entryId: string; readonly until: number };

/** An {@link InMemorySharedBudgetStore} (one, or one shared with other recorders) that records its calls. */
export class RecordingStore implements SharedBudgetStore {
  readonly calls: StoreCall[] = [];
  /** The most `book` and `bookInOrder` calls in flight at once for one entry. */
  mostBooksInFlight = 0;
  /** While set, `book` and `bookInOrder` reject with this error. */
  failBook: Error | undefined;
  /** While set, `settle`, `cancel` and `coolDown` reject with this error. */
  failOthers: Error | undefined;
  readonly #inFlight = new Map<string, number>();

  constructor(readonly inner: SharedBudgetStore = new InMemorySharedBudgetStore()) {}

  /** The calls of one method. */
  of<TMethod extends StoreCall["method"]>(
    method: TMethod,
  ): Array<Extract<StoreCall, { method: TMethod }>> {
    return this.calls.filter(
      (call): call is Extract<StoreCall, { method: TMethod }> => call.method === method,
    );
  }

  book(demand: SharedDemand, now: number, windowMs: number): Promise<SharedBookingAnswer> {
    this.calls.push({ method: "book", demand, now, windowMs });
    return this.#counted(demand.entryId, () => this.inner.book(demand, now, windowMs));
  }

  bookInOrder(
    terms: SharedEntryTerms,
    seats: readonly SeatTokens[],
    now: number,
    windowMs: number,
    turn?: FleetTurn,
  ): Promise<SharedBatchAnswer> {
    this.calls.push({ method: "bookInOrder", terms, seats, now, windowMs, turn });
    return this.#counted(terms.entryId, () =>
      this.inner.bookInOrder(terms, seats, now, windowMs, turn),
    );
  }

  /** Runs a booking call, counting it in flight for its entry and failing it while `failBook` is set. */
  async #counted<TAnswer>(entryId: string, call: () => Promise<TAnswer>): Promise<TAnswer> {
    const inFlight = (this.#inFlight.get(entryId) ?? 0) + 1;
    this.#inFlight.set(entryId, inFlight);
    this.mostBooksInFlight = Math.max(this.mostBooksInFlight, inFlight);
    try {
      if (this.failBook) throw this.failBook;
      return await call();
    } finally {
      this.#inFlight.set(entryId, this.#inFlight.get(entryId)! - 1);
    }
  }

  async settle(booking: SharedBooking, inputTokens: number, outputTokens: number): Promise<void> {
    this.calls.push({ method: "settle", booking, inputTokens, outputTokens });
    if (this.failOthers) throw this.failOthers;
    await this.inner.settle(booking, inputTokens, outputTokens);
  }

  async cancel(booking: SharedBooking): Promise<void> {
    this.calls.push({ method: "cancel", booking });
    if (this.failOthers) throw this.failOthers;
    await this.inner.cancel(booking);
  }

  async coolDown(entryId: string, until: number): Promise<void> {
    this.calls.push({ method: "coolDown", entryId, until });
    if (this.failOthers) throw this.failOthers;
    await this.inner.coolDown(entryId, until);
  }
}
