import { expect, it } from "vitest";
import { PostgresBudgetStore } from "../admission/postgres-budget-store.js";
import { describeOnBothDatabases } from "../test-support/databases.js";
import { DEFAULT_ADMISSION_WINDOW_MS } from "./admission-headroom-query.js";
import { RecorderQueries } from "./recorder-queries.js";

const T0 = 1_700_000_000_000;
const MINUTE = 60_000;

describeOnBothDatabases("RecorderQueries.admissionHeadroom", (open) => {
  it("counts the bookings of the window ending at now exactly as the store does when it books", async () => {
    const { db } = await open();
    const store = new PostgresBudgetStore(db);
    const queries = new RecorderQueries(db);
    const twoAMinute = { entryId: "e", limits: { requestsPerMinute: 2 } };
    await store.book({ ...twoAMinute, inputTokens: 100, outputTokens: 50 }, T0, MINUTE);
    await store.book({ ...twoAMinute, inputTokens: 200, outputTokens: 0 }, T0 + 10, MINUTE);
    const held = async (now: number) =>
      (await queries.admissionHeadroom(now, MINUTE)).map(
        (entry) =>
          `${entry.entryId} ${entry.bookedRequests} ${entry.bookedInputTokens} ${entry.bookedOutputTokens}`,
      );

    expect(await held(T0 + 20)).toEqual(["e 2 300 50"]);
    // A millisecond before the first booking leaves the window, the window is full: the store
    // refuses a third seat...
    expect(await held(T0 + MINUTE - 1)).toEqual(["e 2 300 50"]);
    expect(
      await store.book({ ...twoAMinute, inputTokens: 1, outputTokens: 1 }, T0 + MINUTE - 1, MINUTE),
    ).toEqual({
      waitMs: 1,
    });
    // ...and at its edge the booking made at T0 is out, as the store counts it, though the
    // entry's running totals still hold it until the store next books the entry.
    expect(await held(T0 + MINUTE)).toEqual(["e 1 200 0"]);
    const totals = await db
      .selectFrom("nucleo_entry_budgets")
      .select("booked_requests")
      .where("entry_id", "=", "e")
      .executeTakeFirstOrThrow();
    expect(totals.booked_requests).toBe("2");
    expect(
      await store.book({ ...twoAMinute, inputTokens: 1, outputTokens: 1 }, T0 + MINUTE, MINUTE),
    ).toHaveProperty("booked");
    expect(await held(T0 + MINUTE)).toEqual(["e 2 201 1"]);
    // Past every booking's window the entry, with nothing else held, is not listed.
    expect(await held(T0 + 3 * MINUTE)).toEqual([]);
  });

  it("settled bookings count what their calls used, cancelled ones nothing", async () => {
    const { db } = await open();
    const store = new PostgresBudgetStore(db);
    const terms = { entryId: "settling", limits: { tokensPerMinute: 100_000 } };
    const seats = [
      { inputTokens: 1_000, outputTokens: 4_096 },
      { inputTokens: 2_000, outputTokens: 4_096 },
      { inputTokens: 3_000, outputTokens: 4_096 },
    ];
    const { booked } = await store.bookInOrder(terms, seats, T0, MINUTE);
    await store.settle(booked[0]!, 900, 120);
    await store.cancel(booked[2]!);
    const [entry] = await new RecorderQueries(db).admissionHeadroom(T0 + 1, MINUTE);
    expect(entry).toEqual({
      entryId: "settling",
      bookedRequests: 2,
      bookedInputTokens: 2_900,
      bookedOutputTokens: 4_216,
      coolingUntil: null,
      claim: null,
    });
  });

  it("a cooldown lists its entry until it ends, and the fleet's oldest waiting seat shows its claim while it lives", async () => {
    const { db } = await open();
    const store = new PostgresBudgetStore(db);
    const queries = new RecorderQueries(db);
    await store.coolDown("b-cooling", T0 + 5_000);
    const line = { entryId: "a-line", limits: { requestsPerMinute: 1 } };
    await store.bookInOrder(line, [{ inputTokens: 10, outputTokens: 10 }], T0, MINUTE);
    const refused = await store.bookInOrder(
      line,
      [{ inputTokens: 70, outputTokens: 30 }],
      T0 + 1,
      MINUTE,
      { since: T0 - 500, holdMs: 2_000 },
    );
    expect(refused.booked).toEqual([]);

    expect(await queries.admissionHeadroom(T0 + 2, MINUTE)).toEqual([
      {
        entryId: "a-line",
        bookedRequests: 1,
        bookedInputTokens: 10,
        bookedOutputTokens: 10,
        coolingUntil: null,
        claim: { since: T0 - 500, until: T0 + 2_001, inputTokens: 70, outputTokens: 30 },
      },
      {
        entryId: "b-cooling",
        bookedRequests: 0,
        bookedInputTokens: 0,
        bookedOutputTokens: 0,
        coolingUntil: T0 + 5_000,
        claim: null,
      },
    ]);
    // The claim lapses unless renewed; the cooldown ends.
    const later = await queries.admissionHeadroom(T0 + 5_000, MINUTE);
    expect(later.map((entry) => [entry.entryId, entry.claim, entry.coolingUntil])).toEqual([
      ["a-line", null, null],
    ]);
  });

  it("reads with the admission's default window, and refuses a bad now or window naming it", async () => {
    const { db } = await open();
    const store = new PostgresBudgetStore(db);
    const queries = new RecorderQueries(db);
    await store.book(
      { entryId: "d", limits: {}, inputTokens: 5, outputTokens: 5 },
      T0,
      DEFAULT_ADMISSION_WINDOW_MS,
    );
    expect(await queries.admissionHeadroom(T0 + DEFAULT_ADMISSION_WINDOW_MS - 1)).toHaveLength(1);
    expect(await queries.admissionHeadroom(T0 + DEFAULT_ADMISSION_WINDOW_MS)).toEqual([]);
    await expect(queries.admissionHeadroom(Number.NaN)).rejects.toMatchObject({ parameter: "now" });
    await expect(queries.admissionHeadroom(T0, 0)).rejects.toMatchObject({ parameter: "windowMs" });
    await expect(queries.admissionHeadroom("now" as never)).rejects.toMatchObject({
      code: "invalid_input",
    });
  });
});
