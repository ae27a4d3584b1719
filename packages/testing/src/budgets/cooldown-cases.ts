import { T0, entryUnder, type SharedBudgetStoreCase } from "./case-support.js";

/** Cooldowns after a provider's throttle: shared, per entry, never shortened. */
export const cooldownCases: readonly SharedBudgetStoreCase[] = [
  {
    name: "coolDown makes book answer a wait until `until`, for that entry only",
    async run(store) {
      const limits = { requestsPerMinute: 10 };
      const cooling = entryUnder(store, "cooling", limits);
      await store.coolDown("cooling", T0 + 30_000);
      await cooling.waits(T0, 30_000, "a request on the cooling entry");
      await cooling.waits(T0 + 29_999, 1, "a request 1 ms before the cooldown ends");
      await entryUnder(store, "sibling", limits).book(T0, "a request on another entry");
      await cooling.book(T0 + 30_000, "a request as the cooldown ends");
    },
  },
  {
    name: "a cooldown is never shortened by an earlier until, and a later one lengthens it",
    async run(store) {
      const lengthened = entryUnder(store, "lengthened", { requestsPerMinute: 10 });
      await store.coolDown("lengthened", T0 + 30_000);
      await store.coolDown("lengthened", T0 + 10_000);
      await lengthened.waits(T0, 30_000, "after an earlier until");
      await store.coolDown("lengthened", T0 + 45_000);
      await lengthened.waits(T0, 45_000, "after a later until");
    },
  },
  {
    name: "a wait covers both a cooldown and a full limit, whichever ends later",
    async run(store) {
      const both = entryUnder(store, "both", { requestsPerMinute: 1 });
      await both.book(T0, "the only request of the minute");
      await store.coolDown("both", T0 + 20_000);
      await both.waits(T0 + 10_000, 50_000, "the limit frees after the cooldown ends");
      await store.coolDown("both", T0 + 90_000);
      await both.waits(T0 + 10_000, 80_000, "the cooldown ends after the limit frees");
    },
  },
];
