import type { SeatRequest } from "@nucleo/core";
import type { CatalogEntry } from "../entry/catalog-entry.js";
import type { SeatDemand } from "../picker/model-picker.js";
import type { CatalogSeat } from "./catalog-admission.js";
import type { BudgetSlice, EntryBudget } from "./entry-budget.js";
import type { SharedBooking } from "./shared-budget-store.js";

/** What a granted seat holds until it is returned. @internal */
export interface HeldBooking {
  readonly budget: EntryBudget;
  /** What was booked: the request's input tokens and its output budget. */
  readonly demand: SeatDemand;
  /** The slice of the entry's budget holding the booking. */
  readonly slice: BudgetSlice;
  /** The seat's booking in the shared store: set exactly in shared mode. */
  readonly shared: SharedBooking | undefined;
}

/**
 * A seat a `CatalogAdmission` granted, carrying its own booking until it is returned: the
 * admission keeps no table of the seats it granted (a table entry per seat, for thousands of
 * calls in flight, cost more than the seat), and a seat goes back exactly once, to the
 * admission that granted it.
 *
 * @internal
 */
export class GrantedSeat implements CatalogSeat {
  readonly entryId: string;
  readonly #grantedBy: object;
  #held: HeldBooking | undefined;

  constructor(
    grantedBy: object,
    readonly id: string,
    readonly request: SeatRequest,
    readonly entry: CatalogEntry,
    readonly grantedAt: number,
    held: HeldBooking,
  ) {
    this.entryId = entry.id;
    this.#grantedBy = grantedBy;
    this.#held = held;
  }

  /**
   * The booking of `seat` when `admission` granted it and it has not gone back yet, and marks it
   * returned; `undefined` otherwise (returned twice, granted elsewhere, not a seat).
   */
  static takeBack(seat: unknown, admission: object): HeldBooking | undefined {
    if (typeof seat !== "object" || seat === null || !(#held in seat) || seat.#grantedBy !== admission) return undefined;
    const held = seat.#held;
    seat.#held = undefined;
    return held;
  }
}
