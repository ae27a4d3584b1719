// A shared budget store for the admission's tests: records every call, counts the books in
// flight per entry, and fails on demand. Not exported from the package.
import type {
  SharedBooking,
  SharedBookingAnswer,
  SharedBudgetStore,
  SharedDemand,
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
  /** The most `book` calls in flight at once for one entry. */
  mostBooksInFlight = 0;
  /** While set, `book` rejects with this error. */
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

  async book(demand: SharedDemand, now: number, windowMs: number): Promise<SharedBookingAnswer> {
    this.calls.push({ method: "book", demand, now, windowMs });
    const inFlight = (this.#inFlight.get(demand.entryId) ?? 0) + 1;
    this.#inFlight.set(demand.entryId, inFlight);
    this.mostBooksInFlight = Math.max(this.mostBooksInFlight, inFlight);
    try {
      if (this.failBook) throw this.failBook;
      return await this.inner.book(demand, now, windowMs);
    } finally {
      this.#inFlight.set(demand.entryId, this.#inFlight.get(demand.entryId)! - 1);
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
