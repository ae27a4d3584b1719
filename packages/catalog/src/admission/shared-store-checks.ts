import { InvalidInputError } from "@nucleo/core";
import { amountFor, LIMIT_NAMES, type LimitName } from "./limit-amounts.js";
import type { SharedBooking, SharedDemand } from "./shared-budget-store.js";

/** One limit a checked demand declares, and what the demand books against it. */
export interface DeclaredLimit {
  readonly name: LimitName;
  /** The limit's maximum per window. */
  readonly max: number;
  /** What the demand books against it: one request, or its tokens on the limit's side. */
  readonly amount: number;
}

/**
 * The input checks every {@link SharedBudgetStore} runs before it touches its state, so that
 * stores agree on what they refuse (the conformance cases of `@nucleo/testing` pin it). Each
 * throws an `InvalidInputError` naming the parameter as the caller wrote it
 * (`demand.limits.tokensPerMinute`, `now`). Input is untrusted: values are checked by type,
 * not assumed from the signature.
 */
export interface SharedStoreChecks {
  /**
   * A demand: its entry id, token counts and limits — each a known name (an unknown one would
   * go unenforced: refusing it is safer than over-admitting) with a whole positive maximum
   * that can hold the demand on its own. Returns the limits it declares, in the catalog's order.
   */
  demand(demand: SharedDemand): DeclaredLimit[];
  /** An entry id: a non-empty string. */
  entryId(parameter: string, entryId: unknown): asserts entryId is string;
  /** A token count: a non-negative whole number. */
  tokens(parameter: string, tokens: unknown): asserts tokens is number;
  /** A time: finite epoch milliseconds (a fractional clock is fine). */
  time(parameter: string, time: unknown): asserts time is number;
  /** A window's length (`windowMs`): positive and finite. */
  window(windowMs: unknown): asserts windowMs is number;
  /** A booking handed back: an object with a string id and entry id. */
  booking(booking: SharedBooking): void;
}

/**
 * The checks of {@link SharedStoreChecks}, for the in-memory and Postgres stores and any other.
 *
 * @example
 * const limits = sharedStoreChecks.demand(demand); // throws naming `demand.limits.requestPerMinute`
 * sharedStoreChecks.time("now", now);
 */
export const sharedStoreChecks: SharedStoreChecks = {
  demand(demand) {
    if (typeof demand !== "object" || demand === null)
      throw new InvalidInputError({
        parameter: "demand",
        expected: "an object with entryId, limits, inputTokens and outputTokens",
      });
    sharedStoreChecks.entryId("demand.entryId", demand.entryId);
    sharedStoreChecks.tokens("demand.inputTokens", demand.inputTokens);
    sharedStoreChecks.tokens("demand.outputTokens", demand.outputTokens);
    const limits: unknown = demand.limits;
    if (typeof limits !== "object" || limits === null)
      throw new InvalidInputError({
        parameter: "demand.limits",
        expected: "an object of per-minute limits",
      });
    for (const [name, max] of Object.entries(limits)) {
      if (!(LIMIT_NAMES as readonly string[]).includes(name))
        throw new InvalidInputError({
          parameter: `demand.limits.${name}`,
          expected: `one of ${LIMIT_NAMES.join(", ")}`,
        });
      if (max !== undefined && (!Number.isSafeInteger(max) || max <= 0))
        throw new InvalidInputError({
          parameter: `demand.limits.${name}`,
          value: String(max),
          expected: "a positive whole number",
        });
    }
    const declared: DeclaredLimit[] = [];
    for (const name of LIMIT_NAMES) {
      const max = demand.limits[name];
      if (max === undefined) continue;
      const amount = amountFor(name, demand.inputTokens, demand.outputTokens);
      // A demand no window can ever hold would wait forever; the admission refuses such seats first.
      if (amount > max)
        throw new InvalidInputError({
          parameter: "demand",
          value: `${amount} against ${name} ${max}`,
          expected: `a demand that fits within ${name} on its own`,
        });
      declared.push({ name, max, amount });
    }
    return declared;
  },

  entryId(parameter, entryId) {
    if (typeof entryId !== "string" || entryId === "")
      throw new InvalidInputError({
        parameter,
        value: String(entryId),
        expected: "a catalog entry id (a non-empty string)",
      });
  },

  tokens(parameter, tokens) {
    if (typeof tokens !== "number" || !Number.isSafeInteger(tokens) || tokens < 0)
      throw new InvalidInputError({
        parameter,
        value: String(tokens),
        expected: "a non-negative whole number of tokens",
      });
  },

  time(parameter, time) {
    if (typeof time !== "number" || !Number.isFinite(time))
      throw new InvalidInputError({
        parameter,
        value: String(time),
        expected: "a time in epoch milliseconds",
      });
  },

  window(windowMs) {
    if (typeof windowMs !== "number" || !Number.isFinite(windowMs) || windowMs <= 0)
      throw new InvalidInputError({
        parameter: "windowMs",
        value: String(windowMs),
        expected: "a positive number of milliseconds",
      });
  },

  booking(booking) {
    if (typeof booking !== "object" || booking === null)
      throw new InvalidInputError({
        parameter: "booking",
        expected: "a booking the store answered",
      });
    if (typeof booking.id !== "string" || booking.id === "")
      throw new InvalidInputError({
        parameter: "booking.id",
        value: String(booking.id),
        expected: "a booking id (a non-empty string)",
      });
    sharedStoreChecks.entryId("booking.entryId", booking.entryId);
  },
};
