import {
  InMemorySharedBudgetStore,
  type PacingTerms,
  type RateLimits,
  type SeatTokens,
  type SharedBooking,
  type SharedBudgetStore,
  type SharedEntryTerms,
} from "@nucleo/catalog";
import { expect, it } from "vitest";
import { PostgresBudgetStore } from "./postgres-budget-store.js";
import { describeOnOneDatabase } from "./test-support/describe-on-one-database.js";

const T0 = 1_700_000_000_000;
const STEPS = 400;

/** A small deterministic generator (a linear congruential one): the same steps on every run. */
function numbers(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

// Limits small enough to bind often, and every seat below fits each of them on its own.
const LIMITS: readonly RateLimits[] = [
  { requestsPerMinute: 5, tokensPerMinute: 5_000 },
  { requestsPerMinute: 7, inputTokensPerMinute: 3_000, outputTokensPerMinute: 2_500 },
  { tokensPerMinute: 4_000 },
];
const PACINGS: readonly (PacingTerms | undefined)[] = [
  undefined,
  undefined,
  { burstMs: 0 },
  { burstMs: 3_000 },
  { burstMs: 12_345.5 },
];
const WINDOWS = [60_000, 61_000.25] as const;

/** Both stores' bookings of one seat, side by side. */
type Pair = readonly [SharedBooking, SharedBooking];

/**
 * Runs one seeded sequence of paced and unpaced books and batches (some with a fleet turn),
 * settlements (some above the booking), cancellations, cooldowns, changes of terms and window,
 * and time moving on by steps short and long, on `reference` and `store` alike; each step's
 * answers must be equal.
 */
async function compare(
  reference: SharedBudgetStore,
  store: SharedBudgetStore,
  entryIds: readonly string[],
) {
  const random = numbers(17);
  const pick = <TValue>(values: readonly TValue[]): TValue =>
    values[Math.floor(random() * values.length)]!;
  const whole = (below: number) => Math.floor(random() * below);
  const terms = new Map<string, SharedEntryTerms>(
    entryIds.map((entryId) => [entryId, { entryId, limits: LIMITS[0]! }]),
  );
  const pairs: Pair[] = [];
  let waits = 0;
  let sinces: number[] = [];
  let now = T0;
  let windowMs: number = WINDOWS[0];
  const seat = (): SeatTokens => ({ inputTokens: whole(1_200), outputTokens: whole(800) });
  for (let step = 0; step < STEPS; step++) {
    const what = `step ${step}`;
    now += pick([0, 0, 1, 250.5, 1_000, 3_000, 9_999, 45_000]);
    const entryId = pick(entryIds);
    const choice = random();
    if (choice < 0.1) {
      terms.set(entryId, { entryId, limits: pick(LIMITS), ...withPacing(pick(PACINGS)) });
    } else if (choice < 0.12) {
      windowMs = pick(WINDOWS);
    } else if (choice < 0.45) {
      const demand = { ...terms.get(entryId)!, ...seat() };
      const [expected, actual] = await Promise.all([
        reference.book(demand, now, windowMs),
        store.book(demand, now, windowMs),
      ]);
      expect("booked" in actual ? "booked" : actual, what).toEqual(
        "booked" in expected ? "booked" : expected,
      );
      if ("booked" in expected && "booked" in actual) pairs.push([expected.booked, actual.booked]);
      else waits += 1;
    } else if (choice < 0.65) {
      const seats = Array.from({ length: 1 + whole(5) }, seat);
      // Most batches take their place in the fleet's line, often again with a since asked
      // before (the claimant asking again): claims made, held, renewed, lapsed, taken, cleared.
      const since =
        sinces.length > 0 && random() < 0.5 ? pick(sinces) : now - pick([0, 10, 500, 5_000]);
      sinces = [...sinces.slice(-3), since];
      const turn = random() < 0.8 ? { since, holdMs: pick([1_000, 5_000, 30_000]) } : undefined;
      const [expected, actual] = await Promise.all([
        reference.bookInOrder(terms.get(entryId)!, seats, now, windowMs, turn),
        store.bookInOrder(terms.get(entryId)!, seats, now, windowMs, turn),
      ]);
      expect({ booked: actual.booked.length, waitMs: actual.waitMs }, what).toEqual({
        booked: expected.booked.length,
        waitMs: expected.waitMs,
      });
      for (const [index, booking] of expected.booked.entries())
        pairs.push([booking, actual.booked[index]!]);
      if (expected.waitMs > 0) waits += 1;
    } else if (choice < 0.85 && pairs.length > 0) {
      // Recent bookings mostly: those are still in the window, and their pace still current.
      const [expected, actual] = pick(pairs.slice(-8));
      const [input, output] = [whole(1_500), whole(1_000)];
      await Promise.all([
        reference.settle(expected, input, output),
        store.settle(actual, input, output),
      ]);
    } else if (choice < 0.95 && pairs.length > 0) {
      const [expected, actual] = pick(pairs.slice(-8));
      await Promise.all([reference.cancel(expected), store.cancel(actual)]);
    } else {
      const until = now + pick([500, 2_000.5, 20_000]);
      await Promise.all([reference.coolDown(entryId, until), store.coolDown(entryId, until)]);
    }
  }
  return { booked: pairs.length, waits };
}

function withPacing(pacing: PacingTerms | undefined): { pacing?: PacingTerms } {
  return pacing === undefined ? {} : { pacing };
}

describeOnOneDatabase("PostgresBudgetStore against the in-memory reference store", (database) => {
  it("answers every book and batch as the in-memory store does, wait for wait, through settlements, cancellations, cooldowns, fleet turns, paces made anew and windows changed", async () => {
    const prefix = `reference-${Math.random().toString(36).slice(2)}`;
    const { booked, waits } = await compare(
      new InMemorySharedBudgetStore(),
      new PostgresBudgetStore(database().db),
      [`${prefix}-a`, `${prefix}-b`],
    );
    // The sequence both books and refuses often: the waits compared are many.
    expect({ booked: booked > 50, waits: waits > 50 }).toEqual({ booked: true, waits: true });
  }, 120_000);
});
