import { InvalidInputError, SystemError, type SeatRequest } from "@nucleo/core";
import type { CatalogEntry } from "../entry/catalog-entry.js";
import type { ModelPicker, SeatDemand } from "../picker/model-picker.js";
import type { EntryBudgets } from "./entry-budgets.js";
import type { LimitName } from "./limit-amounts.js";
import { sharedStoreChecks } from "./shared-store-checks.js";

/** Where a seat goes and what it books there. @internal */
export interface PlacedSeat {
  readonly entry: CatalogEntry;
  readonly demand: SeatDemand;
}

const LIMIT_UNITS: Record<LimitName, string> = {
  requestsPerMinute: "requests",
  tokensPerMinute: "tokens",
  inputTokensPerMinute: "input tokens",
  outputTokensPerMinute: "output tokens",
};

/**
 * The entry a request goes to (its pin, or the picker's choice for its grade) and what it books
 * there. Throws, before anything is held or asked of a shared store, for a request that could
 * never be admitted: token counts that are not whole numbers, neither grade nor pin, or a seat
 * larger than one of the entry's limits.
 *
 * @internal
 */
export function placeSeat(
  request: SeatRequest,
  picker: ModelPicker,
  budgets: EntryBudgets,
): PlacedSeat {
  const demand = demandOf(request);
  const entry =
    request.entryId !== undefined
      ? picker.pinned(request.entryId)
      : picker.pick(gradeOf(request), demand);
  refuseIfNeverFits(entry, demand, budgets);
  return { entry, demand };
}

function refuseIfNeverFits(entry: CatalogEntry, demand: SeatDemand, budgets: EntryBudgets): void {
  const overflow = budgets.of(entry).neverFits(demand);
  if (overflow) {
    throw new SystemError({
      code: "seat_too_large",
      // Names the limit by its catalog key, so the operator finds the setting to raise.
      message: `A seat of ${overflow.size} ${LIMIT_UNITS[overflow.limit]} can never be admitted on entry "${entry.id}": its limits.${overflow.limit} is ${overflow.max}.`,
    });
  }
}

function demandOf(request: SeatRequest): SeatDemand {
  sharedStoreChecks.tokens("inputTokens", request.inputTokens);
  sharedStoreChecks.tokens("maxOutputTokens", request.maxOutputTokens);
  return { inputTokens: request.inputTokens, outputTokens: request.maxOutputTokens };
}

function gradeOf(request: SeatRequest): string {
  if (request.grade === undefined || (request.grade as string) === "") {
    throw new InvalidInputError({
      parameter: "grade",
      expected: "a grade (SMALL, MEDIUM, LARGE, XL, MEGA or CEILING) or an entryId",
    });
  }
  return request.grade;
}
