import { T0, entryUnder, type SharedBudgetStoreCase } from "./case-support.js";

/** Settlement and cancellation: what a booking holds after the call, and what it frees. */
export const bookingLifecycleCases: readonly SharedBudgetStoreCase[] = [
  {
    name: "settle replaces the token amounts and frees room at once; the request stays booked",
    async run(store) {
      const settled = entryUnder(store, "settled", {
        requestsPerMinute: 2,
        tokensPerMinute: 1_000,
      });
      const booking = await settled.book(T0, "1,000 tokens", 200, 800);
      await store.settle(booking, 150, 50);
      await settled.book(T0 + 1_000, "800 tokens into the 800 settlement freed", 0, 800);
      await settled.waits(T0 + 2_000, 58_000, "a third request: the settled one still counts");
    },
  },
  {
    name: "settle books each side against its own limit",
    async run(store) {
      const sides = entryUnder(store, "sides", {
        inputTokensPerMinute: 1_000,
        outputTokensPerMinute: 1_000,
      });
      const booking = await sides.book(T0, "500 in, 1,000 out", 500, 1_000);
      await store.settle(booking, 900, 100);
      await sides.book(T0 + 1_000, "100 in, 900 out: both limits exactly", 100, 900);
      await sides.waits(T0 + 1_000, 59_000, "one input token more", 1, 0);
      await sides.waits(T0 + 1_000, 59_000, "one output token more", 0, 1);
    },
  },
  {
    name: "settle above the booked amount counts the real use",
    async run(store) {
      const overrun = entryUnder(store, "overrun", { tokensPerMinute: 1_000 });
      const booking = await overrun.book(T0, "200 tokens", 100, 100);
      await store.settle(booking, 500, 400);
      await overrun.waits(T0 + 1_000, 59_000, "200 tokens after a 900-token settlement", 200);
      await overrun.book(T0 + 1_000, "100 tokens: the limit exactly", 100);
    },
  },
  {
    name: "cancel frees the request and the tokens at once",
    async run(store) {
      const cancelled = entryUnder(store, "cancelled", {
        requestsPerMinute: 1,
        tokensPerMinute: 1_000,
      });
      const booking = await cancelled.book(T0, "the whole budget", 500, 500);
      await store.cancel(booking);
      await cancelled.book(T0, "the whole budget again, at the same instant", 500, 500);
    },
  },
  {
    name: "cancel is idempotent: a second cancel frees nothing more",
    async run(store) {
      const twice = entryUnder(store, "twice", { requestsPerMinute: 2 });
      const first = await twice.book(T0, "the first request");
      await twice.book(T0, "the second request");
      await store.cancel(first);
      await store.cancel(first);
      await twice.book(T0 + 1_000, "a request into the room the cancel freed");
      await twice.waits(T0 + 1_000, 59_000, "one more: the second cancel freed nothing");
    },
  },
  {
    name: "settling a cancelled booking leaves it cancelled",
    async run(store) {
      const gone = entryUnder(store, "gone", { tokensPerMinute: 1_000 });
      const booking = await gone.book(T0, "the whole budget", 500, 500);
      await store.cancel(booking);
      await store.settle(booking, 400, 400);
      await gone.book(T0 + 1_000, "the whole budget: the settlement revived nothing", 1_000);
    },
  },
  {
    name: "settling or cancelling a booking that aged out of the window is harmless",
    async run(store) {
      const aged = entryUnder(store, "aged", { tokensPerMinute: 1_000 });
      const old = await aged.book(T0, "600 tokens", 600);
      await aged.book(T0 + 60_000, "the whole budget once the first has left", 1_000);
      await store.settle(old, 900, 0);
      await store.cancel(old);
      await aged.waits(T0 + 60_000, 60_000, "one token more: only the new booking counts", 1);
    },
  },
];
