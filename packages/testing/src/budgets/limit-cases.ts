import {
  T0,
  WINDOW_MS,
  assertBooked,
  assertWait,
  bookNow,
  demandOf,
  expectWait,
  type SharedBudgetStoreCase,
} from "./case-support.js";

/** Each declared limit holds exactly its amount per window; the wait is exact. */
export const limitCases: readonly SharedBudgetStoreCase[] = [
  {
    name: "books a demand that fits within every declared limit",
    async run(store) {
      const limits = {
        requestsPerMinute: 10,
        tokensPerMinute: 10_000,
        inputTokensPerMinute: 8_000,
        outputTokensPerMinute: 4_000,
      };
      await bookNow(store, demandOf("fits-all", limits, 1_000, 2_000), T0, "the first demand");
      await bookNow(
        store,
        demandOf("fits-all", limits, 7_000, 0),
        T0 + 1,
        "a demand that fills the input limit exactly",
      );
    },
  },
  {
    name: "refuses past the requests-per-minute limit, answering when the oldest booking leaves the window",
    async run(store) {
      const demand = demandOf("rpm", { requestsPerMinute: 2 });
      await bookNow(store, demand, T0, "the first request");
      await bookNow(store, demand, T0 + 10_000, "the second request");
      await expectWait(store, demand, T0 + 20_000, 40_000, "a third request in the same window");
      await bookNow(store, demand, T0 + 60_000, "a request once the first has left");
    },
  },
  {
    name: "refuses past the tokens-per-minute limit, counting input plus output",
    async run(store) {
      const limits = { tokensPerMinute: 1_000 };
      await bookNow(store, demandOf("tpm", limits, 300, 400), T0, "700 tokens");
      await bookNow(store, demandOf("tpm", limits, 100, 100), T0 + 5_000, "200 more");
      await bookNow(
        store,
        demandOf("tpm", limits, 0, 100),
        T0 + 6_000,
        "100 more: the limit exactly",
      );
      await expectWait(
        store,
        demandOf("tpm", limits, 1, 0),
        T0 + 10_000,
        50_000,
        "one token past the limit",
      );
    },
  },
  {
    name: "refuses past the input-tokens-per-minute limit, counting input only",
    async run(store) {
      const limits = { inputTokensPerMinute: 1_000 };
      await bookNow(
        store,
        demandOf("itpm", limits, 900, 50_000),
        T0,
        "900 input tokens with a large output",
      );
      await expectWait(
        store,
        demandOf("itpm", limits, 200, 0),
        T0 + 1_000,
        59_000,
        "200 input tokens more",
      );
      await bookNow(
        store,
        demandOf("itpm", limits, 100, 50_000),
        T0 + 1_000,
        "100 input tokens: the limit exactly",
      );
    },
  },
  {
    name: "refuses past the output-tokens-per-minute limit, counting output only",
    async run(store) {
      const limits = { outputTokensPerMinute: 1_000 };
      await bookNow(
        store,
        demandOf("otpm", limits, 50_000, 900),
        T0,
        "900 output tokens with a large input",
      );
      await expectWait(
        store,
        demandOf("otpm", limits, 0, 200),
        T0 + 1_000,
        59_000,
        "200 output tokens more",
      );
      await bookNow(
        store,
        demandOf("otpm", limits, 50_000, 100),
        T0 + 1_000,
        "100 output tokens: the limit exactly",
      );
    },
  },
  {
    name: "the wait ends when enough of the oldest bookings have left to make room",
    async run(store) {
      const limits = { tokensPerMinute: 1_000 };
      await bookNow(store, demandOf("oldest", limits, 400), T0, "400 at 0 s");
      await bookNow(store, demandOf("oldest", limits, 400), T0 + 10_000, "400 at 10 s");
      await bookNow(store, demandOf("oldest", limits, 200), T0 + 20_000, "200 at 20 s");
      // 500 needs the 400s of 0 s and 10 s both gone: the second leaves at 70 s.
      await expectWait(store, demandOf("oldest", limits, 500), T0 + 30_000, 40_000, "500 at 30 s");
    },
  },
  {
    name: "the wait is the longest over the limits that lack room",
    async run(store) {
      const limits = { requestsPerMinute: 2, tokensPerMinute: 1_000 };
      await bookNow(store, demandOf("longest", limits, 100), T0, "100 tokens at 0 s");
      await bookNow(store, demandOf("longest", limits, 800), T0 + 10_000, "800 tokens at 10 s");
      // Requests free at 60 s; 500 tokens need both bookings gone, at 70 s.
      await expectWait(
        store,
        demandOf("longest", limits, 500),
        T0 + 20_000,
        50_000,
        "500 tokens at 20 s",
      );
    },
  },
  {
    name: "a refusal books nothing",
    async run(store) {
      const limits = { tokensPerMinute: 1_000 };
      await bookNow(store, demandOf("refused", limits, 600), T0, "600 tokens");
      await expectWait(store, demandOf("refused", limits, 500), T0, WINDOW_MS, "500 tokens more");
      await bookNow(
        store,
        demandOf("refused", limits, 400),
        T0,
        "400 tokens: room the refusal did not take",
      );
    },
  },
  {
    name: "limits left out are not enforced",
    async run(store) {
      await bookNow(
        store,
        demandOf("requests-only", { requestsPerMinute: 1 }, 10_000_000, 10_000_000),
        T0,
        "any tokens under a request limit alone",
      );
      for (let index = 0; index < 20; index++)
        await bookNow(
          store,
          demandOf("tokens-only", { tokensPerMinute: 1_000 }, 25, 25),
          T0,
          `request ${index + 1} under a token limit alone`,
        );
      await bookNow(
        store,
        demandOf("input-only", { inputTokensPerMinute: 100 }, 100, 10_000_000),
        T0,
        "any output under an input limit alone",
      );
      await bookNow(
        store,
        demandOf("output-only", { outputTokensPerMinute: 100 }, 10_000_000, 100),
        T0,
        "any input under an output limit alone",
      );
    },
  },
  {
    name: "limits are read from each demand: a lowered limit applies at once",
    async run(store) {
      for (let index = 0; index < 5; index++)
        await bookNow(
          store,
          demandOf("reloaded", { requestsPerMinute: 10 }),
          T0,
          `request ${index + 1}`,
        );
      await expectWait(
        store,
        demandOf("reloaded", { requestsPerMinute: 5 }),
        T0,
        WINDOW_MS,
        "a request under a limit lowered to 5",
      );
      await bookNow(
        store,
        demandOf("reloaded", { requestsPerMinute: 6 }),
        T0,
        "a request under a limit of 6",
      );
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
      const demand = demandOf("skewed", { requestsPerMinute: 1 });
      await bookNow(store, demand, T0 + 5_000, "a request from a clock 4 s ahead");
      // Both in one window would exceed the limit; the later booking leaves at 65 s.
      await expectWait(store, demand, T0 + 1_000, 64_000, "a request from a clock behind");
    },
  },
];
