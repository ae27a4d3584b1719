import type { SharedBooking, SharedEntryTerms } from "@nucleo/catalog";
import { type Kysely, sql } from "kysely";
import { expect, it } from "vitest";
import { sqlStateOf } from "../db/classify-database-failure.js";
import { BOOKINGS_WRITTEN_ASIDE } from "../migrations/0004-booking-functions.js";
import type { RecorderDatabase } from "../schema/database.js";
import { PostgresBudgetStore } from "./postgres-budget-store.js";
import { describeOnOneDatabase } from "./test-support/describe-on-one-database.js";

const T0 = 1_700_000_000_000;
const MINUTE = 60_000;

/** The entry's totals as its row keeps them, and as its booking rows sum up. */
async function totalsOf(db: Kysely<RecorderDatabase>, entryId: string) {
  const kept = await db
    .selectFrom("nucleo_entry_budgets")
    .select(["booked_requests", "booked_input_tokens", "booked_output_tokens", "booked_tokens"])
    .where("entry_id", "=", entryId)
    .executeTakeFirstOrThrow();
  const { rows } = await sql<{ requests: string; input: string; output: string }>`
    select count(*) as requests, coalesce(sum(input_tokens), 0) as input, coalesce(sum(output_tokens), 0) as output
      from nucleo_seat_bookings where entry_id = ${entryId}`.execute(db);
  const summed = rows[0]!;
  return {
    kept: {
      requests: Number(kept.booked_requests),
      input: Number(kept.booked_input_tokens),
      output: Number(kept.booked_output_tokens),
      tokens: Number(kept.booked_tokens),
    },
    summed: {
      requests: Number(summed.requests),
      input: Number(summed.input),
      output: Number(summed.output),
      tokens: Number(summed.input) + Number(summed.output),
    },
  };
}

/** The entry row's pace columns. */
async function paceOf(db: Kysely<RecorderDatabase>, entryId: string) {
  return db
    .selectFrom("nucleo_entry_budgets")
    .select([
      "pace_burst_ms",
      "pace_max_requests",
      "pace_max_tokens",
      "pace_max_input_tokens",
      "pace_max_output_tokens",
      "pace_epoch",
      "requests_pace_at",
      "tokens_pace_at",
      "input_tokens_pace_at",
      "output_tokens_pace_at",
    ])
    .where("entry_id", "=", entryId)
    .executeTakeFirstOrThrow();
}

function booked(answer: { readonly booked: readonly SharedBooking[] }, count: number) {
  expect(answer.booked).toHaveLength(count);
  return answer.booked;
}

describeOnOneDatabase("PostgresBudgetStore's entry rows", (database) => {
  it("an entry's totals stay the sums of its booking rows through books, batches, settlements, cancellations and expiry", async () => {
    const { db } = database();
    const store = new PostgresBudgetStore(db);
    const terms: SharedEntryTerms = {
      entryId: "totals",
      limits: { requestsPerMinute: 50, tokensPerMinute: 40_000 },
    };
    const expectTotalsKept = async (step: string) => {
      const { kept, summed } = await totalsOf(db, "totals");
      expect(kept, step).toEqual(summed);
    };
    const bookings: SharedBooking[] = [];
    for (let round = 0; round < 4; round++) {
      const now = T0 + round * 25_000;
      const answer = await store.book(
        { ...terms, inputTokens: 300, outputTokens: 200 },
        now,
        MINUTE,
      );
      if ("booked" in answer) bookings.push(answer.booked);
      const seats = [100, 2_000, 700].map((inputTokens) => ({ inputTokens, outputTokens: 50 }));
      bookings.push(...(await store.bookInOrder(terms, seats, now + 1, MINUTE)).booked);
      await expectTotalsKept(`round ${round}: booked`);
      await store.settle(bookings.at(-1)!, 900, 0);
      await store.settle(bookings.at(-2)!, 0, 3_000);
      await expectTotalsKept(`round ${round}: settled`);
      await store.cancel(bookings.at(-3)!);
      await store.cancel(bookings.at(-3)!);
      await expectTotalsKept(`round ${round}: cancelled`);
    }
    // The bookings of the first rounds have left the window: the next book deletes them.
    await store.settle(bookings[0]!, 1, 1);
    const late = await store.bookInOrder(
      terms,
      [{ inputTokens: 1, outputTokens: 1 }],
      T0 + 4 * MINUTE,
      MINUTE,
    );
    booked(late, 1);
    await expectTotalsKept("after expiry");
    expect((await totalsOf(db, "totals")).kept).toEqual({
      requests: 1,
      input: 1,
      output: 1,
      tokens: 2,
    });
  });

  it("nucleo_seat_bookings refuses writes made outside the store's functions, which would leave the totals wrong", async () => {
    const { db } = database();
    const store = new PostgresBudgetStore(db);
    const answer = await store.book(
      { entryId: "guarded", limits: { requestsPerMinute: 5 }, inputTokens: 1, outputTokens: 1 },
      T0,
      MINUTE,
    );
    if (!("booked" in answer)) throw new Error("expected a booking");
    const writes = [
      sql`insert into nucleo_seat_bookings (entry_id, booked_at, input_tokens, output_tokens) values ('guarded', ${T0}, 1, 1)`,
      sql`update nucleo_seat_bookings set input_tokens = 0 where entry_id = 'guarded'`,
      sql`delete from nucleo_seat_bookings where entry_id = 'guarded'`,
    ];
    for (const write of writes) {
      const error = await write.execute(db).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(sqlStateOf(error)).toBe(BOOKINGS_WRITTEN_ASIDE);
      expect(String((error as Error).message)).toContain("nucleo_book_seats");
    }
    const { kept, summed } = await totalsOf(db, "guarded");
    expect(kept).toEqual(summed);
    expect(kept.requests).toBe(1);
  });

  it("a paced booking moves each declared limit's pace time by its cost; settling and cancelling move it back", async () => {
    const { db } = database();
    const store = new PostgresBudgetStore(db);
    // 60 requests and 60,000 tokens a minute: 1,000 ms a request, 1 ms a token.
    const terms: SharedEntryTerms = {
      entryId: "pace-columns",
      limits: { requestsPerMinute: 60, tokensPerMinute: 60_000 },
      pacing: { burstMs: 5_000 },
    };
    const [first, second] = booked(
      await store.bookInOrder(
        terms,
        [
          { inputTokens: 300, outputTokens: 200 },
          { inputTokens: 100, outputTokens: 0 },
        ],
        T0,
        MINUTE,
      ),
      2,
    );
    expect(await paceOf(db, "pace-columns")).toEqual({
      pace_burst_ms: 5_000,
      pace_max_requests: "60",
      pace_max_tokens: "60000",
      pace_max_input_tokens: null,
      pace_max_output_tokens: null,
      pace_epoch: "1",
      requests_pace_at: T0 + 2_000,
      tokens_pace_at: T0 + 600,
      input_tokens_pace_at: null,
      output_tokens_pace_at: null,
    });
    await store.settle(first!, 250, 50); // 200 tokens unused: 200 ms back
    expect(await paceOf(db, "pace-columns")).toMatchObject({
      requests_pace_at: T0 + 2_000,
      tokens_pace_at: T0 + 400,
    });
    await store.cancel(second!); // one request and 100 tokens back
    expect(await paceOf(db, "pace-columns")).toMatchObject({
      requests_pace_at: T0 + 1_000,
      tokens_pace_at: T0 + 300,
      pace_epoch: "1",
    });
  });

  it("other limits or another burst make the entry's pace anew, and a booking paced before gives nothing back to it", async () => {
    const { db } = database();
    const store = new PostgresBudgetStore(db);
    const entryId = "pace-anew";
    const demand = (requestsPerMinute: number) => ({
      entryId,
      limits: { requestsPerMinute },
      pacing: { burstMs: 0 },
      inputTokens: 0,
      outputTokens: 0,
    });
    const old = await store.book(demand(60), T0, MINUTE);
    if (!("booked" in old)) throw new Error("expected a booking");
    expect(await store.book(demand(30), T0, MINUTE)).toHaveProperty("booked");
    expect(await paceOf(db, entryId)).toMatchObject({
      pace_epoch: "2",
      pace_max_requests: "30",
      requests_pace_at: T0 + 2_000,
    });
    await store.cancel(old.booked);
    expect(await paceOf(db, entryId)).toMatchObject({ requests_pace_at: T0 + 2_000 });
    expect(await store.book(demand(30), T0, MINUTE)).toEqual({ waitMs: 2_000 });
  });

  it("a booking made without pacing gives nothing back to the entry's pace", async () => {
    const { db } = database();
    const store = new PostgresBudgetStore(db);
    const limits = { requestsPerMinute: 60 };
    const unpaced = await store.book(
      { entryId: "pace-unpaced", limits, inputTokens: 0, outputTokens: 0 },
      T0,
      MINUTE,
    );
    if (!("booked" in unpaced)) throw new Error("expected a booking");
    const paced = { entryId: "pace-unpaced", limits, pacing: { burstMs: 0 } };
    booked(await store.bookInOrder(paced, [{ inputTokens: 0, outputTokens: 0 }], T0, MINUTE), 1);
    await store.settle(unpaced.booked, 5, 5);
    await store.cancel(unpaced.booked);
    expect(await paceOf(db, "pace-unpaced")).toMatchObject({ requests_pace_at: T0 + 1_000 });
    expect(
      await store.bookInOrder(paced, [{ inputTokens: 0, outputTokens: 0 }], T0, MINUTE),
    ).toEqual({ booked: [], waitMs: 1_000 });
  });

  it("a pace within a rounding error of the clock counts as caught up", async () => {
    const store = new PostgresBudgetStore(database().db);
    // 600,000 tokens a minute: 0.1 ms a token. After 1 token, 2 more fit a 0.3 ms burst exactly,
    // but 0.1 - (0.3 - 0.2) is 2.8e-17 in doubles, not 0.
    const terms = {
      entryId: "pace-rounding",
      limits: { tokensPerMinute: 600_000 },
      pacing: { burstMs: 0.3 },
    };
    const seats = [
      { inputTokens: 1, outputTokens: 0 },
      { inputTokens: 2, outputTokens: 0 },
    ];
    expect((await store.bookInOrder(terms, seats, 0, MINUTE)).booked).toHaveLength(2);
  });
});
