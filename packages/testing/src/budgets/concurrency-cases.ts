import assert from "node:assert/strict";
import type { SharedBookingAnswer, SharedBudgetStore, SharedDemand } from "@nucleo/catalog";
import { T0, WINDOW_MS, bookNow, demandOf, type SharedBudgetStoreCase } from "./case-support.js";

/** Books `demand` `count` times at once, as many processes would. */
function bookAtOnce(
  store: SharedBudgetStore,
  demand: SharedDemand,
  count: number,
): Promise<SharedBookingAnswer[]> {
  return Promise.all(Array.from({ length: count }, () => store.book(demand, T0, WINDOW_MS)));
}

function grantedOf(answers: readonly SharedBookingAnswer[]): number {
  return answers.filter((answer) => "booked" in answer).length;
}

/** Atomicity: books racing each other never share room, and ids never repeat. */
export const concurrencyCases: readonly SharedBudgetStoreCase[] = [
  {
    name: "concurrent books grant exactly the request limit (atomicity)",
    async run(store) {
      const answers = await bookAtOnce(
        store,
        demandOf("racing-requests", { requestsPerMinute: 10 }),
        50,
      );
      assert.equal(grantedOf(answers), 10, "bookings granted out of 50 racing for 10 requests");
      for (const answer of answers)
        if ("waitMs" in answer)
          assert.equal(
            answer.waitMs,
            WINDOW_MS,
            "every refusal waits for the first bookings to leave",
          );
    },
  },
  {
    name: "concurrent books grant exactly what a token limit holds (atomicity)",
    async run(store) {
      const answers = await bookAtOnce(
        store,
        demandOf("racing-tokens", { tokensPerMinute: 1_000 }, 60, 40),
        50,
      );
      assert.equal(
        grantedOf(answers),
        10,
        "100-token bookings granted out of 50 racing for 1,000 tokens",
      );
    },
  },
  {
    name: "a cancel racing many books frees exactly one seat (atomicity)",
    async run(store) {
      const demand = demandOf("racing-cancel", { requestsPerMinute: 10 });
      const first = await bookNow(store, demand, T0, "the first request");
      for (let index = 1; index < 10; index++)
        await bookNow(store, demand, T0, `request ${index + 1}`);
      const [, ...answers] = await Promise.all([
        store.cancel(first),
        ...Array.from({ length: 20 }, () => store.book(demand, T0, WINDOW_MS)),
      ]);
      const granted = grantedOf(answers);
      assert.ok(granted <= 1, `at most the cancelled seat is granted (granted ${granted})`);
      // Books that ran before the cancel found no room; the freed seat is still there for one.
      const after = await Promise.all(
        Array.from({ length: 5 }, () => store.book(demand, T0, WINDOW_MS)),
      );
      assert.equal(granted + grantedOf(after), 1, "the cancel freed exactly one seat");
    },
  },
  {
    name: "booking ids are unique across the store, and each names its entry",
    async run(store) {
      const limits = { requestsPerMinute: 100 };
      const answers = [
        ...(await bookAtOnce(store, demandOf("ids-a", limits), 20)),
        ...(await bookAtOnce(store, demandOf("ids-b", limits), 20)),
      ];
      const bookings = answers.map((answer, index) => {
        assert.ok("booked" in answer, `booking ${index + 1} was granted`);
        assert.equal(
          answer.booked.entryId,
          index < 20 ? "ids-a" : "ids-b",
          `booking ${index + 1} names its entry`,
        );
        return answer.booked;
      });
      assert.equal(
        new Set(bookings.map((booking) => booking.id)).size,
        40,
        "distinct ids among 40 bookings",
      );
    },
  },
];
