import type { SeatRequest } from "@nucleo/core";
import type { SeatDemand } from "../picker/model-picker.js";
import type { CatalogSeat } from "./catalog-admission.js";

/**
 * A reservation waiting in its entry's queue for the budgets (and, in shared mode, the store)
 * to take it. The head of the queue is granted first; an abort takes a waiter out anywhere.
 *
 * @internal
 */
export interface SeatWaiter {
  readonly request: SeatRequest;
  readonly demand: SeatDemand;
  readonly resolve: (seat: CatalogSeat) => void;
  readonly reject: (reason: unknown) => void;
  /** Removes the abort listener: a granted seat no longer answers its signal. */
  readonly stopListening: () => void;
}
