import { InvalidInputError } from "@nucleo/core";
import { amountFor, LIMIT_NAMES, type LimitName } from "./limit-amounts.js";
import {
  type FleetTurn,
  MAX_SEATS_PER_BOOKING,
  type SeatTokens,
  type SharedBooking,
  type SharedDemand,
  type SharedEntryTerms,
} from "./shared-budget-store.js";

/** One limit an entry declares, with its maximum per window. */
export interface LimitMax {
  readonly name: LimitName;
  readonly max: number;
}

/** One limit a checked demand declares, and what the demand books against it. */
export interface DeclaredLimit extends LimitMax {
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
  /**
   * An entry's terms as {@link SharedBudgetStore.bookInOrder} takes them: the entry id, limits
   * (as for a demand) and pacing (`burstMs` 0 or more). Returns the limits it declares.
   */
  terms(terms: SharedEntryTerms): LimitMax[];
  /**
   * The seats of one {@link SharedBudgetStore.bookInOrder}: an array of at most
   * `MAX_SEATS_PER_BOOKING`, each with whole token counts and fitting every limit on its own
   * (named `seats[2].inputTokens`, `seats[2]`).
   */
  seats(limits: readonly LimitMax[], seats: readonly SeatTokens[]): void;
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
  /** A fleet turn, when given: `since` a time, `holdMs` positive and finite. */
  turn(turn: FleetTurn | undefined): void;
  /**
   * Every argument of one {@link SharedBudgetStore.bookInOrder} call, in the order every store
   * checks them (so they refuse the same call with the same parameter); returns the limits the
   * terms declare.
   */
  bookInOrder(
    terms: SharedEntryTerms,
    seats: readonly SeatTokens[],
    now: number,
    windowMs: number,
    turn: FleetTurn | undefined,
  ): LimitMax[];
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
    const limits = termsNamed("demand", demand);
    sharedStoreChecks.tokens("demand.inputTokens", demand.inputTokens);
    sharedStoreChecks.tokens("demand.outputTokens", demand.outputTokens);
    return declaredFor("demand", limits, demand);
  },

  terms(terms) {
    if (typeof terms !== "object" || terms === null)
      throw new InvalidInputError({
        parameter: "terms",
        expected: "an object with entryId and limits",
      });
    return termsNamed("terms", terms);
  },

  seats(limits, seats) {
    if (!Array.isArray(seats) || seats.length > MAX_SEATS_PER_BOOKING)
      throw new InvalidInputError({
        parameter: "seats",
        value: Array.isArray(seats) ? `${seats.length} seats` : String(seats),
        expected: `an array of at most ${MAX_SEATS_PER_BOOKING} seats`,
      });
    seats.forEach((seat: unknown, index) => {
      const parameter = `seats[${index}]`;
      if (typeof seat !== "object" || seat === null)
        throw new InvalidInputError({
          parameter,
          expected: "an object with inputTokens and outputTokens",
        });
      const tokens = seat as SeatTokens;
      sharedStoreChecks.tokens(`${parameter}.inputTokens`, tokens.inputTokens);
      sharedStoreChecks.tokens(`${parameter}.outputTokens`, tokens.outputTokens);
      declaredFor(parameter, limits, tokens);
    });
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

  bookInOrder(terms, seats, now, windowMs, turn) {
    const limits = sharedStoreChecks.terms(terms);
    sharedStoreChecks.seats(limits, seats);
    sharedStoreChecks.time("now", now);
    sharedStoreChecks.window(windowMs);
    sharedStoreChecks.turn(turn);
    return limits;
  },

  turn(turn) {
    if (turn === undefined) return;
    if (typeof turn !== "object" || turn === null)
      throw new InvalidInputError({
        parameter: "turn",
        expected: "an object with since and holdMs",
      });
    sharedStoreChecks.time("turn.since", turn.since);
    const holdMs: unknown = turn.holdMs;
    if (typeof holdMs !== "number" || !Number.isFinite(holdMs) || holdMs <= 0)
      throw new InvalidInputError({
        parameter: "turn.holdMs",
        value: String(holdMs),
        expected: "a positive number of milliseconds",
      });
  },
};

/** Checks an entry id, limits and pacing given under `prefix` (`demand`, `terms`); returns the declared limits in the catalog's order. */
function termsNamed(prefix: string, terms: SharedEntryTerms): LimitMax[] {
  sharedStoreChecks.entryId(`${prefix}.entryId`, terms.entryId);
  const limits: unknown = terms.limits;
  if (typeof limits !== "object" || limits === null)
    throw new InvalidInputError({
      parameter: `${prefix}.limits`,
      expected: "an object of per-minute limits",
    });
  for (const [name, max] of Object.entries(limits)) {
    if (!(LIMIT_NAMES as readonly string[]).includes(name))
      throw new InvalidInputError({
        parameter: `${prefix}.limits.${name}`,
        expected: `one of ${LIMIT_NAMES.join(", ")}`,
      });
    if (max !== undefined && (!Number.isSafeInteger(max) || max <= 0))
      throw new InvalidInputError({
        parameter: `${prefix}.limits.${name}`,
        value: String(max),
        expected: "a positive whole number",
      });
  }
  const pacing: unknown = terms.pacing;
  if (pacing !== undefined) {
    const burstMs = (pacing as { burstMs?: unknown } | null)?.burstMs;
    if (typeof burstMs !== "number" || !Number.isFinite(burstMs) || burstMs < 0)
      throw new InvalidInputError({
        parameter: `${prefix}.pacing.burstMs`,
        value: String(burstMs),
        expected: "a number of milliseconds, 0 or more",
      });
  }
  const declared: LimitMax[] = [];
  for (const name of LIMIT_NAMES) {
    const max = terms.limits[name];
    if (max !== undefined) declared.push({ name, max });
  }
  return declared;
}

/** What `seat` books against each limit; refuses (as `parameter`) a seat no window can ever hold, which would wait forever. */
function declaredFor(
  parameter: string,
  limits: readonly LimitMax[],
  seat: SeatTokens,
): DeclaredLimit[] {
  return limits.map(({ name, max }) => {
    const amount = amountFor(name, seat.inputTokens, seat.outputTokens);
    if (amount > max)
      throw new InvalidInputError({
        parameter,
        value: `${amount} against ${name} ${max}`,
        expected: `a demand that fits within ${name} on its own`,
      });
    return { name, max, amount };
  });
}
