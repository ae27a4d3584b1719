import type { SharedDemand } from "@nucleo/catalog";
import { sharedBudgetStoreCases } from "@nucleo/testing";
import type { Kysely } from "kysely";
import { expect, it } from "vitest";
import type { RecorderDatabase } from "../schema/database.js";
import { PostgresBudgetStore } from "./postgres-budget-store.js";
import { describeOnOneDatabase, entrySpace } from "./test-support/describe-on-one-database.js";

const T0 = 1_700_000_000_000;
const MINUTE = 60_000;

/** The bookings of `entryId`, oldest first, as the table holds them. */
async function bookingsOf(db: Kysely<RecorderDatabase>, entryId: string) {
  return db
    .selectFrom("nucleo_seat_bookings")
    .select(["id", "entry_id", "booked_at", "input_tokens", "output_tokens", "settled"])
    .where("entry_id", "=", entryId)
    .orderBy("booked_at")
    .orderBy("id")
    .execute();
}

function demand(
  entryId: string,
  limits: SharedDemand["limits"],
  inputTokens = 0,
  outputTokens = 0,
): SharedDemand {
  return { entryId, limits, inputTokens, outputTokens };
}

describeOnOneDatabase("PostgresBudgetStore keeps the SharedBudgetStore contract", (database) => {
  // Each case gets a fresh, empty store: a new store over entries no other case touches.
  for (const testCase of sharedBudgetStoreCases) {
    it(testCase.name, async () => {
      await testCase.run(entrySpace(new PostgresBudgetStore(database().db)));
    });
  }
});

// The tests share one database per engine: each keeps to entries of its own.
describeOnOneDatabase("PostgresBudgetStore", (database) => {
  it("a book deletes every expired booking of its entry, and only its entry's", async () => {
    const { db } = database();
    const store = new PostgresBudgetStore(db);
    const rpm = demand("tidy", { requestsPerMinute: 100 });
    for (let index = 0; index < 5; index++) await store.book(rpm, T0 + index, MINUTE);
    const left = async () => (await bookingsOf(db, "tidy")).map((row) => row.booked_at - T0);

    await store.book(rpm, T0 + MINUTE + 3, MINUTE);
    expect(await left()).toEqual([4, MINUTE + 3]);
    // Another entry's book leaves this entry's expired bookings for this entry's next book.
    await store.book(demand("tidy-sibling", { requestsPerMinute: 100 }), T0 + 10 * MINUTE, MINUTE);
    expect(await left()).toEqual([4, MINUTE + 3]);
    await store.book(rpm, T0 + 10 * MINUTE, MINUTE);
    expect(await left()).toEqual([10 * MINUTE]);
  });

  it("a refused book still deletes expired bookings", async () => {
    const { db } = database();
    const store = new PostgresBudgetStore(db);
    const one = demand("refused-tidy", { requestsPerMinute: 1 });
    await store.book(one, T0, MINUTE);
    await store.book(one, T0 + MINUTE, MINUTE);
    expect(await store.book(one, T0 + MINUTE + 1, MINUTE)).toEqual({ waitMs: MINUTE - 1 });
    expect((await bookingsOf(db, "refused-tidy")).map((row) => row.booked_at)).toEqual([
      T0 + MINUTE,
    ]);
  });

  it("the tables hold each booking's time and amounts, settled usage, and the entry's cooldown", async () => {
    const { db } = database();
    const store = new PostgresBudgetStore(db);
    const answer = await store.book(
      demand("rows", { tokensPerMinute: 10_000 }, 300, 700),
      T0 + 0.25,
      MINUTE,
    );
    if (!("booked" in answer)) throw new Error(`expected a booking, got ${JSON.stringify(answer)}`);
    expect(await bookingsOf(db, "rows")).toEqual([
      {
        id: answer.booked.id,
        entry_id: "rows",
        booked_at: T0 + 0.25,
        input_tokens: "300",
        output_tokens: "700",
        settled: false,
      },
    ]);
    await store.settle(answer.booked, 310, 120);
    await store.coolDown("rows", T0 + 5_000);
    expect(await bookingsOf(db, "rows")).toMatchObject([
      { input_tokens: "310", output_tokens: "120", settled: true },
    ]);
    expect(
      await db
        .selectFrom("nucleo_entry_budgets")
        .select([
          "entry_id",
          "cooling_until",
          "booked_requests",
          "booked_input_tokens",
          "booked_output_tokens",
          "booked_tokens",
        ])
        .where("entry_id", "=", "rows")
        .execute(),
    ).toEqual([
      {
        entry_id: "rows",
        cooling_until: T0 + 5_000,
        booked_requests: "1",
        booked_input_tokens: "310",
        booked_output_tokens: "120",
        booked_tokens: "430",
      },
    ]);
  });

  it("an entry with no limits declared books every demand; only a cooldown stops it", async () => {
    const store = new PostgresBudgetStore(database().db);
    const unlimited = demand("unlimited", {}, 1_000_000, 1_000_000);
    for (let index = 0; index < 3; index++)
      expect(await store.book(unlimited, T0, MINUTE)).toHaveProperty("booked");
    await store.coolDown("unlimited", T0 + 500);
    expect(await store.book(unlimited, T0, MINUTE)).toEqual({ waitMs: 500 });
  });

  it("a fractional clock books and expires on the exact fraction of a millisecond", async () => {
    const store = new PostgresBudgetStore(database().db);
    const one = demand("fraction", { requestsPerMinute: 1 });
    const at = T0 + 0.1;
    expect(await store.book(one, at, MINUTE)).toHaveProperty("booked");
    const almost = at + MINUTE - 0.05;
    expect(await store.book(one, almost, MINUTE)).toEqual({ waitMs: at + MINUTE - almost });
    expect(await store.book(one, at + MINUTE, MINUTE)).toHaveProperty("booked");
  });

  it("settle and cancel leave alone a booking this store never made", async () => {
    const store = new PostgresBudgetStore(database().db);
    const answer = await store.book(demand("foreign", { tokensPerMinute: 1_000 }, 500), T0, MINUTE);
    if (!("booked" in answer)) throw new Error(`expected a booking, got ${JSON.stringify(answer)}`);
    for (const id of [
      "shared-1",
      "0",
      "99999999999999999999",
      "1; drop table nucleo_seat_bookings",
    ]) {
      await store.settle({ id, entryId: "foreign" }, 0, 0);
      await store.cancel({ id, entryId: "foreign" });
    }
    // The same id on another entry is not this booking either.
    await store.settle({ id: answer.booked.id, entryId: "not-foreign" }, 0, 0);
    await store.cancel({ id: answer.booked.id, entryId: "not-foreign" });
    expect(
      await store.book(demand("foreign", { tokensPerMinute: 1_000 }, 501), T0, MINUTE),
    ).toEqual({ waitMs: MINUTE });
  });

  it("entry ids reach the database as values, never as SQL", async () => {
    const { db } = database();
    const store = new PostgresBudgetStore(db);
    const hostile = "x'); drop table nucleo_seat_bookings; --";
    const answer = await store.book(demand(hostile, { requestsPerMinute: 1 }), T0, MINUTE);
    await store.coolDown(`${hostile}"`, T0 + 1);
    expect(answer).toMatchObject({ booked: { entryId: hostile } });
    expect((await bookingsOf(db, hostile)).map((row) => row.entry_id)).toEqual([hostile]);
  });

  it("booking ids are unique across stores sharing the database", async () => {
    const { db } = database();
    const stores = [new PostgresBudgetStore(db), new PostgresBudgetStore(db)];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        stores[index % 2]!.book(demand(`ids-${index % 3}`, { requestsPerMinute: 100 }), T0, MINUTE),
      ),
    );
    const ids = answers.map((answer) => ("booked" in answer ? answer.booked.id : "refused"));
    expect(new Set(ids).size).toBe(20);
  });
});
