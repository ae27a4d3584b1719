import assert from "node:assert/strict";
import {
  MAX_SEATS_PER_BOOKING,
  type RateLimits,
  type SeatTokens,
  type SharedBatchAnswer,
  type SharedBudgetStore,
} from "@nucleo/catalog";
import {
  T0,
  WINDOW_MS,
  entryUnder,
  expectRefusal,
  type SharedBudgetStoreCase,
} from "./case-support.js";

/** `count` seats of these tokens. */
const seats = (count: number, inputTokens = 0, outputTokens = 0): SeatTokens[] =>
  Array.from({ length: count }, () => ({ inputTokens, outputTokens }));

/** Books `list` on `entryId` under `limits` at `now` in one call. */
function bookSeats(
  store: SharedBudgetStore,
  entryId: string,
  limits: RateLimits,
  list: readonly SeatTokens[],
  now = T0,
): Promise<SharedBatchAnswer> {
  return store.bookInOrder({ entryId, limits }, list, now, WINDOW_MS);
}

/** Asserts `answer` booked `count` seats on `entryId` and answered a wait of `waitMs`. */
function assertBatch(
  answer: SharedBatchAnswer,
  entryId: string,
  count: number,
  waitMs: number,
  what: string,
): void {
  assert.equal(answer.booked.length, count, `${what}: seats booked`);
  assert.equal(answer.waitMs, waitMs, `${what}: the wait`);
  for (const booking of answer.booked)
    assert.equal(booking.entryId, entryId, `${what}: each booking names its entry`);
  const ids = new Set(answer.booked.map((booking) => booking.id));
  assert.equal(ids.size, count, `${what}: every booking has its own id`);
}

/** Several queued seats booked in one call: in order, each judged with those before it booked. */
export const batchCases: readonly SharedBudgetStoreCase[] = [
  {
    name: "bookInOrder books every seat that fits and answers no wait",
    async run(store) {
      const answer = await bookSeats(store, "batch-fits", { requestsPerMinute: 3 }, seats(2));
      assertBatch(answer, "batch-fits", 2, 0, "two seats under a limit of three");
      await entryUnder(store, "batch-fits", { requestsPerMinute: 3 }).book(T0, "the third");
    },
  },
  {
    name: "bookInOrder judges each seat with the seats before it booked",
    async run(store) {
      const limits = { requestsPerMinute: 2 };
      const answer = await bookSeats(store, "batch-sum", limits, seats(3));
      assertBatch(answer, "batch-sum", 2, WINDOW_MS, "three seats under a limit of two");
    },
  },
  {
    name: "bookInOrder stops at the first seat that does not fit, even when a later one would (FIFO)",
    async run(store) {
      const limits = { tokensPerMinute: 1_000 };
      const list = [
        { inputTokens: 600, outputTokens: 0 },
        { inputTokens: 500, outputTokens: 0 },
        { inputTokens: 100, outputTokens: 0 },
      ];
      const answer = await bookSeats(store, "batch-fifo", limits, list);
      assertBatch(answer, "batch-fifo", 1, WINDOW_MS, "600, then 500 that does not fit");
      await entryUnder(store, "batch-fifo", limits).book(T0, "the 100 had room", 100);
    },
  },
  {
    name: "bookInOrder with no seats books nothing and answers no wait",
    async run(store) {
      const answer = await bookSeats(store, "batch-none", { requestsPerMinute: 1 }, []);
      assertBatch(answer, "batch-none", 0, 0, "no seats");
      await entryUnder(store, "batch-none", { requestsPerMinute: 1 }).book(T0, "room untouched");
    },
  },
  {
    name: "seats booked together settle and cancel one by one",
    async run(store) {
      const limits = { tokensPerMinute: 1_000 };
      const answer = await bookSeats(store, "batch-each", limits, seats(2, 500));
      assertBatch(answer, "batch-each", 2, 0, "two halves");
      const entry = entryUnder(store, "batch-each", limits);
      await store.cancel(answer.booked[0]!);
      await entry.book(T0 + 1_000, "the cancelled half again", 500);
      await store.settle(answer.booked[1]!, 100, 0);
      await entry.book(T0 + 2_000, "what the settlement freed", 400);
      await entry.waits(T0 + 2_000, 58_000, "one token more: until the settled seat leaves", 1);
    },
  },
  {
    name: "bookInOrder waits out a cooldown like book",
    async run(store) {
      await store.coolDown("batch-cool", T0 + 5_000);
      const answer = await bookSeats(store, "batch-cool", { requestsPerMinute: 9 }, seats(2));
      assertBatch(answer, "batch-cool", 0, 5_000, "two seats while cooling");
    },
  },
  {
    name: "concurrent bookInOrder calls grant exactly the request limit (atomicity)",
    async run(store) {
      const limits = { requestsPerMinute: 20 };
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => bookSeats(store, "batch-race", limits, seats(5))),
      );
      const booked = answers.flatMap((answer) => answer.booked);
      assert.equal(booked.length, 20, "seats booked out of 50 racing for 20 requests");
      assert.equal(new Set(booked.map((b) => b.id)).size, 20, "ids never repeat");
      for (const answer of answers)
        if (answer.booked.length < 5) assert.equal(answer.waitMs, WINDOW_MS, "a refusal's wait");
    },
  },
  {
    name: "bookInOrder refuses bad seats by index and too many seats, booking nothing",
    async run(store) {
      const limits = { tokensPerMinute: 1_000 };
      const good = { inputTokens: 1, outputTokens: 1 };
      const bad = { inputTokens: -1, outputTokens: 1 };
      await expectRefusal(
        () => bookSeats(store, "batch-bad", limits, [good, bad]),
        "seats[1].inputTokens",
        "a negative count in the second seat",
      );
      await expectRefusal(
        () =>
          bookSeats(store, "batch-bad", limits, [good, { inputTokens: 1_001, outputTokens: 0 }]),
        "seats[1]",
        "a seat no window can hold",
      );
      await expectRefusal(
        () => bookSeats(store, "batch-bad", limits, seats(MAX_SEATS_PER_BOOKING + 1)),
        "seats",
        "one seat more than a call may carry",
      );
      await expectRefusal(
        () => store.bookInOrder({ entryId: "", limits }, [good], T0, WINDOW_MS),
        "terms.entryId",
        "an empty entry id",
      );
      await entryUnder(store, "batch-bad", limits).book(
        T0,
        "the whole limit: nothing booked",
        1_000,
      );
    },
  },
];
