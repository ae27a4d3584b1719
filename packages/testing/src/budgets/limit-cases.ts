import {
  T0,
  WINDOW_MS,
  assertBooked,
  assertWait,
  demandOf,
  entryUnder,
  type SharedBudgetStoreCase,
} from "./case-support.js";

/**
 * The input or the output tokens-per-minute limit: it counts its own side only, so the other
 * side may be as large as it likes.
 */
function oneSideLimitCase(side: "input" | "output"): SharedBudgetStoreCase {
  const other = side === "input" ? "output" : "input";
  // [input, output] for `own` tokens on this side and `others` on the other.
  const tokens = (own: number, others: number): [number, number] =>
    side === "input" ? [own, others] : [others, own];
  return {
    name: `refuses past the ${side}-tokens-per-minute limit, counting ${side} only`,
    async run(store) {
      const limit = entryUnder(store, `${side[0]}tpm`, { [`${side}TokensPerMinute`]: 1_000 });
      await limit.book(T0, `900 ${side} tokens with a large ${other}`, ...tokens(900, 50_000));
      await limit.waits(T0 + 1_000, 59_000, `200 ${side} tokens more`, ...tokens(200, 0));
      await limit.book(T0 + 1_000, `100 ${side} tokens: the limit exactly`, ...tokens(100, 50_000));
    },
  };
}

/** Each declared limit holds exactly its amount per window; the wait is exact. */
export const limitCases: readonly SharedBudgetStoreCase[] = [
  {
    name: "books a demand that fits within every declared limit",
    async run(store) {
      const fitsAll = entryUnder(store, "fits-all", {
        requestsPerMinute: 10,
        tokensPerMinute: 10_000,
        inputTokensPerMinute: 8_000,
        outputTokensPerMinute: 4_000,
      });
      await fitsAll.book(T0, "the first demand", 1_000, 2_000);
      await fitsAll.book(T0 + 1, "a demand that fills the input limit exactly", 7_000, 0);
    },
  },
  {
    name: "refuses past the requests-per-minute limit, answering when the oldest booking leaves the window",
    async run(store) {
      const rpm = entryUnder(store, "rpm", { requestsPerMinute: 2 });
      await rpm.book(T0, "the first request");
      await rpm.book(T0 + 10_000, "the second request");
      await rpm.waits(T0 + 20_000, 40_000, "a third request in the same window");
      await rpm.book(T0 + 60_000, "a request once the first has left");
    },
  },
  {
    name: "refuses past the tokens-per-minute limit, counting input plus output",
    async run(store) {
      const tpm = entryUnder(store, "tpm", { tokensPerMinute: 1_000 });
      await tpm.book(T0, "700 tokens", 300, 400);
      await tpm.book(T0 + 5_000, "200 more", 100, 100);
      await tpm.book(T0 + 6_000, "100 more: the limit exactly", 0, 100);
      await tpm.waits(T0 + 10_000, 50_000, "one token past the limit", 1, 0);
    },
  },
  oneSideLimitCase("input"),
  oneSideLimitCase("output"),
  {
    name: "the wait ends when enough of the oldest bookings have left to make room",
    async run(store) {
      const oldest = entryUnder(store, "oldest", { tokensPerMinute: 1_000 });
      await oldest.book(T0, "400 at 0 s", 400);
      await oldest.book(T0 + 10_000, "400 at 10 s", 400);
      await oldest.book(T0 + 20_000, "200 at 20 s", 200);
      // 500 needs the 400s of 0 s and 10 s both gone: the second leaves at 70 s.
      await oldest.waits(T0 + 30_000, 40_000, "500 at 30 s", 500);
    },
  },
  {
    name: "the wait is the longest over the limits that lack room",
    async run(store) {
      const longest = entryUnder(store, "longest", {
        requestsPerMinute: 2,
        tokensPerMinute: 1_000,
      });
      await longest.book(T0, "100 tokens at 0 s", 100);
      await longest.book(T0 + 10_000, "800 tokens at 10 s", 800);
      // Requests free at 60 s; 500 tokens need both bookings gone, at 70 s.
      await longest.waits(T0 + 20_000, 50_000, "500 tokens at 20 s", 500);
    },
  },
  {
    name: "a refusal books nothing",
    async run(store) {
      const refused = entryUnder(store, "refused", { tokensPerMinute: 1_000 });
      await refused.book(T0, "600 tokens", 600);
      await refused.waits(T0, WINDOW_MS, "500 tokens more", 500);
      await refused.book(T0, "400 tokens: room the refusal did not take", 400);
    },
  },
  {
    name: "limits left out are not enforced",
    async run(store) {
      await entryUnder(store, "requests-only", { requestsPerMinute: 1 }).book(
        T0,
        "any tokens under a request limit alone",
        10_000_000,
        10_000_000,
      );
      const tokensOnly = entryUnder(store, "tokens-only", { tokensPerMinute: 1_000 });
      for (let index = 0; index < 20; index++)
        await tokensOnly.book(T0, `request ${index + 1} under a token limit alone`, 25, 25);
      await entryUnder(store, "input-only", { inputTokensPerMinute: 100 }).book(
        T0,
        "any output under an input limit alone",
        100,
        10_000_000,
      );
      await entryUnder(store, "output-only", { outputTokensPerMinute: 100 }).book(
        T0,
        "any input under an output limit alone",
        10_000_000,
        100,
      );
    },
  },
  {
    name: "limits are read from each demand: a lowered limit applies at once",
    async run(store) {
      const underLimit = (requestsPerMinute: number) =>
        entryUnder(store, "reloaded", { requestsPerMinute });
      for (let index = 0; index < 5; index++) await underLimit(10).book(T0, `request ${index + 1}`);
      await underLimit(5).waits(T0, WINDOW_MS, "a request under a limit lowered to 5");
      await underLimit(6).book(T0, "a request under a limit of 6");
    },
  },
  {
    name: "a booking at t stops counting at exactly t + windowMs",
    async run(store) {
      const demand = demandOf("edge", { requestsPerMinute: 1 });
      const guarded = 61_000; // the admission's default window: a minute plus a guard band
      assertBooked(await store.book(demand, T0, guarded), "edge", "the first request");
      assertWait(
        await store.book(demand, T0 + guarded - 1, guarded),
        1,
        "a request 1 ms before the first leaves",
      );
      assertBooked(
        await store.book(demand, T0 + guarded, guarded),
        "edge",
        "a request as the first leaves",
      );
    },
  },
  {
    name: "a booking stamped later than now (a clock a little ahead) still counts",
    async run(store) {
      const skewed = entryUnder(store, "skewed", { requestsPerMinute: 1 });
      await skewed.book(T0 + 5_000, "a request from a clock 4 s ahead");
      // Both in one window would exceed the limit; the later booking leaves at 65 s.
      await skewed.waits(T0 + 1_000, 64_000, "a request from a clock behind");
    },
  },
];
