import type {
  SharedBookingAnswer,
  SharedBudgetStore,
  SharedDemand,
} from "./shared-budget-store.js";
import { sharedStoreChecks } from "./shared-store-checks.js";

/**
 * `book` for a store that books through `bookInOrder`: the demand checked as a demand (so its
 * errors name `demand.…`), then booked as a call of one seat.
 *
 * @example
 * book(demand, now, windowMs) { return bookOneSeat(this, demand, now, windowMs); }
 */
export async function bookOneSeat(
  store: Pick<SharedBudgetStore, "bookInOrder">,
  demand: SharedDemand,
  now: number,
  windowMs: number,
): Promise<SharedBookingAnswer> {
  sharedStoreChecks.demand(demand);
  const { booked, waitMs } = await store.bookInOrder(demand, [demand], now, windowMs);
  return booked[0] !== undefined ? { booked: booked[0] } : { waitMs };
}
