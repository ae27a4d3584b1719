import { T0, bookNow, demandOf, expectWait, type SharedBudgetStoreCase } from "./case-support.js";

/** Settlement and cancellation: what a booking holds after the call, and what it frees. */
export const bookingLifecycleCases: readonly SharedBudgetStoreCase[] = [
  {
    name: "settle replaces the token amounts and frees room at once; the request stays booked",
    async run(store) {
      const limits = { requestsPerMinute: 2, tokensPerMinute: 1_000 };
      const booking = await bookNow(
        store,
        demandOf("settled", limits, 200, 800),
        T0,
        "1,000 tokens",
      );
      await store.settle(booking, 150, 50);
      await bookNow(
        store,
        demandOf("settled", limits, 0, 800),
        T0 + 1_000,
        "800 tokens into the 800 settlement freed",
      );
      await expectWait(
        store,
        demandOf("settled", limits),
        T0 + 2_000,
        58_000,
        "a third request: the settled one still counts",
      );
    },
  },
  {
    name: "settle books each side against its own limit",
    async run(store) {
      const limits = { inputTokensPerMinute: 1_000, outputTokensPerMinute: 1_000 };
      const booking = await bookNow(
        store,
        demandOf("sides", limits, 500, 1_000),
        T0,
        "500 in, 1,000 out",
      );
      await store.settle(booking, 900, 100);
      await bookNow(
        store,
        demandOf("sides", limits, 100, 900),
        T0 + 1_000,
        "100 in, 900 out: both limits exactly",
      );
      await expectWait(
        store,
        demandOf("sides", limits, 1, 0),
        T0 + 1_000,
        59_000,
        "one input token more",
      );
      await expectWait(
        store,
        demandOf("sides", limits, 0, 1),
        T0 + 1_000,
        59_000,
        "one output token more",
      );
    },
  },
  {
    name: "settle above the booked amount counts the real use",
    async run(store) {
      const limits = { tokensPerMinute: 1_000 };
      const booking = await bookNow(store, demandOf("overrun", limits, 100, 100), T0, "200 tokens");
      await store.settle(booking, 500, 400);
      await expectWait(
        store,
        demandOf("overrun", limits, 200),
        T0 + 1_000,
        59_000,
        "200 tokens after a 900-token settlement",
      );
      await bookNow(
        store,
        demandOf("overrun", limits, 100),
        T0 + 1_000,
        "100 tokens: the limit exactly",
      );
    },
  },
  {
    name: "cancel frees the request and the tokens at once",
    async run(store) {
      const limits = { requestsPerMinute: 1, tokensPerMinute: 1_000 };
      const booking = await bookNow(
        store,
        demandOf("cancelled", limits, 500, 500),
        T0,
        "the whole budget",
      );
      await store.cancel(booking);
      await bookNow(
        store,
        demandOf("cancelled", limits, 500, 500),
        T0,
        "the whole budget again, at the same instant",
      );
    },
  },
  {
    name: "cancel is idempotent: a second cancel frees nothing more",
    async run(store) {
      const demand = demandOf("twice", { requestsPerMinute: 2 });
      const first = await bookNow(store, demand, T0, "the first request");
      await bookNow(store, demand, T0, "the second request");
      await store.cancel(first);
      await store.cancel(first);
      await bookNow(store, demand, T0 + 1_000, "a request into the room the cancel freed");
      await expectWait(
        store,
        demand,
        T0 + 1_000,
        59_000,
        "one more: the second cancel freed nothing",
      );
    },
  },
  {
    name: "settling a cancelled booking leaves it cancelled",
    async run(store) {
      const limits = { tokensPerMinute: 1_000 };
      const booking = await bookNow(
        store,
        demandOf("gone", limits, 500, 500),
        T0,
        "the whole budget",
      );
      await store.cancel(booking);
      await store.settle(booking, 400, 400);
      await bookNow(
        store,
        demandOf("gone", limits, 1_000),
        T0 + 1_000,
        "the whole budget: the settlement revived nothing",
      );
    },
  },
  {
    name: "settling or cancelling a booking that aged out of the window is harmless",
    async run(store) {
      const limits = { tokensPerMinute: 1_000 };
      const old = await bookNow(store, demandOf("aged", limits, 600), T0, "600 tokens");
      await bookNow(
        store,
        demandOf("aged", limits, 1_000),
        T0 + 60_000,
        "the whole budget once the first has left",
      );
      await store.settle(old, 900, 0);
      await store.cancel(old);
      await expectWait(
        store,
        demandOf("aged", limits, 1),
        T0 + 60_000,
        60_000,
        "one token more: only the new booking counts",
      );
    },
  },
];
