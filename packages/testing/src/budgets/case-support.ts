import assert from "node:assert/strict";
import { InvalidInputError } from "@nucleo/core";
import type {
  RateLimits,
  SharedBooking,
  SharedBookingAnswer,
  SharedBudgetStore,
  SharedDemand,
} from "@nucleo/catalog";

/** One conformance case for a {@link SharedBudgetStore}; `run` gets a fresh, empty store. */
export interface SharedBudgetStoreCase {
  /** The rule the case pins, as a test name. */
  readonly name: string;
  /** Resolves when the store keeps the rule; rejects with an `AssertionError` when it does not. */
  run(store: SharedBudgetStore): Promise<void>;
}

/**
 * The cases' time origin (epoch ms). Cases pass explicit times from here on, so a store must
 * judge a booking's age only by the `now` it is given, never by its own clock.
 */
export const T0 = 1_700_000_000_000;

/** The window most cases book in: the provider's minute, without a guard band. */
export const WINDOW_MS = 60_000;

/** A demand on `entryId` under `limits`. */
export function demandOf(
  entryId: string,
  limits: RateLimits,
  inputTokens = 0,
  outputTokens = 0,
): SharedDemand {
  return { entryId, limits, inputTokens, outputTokens };
}

/** Asserts that `answer` is a booking on `entryId`, and returns it. */
export function assertBooked(
  answer: SharedBookingAnswer,
  entryId: string,
  what: string,
): SharedBooking {
  assert.ok("booked" in answer, `${what}: expected a booking, got ${JSON.stringify(answer)}`);
  assert.equal(typeof answer.booked.id, "string", `${what}: a booking's id is a string`);
  assert.equal(answer.booked.entryId, entryId, `${what}: the booking names its entry`);
  return answer.booked;
}

/** Asserts that `answer` is a wait of exactly `waitMs`. */
export function assertWait(answer: SharedBookingAnswer, waitMs: number, what: string): void {
  assert.ok(
    "waitMs" in answer,
    `${what}: expected a wait of ${waitMs} ms, got ${JSON.stringify(answer)}`,
  );
  assert.equal(answer.waitMs, waitMs, `${what}: the wait`);
}

/** Books `demand` at `now` (in a {@link WINDOW_MS} window) and asserts that it was booked. */
export async function bookNow(
  store: SharedBudgetStore,
  demand: SharedDemand,
  now: number,
  what: string,
): Promise<SharedBooking> {
  return assertBooked(await store.book(demand, now, WINDOW_MS), demand.entryId, what);
}

/** Books `demand` at `now` and asserts that the store answered a wait of exactly `waitMs`. */
export async function expectWait(
  store: SharedBudgetStore,
  demand: SharedDemand,
  now: number,
  waitMs: number,
  what: string,
): Promise<void> {
  assertWait(await store.book(demand, now, WINDOW_MS), waitMs, what);
}

/** One entry under one set of limits, booked at explicit times: each step of a case is one line. */
export interface EntryUnderLimits {
  /** Books these tokens at `now` (in a {@link WINDOW_MS} window), asserts the booking, returns it. */
  book(
    now: number,
    what: string,
    inputTokens?: number,
    outputTokens?: number,
  ): Promise<SharedBooking>;
  /** Asks for these tokens at `now` and asserts a wait of exactly `waitMs`. */
  waits(
    now: number,
    waitMs: number,
    what: string,
    inputTokens?: number,
    outputTokens?: number,
  ): Promise<void>;
}

/** Demands on `entryId` under `limits`, booked in `store` with {@link bookNow} and {@link expectWait}. */
export function entryUnder(
  store: SharedBudgetStore,
  entryId: string,
  limits: RateLimits,
): EntryUnderLimits {
  return {
    book: (now, what, inputTokens, outputTokens) =>
      bookNow(store, demandOf(entryId, limits, inputTokens, outputTokens), now, what),
    waits: (now, waitMs, what, inputTokens, outputTokens) =>
      expectWait(store, demandOf(entryId, limits, inputTokens, outputTokens), now, waitMs, what),
  };
}

/** Asserts that `call` rejects with an `InvalidInputError` naming `parameter`. */
export async function expectRefusal(
  call: () => Promise<unknown>,
  parameter: string,
  what: string,
): Promise<void> {
  const error = await call().then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  assert.ok(
    InvalidInputError.isInstance(error),
    `${what}: expected an InvalidInputError, got ${String(error)}`,
  );
  assert.equal(error.parameter, parameter, `${what}: the parameter the error names`);
  assert.ok(error.message.includes(parameter), `${what}: the message names ${parameter}`);
}
