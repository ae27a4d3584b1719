import type { SeatRequest } from "@nucleo/core";
import type { CatalogEntry } from "../entry/catalog-entry.js";
import type { CatalogSeat } from "./catalog-admission.js";
import type { BudgetSlice, EntryBudget } from "./entry-budget.js";
import type { SharedBooking } from "./shared-budget-store.js";

/** What a seat holds in its entry's budget until it goes back. @internal */
export interface HeldBooking {
  readonly budget: EntryBudget;
  /** The slice of the entry's budget holding the booking. */
  readonly slice: BudgetSlice;
  /** The seat's booking in the shared store: set exactly in shared mode. */
  readonly shared: SharedBooking | undefined;
  /** What was booked: the request's input tokens and its output budget. */
  readonly request: SeatRequest;
}

/**
 * A seat a `CatalogAdmission` granted, carrying its own booking until it is returned: the
 * admission keeps no table of the seats it granted (a table entry per seat, for thousands of
 * calls in flight, cost more than the seat), and a seat goes back exactly once, to the
 * admission that granted it.
 *
 * @internal
 */
export class GrantedSeat implements CatalogSeat, HeldBooking {
  readonly entryId: string;
  readonly #grantedBy: object;
  readonly #budget: EntryBudget;
  readonly #slice: BudgetSlice;
  readonly #shared: SharedBooking | undefined;
  #returned = false;

  constructor(
    grantedBy: object,
    readonly id: string,
    readonly request: SeatRequest,
    readonly entry: CatalogEntry,
    readonly grantedAt: number,
    budget: EntryBudget,
    slice: BudgetSlice,
    shared: SharedBooking | undefined,
  ) {
    this.entryId = entry.id;
    this.#grantedBy = grantedBy;
    this.#budget = budget;
    this.#slice = slice;
    this.#shared = shared;
  }

  /** @internal */
  get budget(): EntryBudget {
    return this.#budget;
  }

  /** @internal */
  get slice(): BudgetSlice {
    return this.#slice;
  }

  /** @internal */
  get shared(): SharedBooking | undefined {
    return this.#shared;
  }

  /**
   * The booking of `seat` when `admission` granted it and it has not gone back yet, and marks it
   * returned; `undefined` otherwise (returned twice, granted elsewhere, not a seat).
   */
  static takeBack(seat: unknown, admission: object): HeldBooking | undefined {
    if (
      typeof seat !== "object" ||
      seat === null ||
      !(#returned in seat) ||
      seat.#grantedBy !== admission ||
      seat.#returned
    )
      return undefined;
    seat.#returned = true;
    return seat;
  }
}
