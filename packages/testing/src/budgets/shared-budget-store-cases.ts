import { batchCases } from "./batch-cases.js";
import { bookingLifecycleCases } from "./booking-lifecycle-cases.js";
import type { SharedBudgetStoreCase } from "./case-support.js";
import { concurrencyCases } from "./concurrency-cases.js";
import { cooldownCases } from "./cooldown-cases.js";
import { inputCases } from "./input-cases.js";
import { limitCases } from "./limit-cases.js";
import { pacingCases } from "./pacing-cases.js";
import { turnCases } from "./turn-cases.js";

export type { SharedBudgetStoreCase } from "./case-support.js";

/**
 * Conformance cases for any `SharedBudgetStore` (from `@nucleo/catalog`): the contract in its
 * TSDoc, pinned. Framework-agnostic — each case asserts with `node:assert` and rejects when the
 * store breaks its rule — so any test runner can run them. Give every case a fresh, empty
 * store; cases use entry ids of their own and explicit times (no clock needed).
 *
 * Covered: booking within every declared limit and refusing past any one, with the exact wait
 * (when the oldest bookings needed have left the window); limits left out; the window's edge;
 * settlement and cancellation; cooldowns; unique ids; atomicity under concurrent calls; seats
 * booked together in order (`bookInOrder`); pacing (`pacing.burstMs`); fleet turns (the oldest
 * waiting seat keeps its room); and the
 * input every store refuses alike (an unknown limit name among it), naming the parameter.
 *
 * @example
 * // vitest
 * describe("PostgresBudgetStore", () => {
 *   it.each(sharedBudgetStoreCases)("$name", async ({ run }) => run(await freshStore()));
 * });
 */
export const sharedBudgetStoreCases: readonly SharedBudgetStoreCase[] = [
  ...limitCases,
  ...bookingLifecycleCases,
  ...cooldownCases,
  ...concurrencyCases,
  ...inputCases,
  ...batchCases,
  ...pacingCases,
  ...turnCases,
];
