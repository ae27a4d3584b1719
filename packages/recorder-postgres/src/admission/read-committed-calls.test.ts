import type { SharedBooking, SharedDemand } from "@nucleo/catalog";
import { sharedBudgetStoreCases } from "@nucleo/testing";
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { sqlStateOf } from "../db/classify-database-failure.js";
import { NOT_READ_COMMITTED } from "../migrations/0004-booking-functions.js";
import { PostgresBudgetStore } from "./postgres-budget-store.js";
import { type CountedDatabase, countedDatabase } from "./test-support/counted-database.js";
import { describeOnOneDatabase, entrySpace } from "./test-support/describe-on-one-database.js";

const T0 = 1_700_000_000_000;
const MINUTE = 60_000;

const demandOf = (entryId: string, requestsPerMinute: number): SharedDemand => ({
  entryId,
  limits: { requestsPerMinute },
  inputTokens: 10,
  outputTokens: 10,
});

function bookingOf(answer: Awaited<ReturnType<PostgresBudgetStore["book"]>>): SharedBooking {
  if (!("booked" in answer)) throw new Error(`expected a booking, got ${JSON.stringify(answer)}`);
  return answer.booked;
}

describeOnOneDatabase(
  "PostgresBudgetStore's round trips",
  (database) => {
    let counted: CountedDatabase;
    beforeAll(() => {
      counted = countedDatabase(database().url!);
    });
    afterAll(() => counted.close());

    it("a booking, a batch, a settlement, a cancellation and a cooldown are one round trip each: one statement, no transaction around it", async () => {
      const store = new PostgresBudgetStore(counted.db);
      const demand = demandOf("one-trip", 100);
      let booking: SharedBooking | undefined;
      expect(
        await counted.count(async () => {
          booking = bookingOf(await store.book(demand, T0, MINUTE));
        }),
      ).toBe(1);
      expect(
        await counted.count(() => store.bookInOrder(demand, [demand, demand], T0, MINUTE)),
      ).toBe(1);
      expect(await counted.count(() => store.settle(booking!, 5, 5))).toBe(1);
      expect(await counted.count(() => store.cancel(booking!))).toBe(1);
      expect(await counted.count(() => store.coolDown("one-trip", T0))).toBe(1);
      expect(
        counted.statements.some((statement) => /^(start transaction|begin)/i.test(statement)),
      ).toBe(false);
    });

    it("settlements of one entry that overlap go to the database together: the first at once, the rest in one more call", async () => {
      const store = new PostgresBudgetStore(counted.db);
      const demand = demandOf("settle-together", 100);
      const { booked } = await store.bookInOrder(demand, Array(6).fill(demand), T0, MINUTE);
      expect(booked).toHaveLength(6);
      expect(
        await counted.count(() =>
          Promise.all(booked.map((booking, index) => store.settle(booking, index, 0))),
        ),
      ).toBe(2);
      const rows = await database()
        .db.selectFrom("nucleo_seat_bookings")
        .select(["input_tokens", "settled"])
        .where("entry_id", "=", "settle-together")
        .orderBy("id")
        .execute();
      expect(rows).toEqual(
        [0, 1, 2, 3, 4, 5].map((input) => ({ input_tokens: String(input), settled: true })),
      );
    });
  },
  { backends: ["postgres"] },
);

describeOnOneDatabase(
  "PostgresBudgetStore on a database that defaults to REPEATABLE READ",
  (database) => {
    const handles: CountedDatabase[] = [];
    /** A pool on the block's database, opened after its default changed. */
    const handle = (max?: number) => {
      const opened = countedDatabase(database().url!, max);
      handles.push(opened);
      return opened;
    };
    beforeAll(async () => {
      const name = new URL(database().url!).pathname.slice(1);
      await sql`alter database ${sql.id(name)} set default_transaction_isolation = 'repeatable read'`.execute(
        database().db,
      );
    });
    afterAll(() => Promise.all(handles.map((opened) => opened.close())));

    it("new connections to it start REPEATABLE READ", async () => {
      const { rows } = await sql<{ isolation: string }>`
        select current_setting('transaction_isolation') as isolation`.execute(handle(1).db);
      expect(rows).toEqual([{ isolation: "repeatable read" }]);
    });

    it("the store's functions refuse REPEATABLE READ and SERIALIZABLE with their own SQLSTATE, having done nothing", async () => {
      const { db } = handle(1);
      for (const level of ["repeatable read", "serializable"] as const) {
        const error = await db
          .transaction()
          .setIsolationLevel(level)
          .execute((trx) =>
            sql`select * from nucleo_book_seats('refused-isolation', ${T0}::double precision, ${MINUTE}::double precision,
                  1, null, null, null, null, null, null, '{0}', '{0}')`.execute(trx),
          )
          .then(
            () => undefined,
            (thrown: unknown) => thrown,
          );
        expect(sqlStateOf(error), level).toBe(NOT_READ_COMMITTED);
      }
      const rows = await database()
        .db.selectFrom("nucleo_entry_budgets")
        .select("entry_id")
        .where("entry_id", "=", "refused-isolation")
        .execute();
      expect(rows).toEqual([]);
    });

    it("the store finds the default on its first call, runs it again READ COMMITTED, and from then on opens a READ COMMITTED transaction for every call", async () => {
      const counted = handle();
      const store = new PostgresBudgetStore(counted.db);
      const demand = demandOf("fallback", 10);
      const first = await counted.count(() => store.book(demand, T0, MINUTE));
      // The refused call, then begin, the call, commit.
      expect(first).toBe(4);
      expect(counted.statements.slice(-3)[0]).toMatch(
        /^start transaction isolation level read committed/,
      );
      const booking = bookingOf(await store.book(demand, T0, MINUTE));
      expect(await counted.count(() => store.settle(booking, 1, 1))).toBe(3);
      expect(await counted.count(() => store.cancel(booking))).toBe(3);
    });

    for (const testCase of sharedBudgetStoreCases) {
      it(`keeps the contract there: ${testCase.name}`, async () => {
        await testCase.run(entrySpace(new PostgresBudgetStore(handle(4).db)));
      });
    }

    it("books racing there from separate connection pools grant exactly the request limit", async () => {
      const stores = Array.from({ length: 4 }, () => new PostgresBudgetStore(handle(5).db));
      const demand = demandOf("repeatable-race", 7);
      const answers = await Promise.all(
        stores.flatMap((store) => Array.from({ length: 10 }, () => store.book(demand, T0, MINUTE))),
      );
      expect(answers.filter((answer) => "booked" in answer)).toHaveLength(7);
      const batches = await Promise.all(
        stores.map((store) => store.bookInOrder(demand, [demand, demand], T0 + MINUTE, MINUTE)),
      );
      expect(batches.flatMap((batch) => batch.booked)).toHaveLength(7);
    });
  },
  { backends: ["postgres"] },
);
