import type { RateLimits, SharedBudgetStore, SharedDemand } from "@nucleo/catalog";
import {
  T0,
  WINDOW_MS,
  assertBooked,
  assertWait,
  expectRefusal,
  type SharedBudgetStoreCase,
} from "./case-support.js";

/** One paced entry, booked one seat at a time at explicit times. */
function pacedEntry(
  store: SharedBudgetStore,
  entryId: string,
  limits: RateLimits,
  burstMs: number,
) {
  const demand = (inputTokens = 0, outputTokens = 0): SharedDemand => ({
    entryId,
    limits,
    pacing: { burstMs },
    inputTokens,
    outputTokens,
  });
  return {
    book: async (now: number, what: string, inputTokens?: number, outputTokens?: number) =>
      assertBooked(
        await store.book(demand(inputTokens, outputTokens), now, WINDOW_MS),
        entryId,
        what,
      ),
    waits: async (
      now: number,
      waitMs: number,
      what: string,
      inputTokens?: number,
      outputTokens?: number,
    ) =>
      assertWait(await store.book(demand(inputTokens, outputTokens), now, WINDOW_MS), waitMs, what),
  };
}

/**
 * Pacing (`terms.pacing.burstMs`): each limit is spent at `max / windowMs`; a seat goes while
 * the pace runs at most `burstMs` ahead of the clock. A 60-per-minute request limit costs
 * 1,000 ms of pace per request.
 */
export const pacingCases: readonly SharedBudgetStoreCase[] = [
  {
    name: "a paced entry takes its burst at once, then one seat per pace interval",
    async run(store) {
      const paced = pacedEntry(store, "paced", { requestsPerMinute: 60 }, 2_000);
      await paced.book(T0, "the first seat: the pace 1,000 ms ahead");
      await paced.book(T0, "the second: the pace 2,000 ms ahead");
      await paced.book(T0, "the third: the pace was no more than the burst ahead");
      await paced.waits(T0, 1_000, "the fourth waits one interval");
      await paced.book(T0 + 1_000, "the fourth, one interval later");
      await paced.waits(T0 + 1_000, 1_000, "the fifth waits another");
    },
  },
  {
    name: "a seat costlier than the burst goes once the pace is within the burst",
    async run(store) {
      // 6,000 tokens a minute: 10 ms of pace per token; 500 tokens cost 5,000 ms.
      const paced = pacedEntry(store, "paced-large", { tokensPerMinute: 6_000 }, 1_000);
      await paced.book(T0, "500 tokens on a fresh pace", 500);
      await paced.waits(T0 + 1_000, 3_000, "500 more: until the pace is 1,000 ms ahead", 500);
      await paced.book(T0 + 4_000, "500 more once it is", 500);
    },
  },
  {
    name: "settling gives back the pace time of what the call did not use",
    async run(store) {
      const paced = pacedEntry(store, "paced-settle", { tokensPerMinute: 6_000 }, 0);
      const booking = await paced.book(T0, "100 tokens: 1,000 ms of pace", 100);
      await store.settle(booking, 20, 0);
      await paced.waits(T0, 200, "the 20 used still cost 200 ms", 1);
      await paced.book(T0 + 200, "one token once they have passed", 1);
    },
  },
  {
    name: "cancelling gives back a booking's whole pace time",
    async run(store) {
      const paced = pacedEntry(store, "paced-cancel", { requestsPerMinute: 60 }, 0);
      const booking = await paced.book(T0, "one request: 1,000 ms of pace");
      await paced.waits(T0, 1_000, "a second at once");
      await store.cancel(booking);
      await paced.book(T0, "a second at once, after the cancel");
    },
  },
  {
    name: "pacing never lifts a limit: the rolling window still binds",
    async run(store) {
      const paced = pacedEntry(store, "paced-window", { requestsPerMinute: 2 }, WINDOW_MS);
      await paced.book(T0, "the first of two");
      await paced.book(T0, "the second of two, inside the burst");
      await paced.waits(T0, WINDOW_MS, "a third waits for the window, not the pace");
    },
  },
  {
    name: "a pace wait is whole milliseconds, rounded up",
    async run(store) {
      // 7 requests a minute: 8,571.43 ms of pace per request.
      const paced = pacedEntry(store, "paced-fraction", { requestsPerMinute: 7 }, 0);
      await paced.book(T0, "the first request");
      await paced.waits(T0, 8_572, "the second: 8,571.43 ms, rounded up");
      await paced.waits(T0 + 8_571, 1, "a millisecond before the pace catches up");
      await paced.book(T0 + 8_572, "the second once it has");
    },
  },
  {
    name: "bookInOrder paces each seat with the seats before it booked",
    async run(store) {
      const terms = {
        entryId: "paced-batch",
        limits: { requestsPerMinute: 60 },
        pacing: { burstMs: 2_000 },
      };
      const seats = Array.from({ length: 5 }, () => ({ inputTokens: 0, outputTokens: 0 }));
      const answer = await store.bookInOrder(terms, seats, T0, WINDOW_MS);
      if (answer.booked.length !== 3 || answer.waitMs !== 1_000)
        throw new Error(
          `expected 3 seats booked and a 1,000 ms wait, got ${JSON.stringify(answer)}`,
        );
    },
  },
  {
    name: "pacing with a negative burst is refused, naming it",
    async run(store) {
      const demand = {
        entryId: "paced-bad",
        limits: { requestsPerMinute: 1 },
        pacing: { burstMs: -1 },
        inputTokens: 0,
        outputTokens: 0,
      };
      await expectRefusal(() => store.book(demand, T0, WINDOW_MS), "demand.pacing.burstMs", "book");
      await expectRefusal(
        () => store.bookInOrder(demand, [demand], T0, WINDOW_MS),
        "terms.pacing.burstMs",
        "bookInOrder",
      );
    },
  },
];
