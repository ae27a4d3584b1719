import type { SharedBudgetStore, SharedDemand } from "@nucleo/catalog";
import {
  T0,
  WINDOW_MS,
  bookNow,
  demandOf,
  entryUnder,
  expectRefusal,
  type SharedBudgetStoreCase,
} from "./case-support.js";

const ok = demandOf("bad", { requestsPerMinute: 1 });

/** `book` calls every store must refuse, each naming the parameter at fault. */
const badBooks: ReadonlyArray<
  readonly [what: string, parameter: string, book: (store: SharedBudgetStore) => Promise<unknown>]
> = [
  ["no demand", "demand", (store) => store.book(null as unknown as SharedDemand, T0, WINDOW_MS)],
  [
    "an empty entry id",
    "demand.entryId",
    (store) => store.book(demandOf("", { requestsPerMinute: 1 }), T0, WINDOW_MS),
  ],
  [
    "negative input tokens",
    "demand.inputTokens",
    (store) => store.book(demandOf("bad", { requestsPerMinute: 1 }, -1), T0, WINDOW_MS),
  ],
  [
    "fractional output tokens",
    "demand.outputTokens",
    (store) => store.book(demandOf("bad", { requestsPerMinute: 1 }, 0, 1.5), T0, WINDOW_MS),
  ],
  [
    "no limits",
    "demand.limits",
    (store) =>
      store.book(
        { entryId: "bad", inputTokens: 0, outputTokens: 0 } as SharedDemand,
        T0,
        WINDOW_MS,
      ),
  ],
  [
    "a zero limit",
    "demand.limits.requestsPerMinute",
    (store) => store.book(demandOf("bad", { requestsPerMinute: 0 }), T0, WINDOW_MS),
  ],
  [
    "an infinite limit",
    "demand.limits.tokensPerMinute",
    (store) =>
      store.book(demandOf("bad", { tokensPerMinute: Number.POSITIVE_INFINITY }), T0, WINDOW_MS),
  ],
  [
    "a demand larger than its limit",
    "demand",
    (store) => store.book(demandOf("bad", { tokensPerMinute: 100 }, 60, 41), T0, WINDOW_MS),
  ],
  ["a time that is not a number", "now", (store) => store.book(ok, Number.NaN, WINDOW_MS)],
  ["an empty window", "windowMs", (store) => store.book(ok, T0, 0)],
  [
    "a window given as text",
    "windowMs",
    (store) => store.book(ok, T0, "60000" as unknown as number),
  ],
];

/** What every store refuses, and how: the same input, the same error, before any state changes. */
export const inputCases: readonly SharedBudgetStoreCase[] = [
  {
    name: "an unknown limit name is refused with an error naming it, and books nothing",
    async run(store) {
      // Unenforced, `requestPerMinute` would let every request through: refusing is the safe side.
      const misspelt = demandOf("unknown-limit", { requestPerMinute: 1 } as SharedDemand["limits"]);
      await expectRefusal(
        () => store.book(misspelt, T0, WINDOW_MS),
        "demand.limits.requestPerMinute",
        "a misspelt limit",
      );
      const mixed = demandOf("unknown-limit", {
        requestsPerMinute: 1,
        requestsPerHour: 10,
      } as SharedDemand["limits"]);
      await expectRefusal(
        () => store.book(mixed, T0, WINDOW_MS),
        "demand.limits.requestsPerHour",
        "an unknown limit beside a known one",
      );
      await entryUnder(store, "unknown-limit", { requestsPerMinute: 1 }).book(
        T0,
        "the only request of the minute: the refusals booked nothing",
      );
    },
  },
  {
    name: "book refuses malformed demands, times and windows, naming the parameter",
    async run(store) {
      for (const [what, parameter, book] of badBooks)
        await expectRefusal(() => book(store), parameter, what);
      await bookNow(
        store,
        ok,
        T0,
        "a request on the entry every refusal named: none of them booked",
      );
    },
  },
  {
    name: "settle, cancel and coolDown refuse bad input, naming the parameter",
    async run(store) {
      const booking = { id: "1", entryId: "bad" };
      await expectRefusal(() => store.settle(null as never, 0, 0), "booking", "no booking");
      await expectRefusal(
        () => store.cancel({ id: 7 as never, entryId: "bad" }),
        "booking.id",
        "a numeric id",
      );
      await expectRefusal(
        () => store.settle({ id: "1", entryId: "" }, 0, 0),
        "booking.entryId",
        "an empty entry id",
      );
      await expectRefusal(
        () => store.settle(booking, -1, 0),
        "inputTokens",
        "negative input tokens",
      );
      await expectRefusal(
        () => store.settle(booking, 0, Number.NaN),
        "outputTokens",
        "output tokens that are not a number",
      );
      await expectRefusal(() => store.coolDown("", T0), "entryId", "an empty entry id");
      await expectRefusal(
        () => store.coolDown("bad", Number.POSITIVE_INFINITY),
        "until",
        "an endless cooldown",
      );
    },
  },
  {
    name: "a booking named with another entry is not that booking: settle and cancel leave it alone",
    async run(store) {
      const owner = entryUnder(store, "owner", { tokensPerMinute: 1_000 });
      const booking = await owner.book(T0, "500 tokens", 500);
      await store.settle({ id: booking.id, entryId: "not-owner" }, 0, 0);
      await store.cancel({ id: booking.id, entryId: "not-owner" });
      await owner.waits(T0, WINDOW_MS, "501 tokens more: the 500 still count", 501);
    },
  },
];
