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
  /** When it began to wait (the admission's clock): its place in the fleet's line in shared mode. */
  readonly queuedAt: number;
  readonly resolve: (seat: CatalogSeat) => void;
  readonly reject: (reason: unknown) => void;
  /** Removes the abort listener: a granted seat no longer answers its signal. */
  readonly stopListening: () => void;
}
