import { InvalidInputError } from "@nucleo/core";
import type { SharedBooking, SharedDemand } from "@nucleo/catalog";
import { LIMIT_NAMES, limitShares, type LimitShare } from "./limit-shares.js";

// Every check throws an InvalidInputError naming the parameter as the caller wrote it
// (`demand.limits.tokensPerMinute`, `now`), before anything reaches the database.

/** Checks a demand: its entry id, token counts, and limits (known names, whole and positive, each able to hold the demand). @internal */
export function checkDemand(demand: SharedDemand): LimitShare[] {
  if (typeof demand !== "object" || demand === null) throw new InvalidInputError({ parameter: "demand", expected: "an object with entryId, limits, inputTokens and outputTokens" });
  checkEntryId("demand.entryId", demand.entryId);
  checkTokens("demand.inputTokens", demand.inputTokens);
  checkTokens("demand.outputTokens", demand.outputTokens);
  if (typeof demand.limits !== "object" || demand.limits === null) throw new InvalidInputError({ parameter: "demand.limits", expected: "an object of per-minute limits" });
  for (const [name, limit] of Object.entries(demand.limits)) {
    // An unknown limit would go unenforced: refusing it is safer than over-admitting.
    if (!(LIMIT_NAMES as readonly string[]).includes(name)) throw new InvalidInputError({ parameter: `demand.limits.${name}`, expected: `one of ${LIMIT_NAMES.join(", ")}` });
    if (limit !== undefined && (!Number.isSafeInteger(limit) || limit <= 0)) {
      throw new InvalidInputError({ parameter: `demand.limits.${name}`, value: String(limit), expected: "a positive whole number" });
    }
  }
  // A demand no window can ever hold would wait forever; the admission refuses such seats first.
  const shares = limitShares(demand);
  const overflow = shares.find((share) => share.amount > share.limit);
  if (overflow !== undefined) {
    throw new InvalidInputError({ parameter: "demand", value: `${overflow.amount} against ${overflow.name} ${overflow.limit}`, expected: `a demand that fits within ${overflow.name} on its own` });
  }
  return shares;
}

/** Checks an entry id: a non-empty string. @internal */
export function checkEntryId(parameter: string, entryId: unknown): asserts entryId is string {
  if (typeof entryId !== "string" || entryId === "") throw new InvalidInputError({ parameter, value: String(entryId), expected: "a catalog entry id (a non-empty string)" });
}

/** Checks a token count: a non-negative safe integer. @internal */
export function checkTokens(parameter: string, tokens: unknown): asserts tokens is number {
  if (typeof tokens !== "number" || !Number.isSafeInteger(tokens) || tokens < 0) {
    throw new InvalidInputError({ parameter, value: String(tokens), expected: "a non-negative whole number of tokens" });
  }
}

/** Checks a time: finite epoch milliseconds (a fractional clock is fine). @internal */
export function checkTime(parameter: string, time: unknown): asserts time is number {
  if (typeof time !== "number" || !Number.isFinite(time)) throw new InvalidInputError({ parameter, value: String(time), expected: "a time in epoch milliseconds" });
}

/** Checks a window's length: positive and finite. @internal */
export function checkWindow(windowMs: unknown): asserts windowMs is number {
  if (typeof windowMs !== "number" || !Number.isFinite(windowMs) || windowMs <= 0) {
    throw new InvalidInputError({ parameter: "windowMs", value: String(windowMs), expected: "a positive number of milliseconds" });
  }
}

/** Checks a booking handed back: an object with a string id and entry id. @internal */
export function checkBooking(booking: SharedBooking): void {
  if (typeof booking !== "object" || booking === null) throw new InvalidInputError({ parameter: "booking", expected: "a booking the store answered" });
  if (typeof booking.id !== "string" || booking.id === "") throw new InvalidInputError({ parameter: "booking.id", value: String(booking.id), expected: "a booking id (a non-empty string)" });
  checkEntryId("booking.entryId", booking.entryId);
}
