import type { SeatRequest } from "@nucleo/core";
import { ManualTimers, RecordingLogger, runFor, settlePromises } from "@nucleo/core/testing";
import { describe, expect, it } from "vitest";
import { catalogOf, entry } from "../test-support/entries.js";
import {
  CatalogAdmission,
  type CatalogAdmissionOptions,
  type CatalogSeat,
} from "./catalog-admission.js";
import { RecordingStore } from "./test-support/recording-store.js";

const tokenLimits = { requestsPerMinute: 100, tokensPerMinute: 10_000 };
const catalog = catalogOf(
  entry({ id: "primary", grade: "MEDIUM", limits: tokenLimits }),
  entry({ id: "secondary", grade: "MEDIUM", limits: tokenLimits }),
  entry({ id: "few-requests", grade: "SMALL", limits: { requestsPerMinute: 2 } }),
);

/** `count` admissions standing for processes, sharing one recording store and one clock. */
function fleet(count: number, options: Partial<CatalogAdmissionOptions> = {}) {
  const time = new ManualTimers(0);
  const store = new RecordingStore();
  const logger = new RecordingLogger();
  const admissions = Array.from(
    { length: count },
    () =>
      new CatalogAdmission({
        catalog,
        clock: time,
        timers: time,
        guardMs: 0,
        shared: store,
        sharedPollMs: 1_000,
        logger,
        ...options,
      }),
  );
  const never = new AbortController().signal;
  const reserve = (
    admission: CatalogAdmission,
    request: SeatRequest,
    signal: AbortSignal = never,
  ) => tracked(admission.reserve(request, { signal, jobId: "job" }));
  return { time, store, logger, admissions, reserve };
}

function tracked(promise: Promise<CatalogSeat>) {
  let seat: CatalogSeat | undefined;
  let error: unknown;
  void promise.then(
    (value) => (seat = value),
    (reason: unknown) => (error = reason),
  );
  return { seat: () => seat, error: () => error, promise };
}

const pinned = (entryId: string, inputTokens = 1, maxOutputTokens = 0): SeatRequest => ({
  entryId,
  inputTokens,
  maxOutputTokens,
});

describe("CatalogAdmission with a shared budget store", () => {
  it("a seat is granted only once the store has booked it, and is booked locally too", async () => {
    const {
      store,
      admissions: [one],
      reserve,
    } = fleet(1);
    const seat = reserve(one!, pinned("primary", 1_200, 800));
    // Nothing is counted locally until a grant: a seat granted before the store answered would show here.
    expect(one!.usage("primary").map((limit) => limit.used)).toEqual([0, 0]);
    await settlePromises();
    expect(seat.seat()?.entryId).toBe("primary");
    expect(store.of("book")).toEqual([
      {
        method: "book",
        demand: { entryId: "primary", limits: tokenLimits, inputTokens: 1_200, outputTokens: 800 },
        now: 0,
        windowMs: 60_000,
      },
    ]);
    expect(one!.usage("primary").map((limit) => limit.used)).toEqual([1, 2_000]);
  });

  it("admissions sharing a store never grant more than a limit together", async () => {
    const {
      time,
      admissions: [one, two],
      reserve,
    } = fleet(2);
    const first = reserve(one!, pinned("few-requests"));
    const second = reserve(two!, pinned("few-requests"));
    await settlePromises();
    const third = reserve(two!, pinned("few-requests"));
    const fourth = reserve(one!, pinned("few-requests"));
    await runFor(time, 59_999);
    expect([first, second, third, fourth].map((seat) => seat.seat() !== undefined)).toEqual([
      true,
      true,
      false,
      false,
    ]);
    await runFor(time, 1);
    expect([third.seat()?.grantedAt, fourth.seat()?.grantedAt]).toEqual([60_000, 60_000]);
  });

  it("room freed by one admission's settlement is found by another within sharedPollMs", async () => {
    const {
      time,
      admissions: [one, two],
      reserve,
    } = fleet(2);
    const full = reserve(one!, pinned("primary", 9_000));
    await settlePromises();
    const waiting = reserve(two!, pinned("primary", 5_000));
    await settlePromises();
    one!.settle(full.seat()!, { inputTokens: 1_000, outputTokens: 0 });
    await runFor(time, 999);
    expect(waiting.seat()).toBeUndefined();
    await runFor(time, 1);
    expect(waiting.seat()?.grantedAt).toBe(1_000);
  });

  it("while the store says an entry is busy, the picker routes new grade seats to its sibling", async () => {
    const {
      time,
      admissions: [one, two],
      reserve,
    } = fleet(2);
    reserve(two!, pinned("primary", 10_000));
    await settlePromises();
    const controller = new AbortController();
    const refused = reserve(
      one!,
      { grade: "MEDIUM", inputTokens: 5_000, maxOutputTokens: 0 },
      controller.signal,
    );
    await settlePromises();
    controller.abort(new Error("gave up")); // the queue is empty again; the store's answer still stands
    await settlePromises();
    expect(one!.waiting("primary")).toBe(0);
    const routed = reserve(one!, { grade: "MEDIUM", inputTokens: 5_000, maxOutputTokens: 0 });
    await settlePromises();
    expect(routed.seat()?.entryId).toBe("secondary");
    await runFor(time, 60_000);
    const back = reserve(one!, { grade: "MEDIUM", inputTokens: 100, maxOutputTokens: 0 });
    await settlePromises();
    expect([refused.error(), back.seat()?.entryId]).toEqual([new Error("gave up"), "primary"]);
  });

  it("a throttle cools the entry for every admission sharing the store", async () => {
    const {
      time,
      store,
      admissions: [one, two],
      reserve,
    } = fleet(2);
    const seat = reserve(one!, pinned("primary"));
    await settlePromises();
    expect(one!.throttled(seat.seat()!, 20_000)).toBe(true);
    await settlePromises();
    expect(store.of("coolDown")).toEqual([
      { method: "coolDown", entryId: "primary", until: 20_000 },
    ]);
    expect(store.of("cancel")).toHaveLength(1);
    const elsewhere = reserve(two!, pinned("primary"));
    await runFor(time, 19_999);
    expect(elsewhere.seat()).toBeUndefined();
    await runFor(time, 1);
    expect(elsewhere.seat()?.grantedAt).toBe(20_000);
  });

  it("an abort while the store is booking cancels the booking it answers", async () => {
    const {
      store,
      admissions: [one, two],
      reserve,
    } = fleet(2);
    const controller = new AbortController();
    const aborted = reserve(one!, pinned("few-requests"), controller.signal);
    controller.abort(new Error("cancelled")); // the store has been asked, and has not answered yet
    await settlePromises();
    expect(aborted.error()).toEqual(new Error("cancelled"));
    expect(store.of("cancel")).toHaveLength(1);
    expect(one!.usage("few-requests")[0]!.used).toBe(0);
    const both = [reserve(two!, pinned("few-requests")), reserve(two!, pinned("few-requests"))];
    await settlePromises();
    expect(both.map((seat) => seat.seat()?.entryId)).toEqual(["few-requests", "few-requests"]); // the limit is whole again
  });

  it("one book is in flight per entry at a time, for the head of its queue, and seats are granted in FIFO order", async () => {
    const {
      store,
      admissions: [one],
      reserve,
    } = fleet(1);
    const granted: number[] = [];
    for (let index = 0; index < 5; index++)
      void reserve(one!, pinned("primary", 1_000 + index)).promise.then(() => granted.push(index));
    await settlePromises();
    expect(store.mostBooksInFlight).toBe(1);
    expect(store.of("book").map((call) => call.demand.inputTokens)).toEqual([
      1_000, 1_001, 1_002, 1_003, 1_004,
    ]);
    expect(granted).toEqual([0, 1, 2, 3, 4]);
  });

  it("a settlement or an abort while a book is in flight never sends a second book for the entry", async () => {
    const {
      store,
      admissions: [one],
      reserve,
    } = fleet(1);
    const first = reserve(one!, pinned("primary", 1_000));
    await settlePromises();
    const controller = new AbortController();
    const head = reserve(one!, pinned("primary", 2_000), controller.signal);
    const next = reserve(one!, pinned("primary", 3_000));
    one!.settle(first.seat()!, { inputTokens: 500, outputTokens: 0 }); // drains once the store has heard
    controller.abort(new Error("gave up")); // drains at once
    await settlePromises();
    expect(store.mostBooksInFlight).toBe(1);
    expect([head.error(), next.seat()?.entryId]).toEqual([new Error("gave up"), "primary"]);
    expect(store.of("cancel")).toHaveLength(1); // the aborted head's booking
    expect(one!.usage("primary")[1]!.used).toBe(3_500);
  });

  it("FIFO per process: a small seat never overtakes a large one that the store keeps waiting", async () => {
    const {
      time,
      store,
      admissions: [one, two],
      reserve,
    } = fleet(2);
    const other = reserve(two!, pinned("primary", 9_000));
    await settlePromises();
    const large = reserve(one!, pinned("primary", 5_000));
    const small = reserve(one!, pinned("primary", 500)); // would fit the store now
    await runFor(time, 5_000);
    expect(small.seat()).toBeUndefined();
    expect(
      store
        .of("book")
        .slice(1)
        .map((call) => call.demand.inputTokens),
    ).toEqual([5_000, 5_000, 5_000, 5_000, 5_000, 5_000]);
    two!.settle(other.seat()!, { inputTokens: 4_000, outputTokens: 0 });
    await runFor(time, 1_000);
    expect([large.seat()?.grantedAt, small.seat()?.grantedAt]).toEqual([6_000, 6_000]);
    expect(
      store
        .of("book")
        .slice(-2)
        .map((call) => call.demand.inputTokens),
    ).toEqual([5_000, 500]);
  });

  it("a seat that does not fit this process's own budgets never reaches the store", async () => {
    const {
      time,
      store,
      admissions: [one],
      reserve,
    } = fleet(1);
    reserve(one!, pinned("primary", 9_000));
    const waiting = reserve(one!, pinned("primary", 5_000));
    await runFor(time, 59_999);
    expect(store.of("book")).toHaveLength(1);
    await runFor(time, 1);
    expect(waiting.seat()?.grantedAt).toBe(60_000);
    expect(store.of("book")).toHaveLength(2);
  });

  it("a seat larger than a limit can ever hold is refused before the store is asked", async () => {
    const {
      store,
      admissions: [one],
    } = fleet(1);
    await expect(
      one!.reserve(pinned("primary", 11_000), {
        signal: new AbortController().signal,
        jobId: "job",
      }),
    ).rejects.toThrow(/can never be admitted on entry "primary"/);
    expect(store.calls).toEqual([]);
  });

  it("a store that rejects keeps the seat waiting, is logged with its entry, and is asked again after sharedPollMs; the abort signal still works", async () => {
    const {
      time,
      store,
      logger,
      admissions: [one],
      reserve,
    } = fleet(1);
    store.failBook = new Error("database unavailable");
    const patient = reserve(one!, pinned("primary"));
    const controller = new AbortController();
    const impatient = reserve(one!, pinned("secondary"), controller.signal);
    await settlePromises();
    expect(
      logger.entries.map((logged) => [
        logged.level,
        logged.fields.operation,
        logged.fields.entryId,
      ]),
    ).toEqual([
      ["warn", "book", "primary"],
      ["warn", "book", "secondary"],
    ]);
    expect(logger.entries[0]).toMatchObject({
      fields: {
        component: "catalog-admission",
        error: { name: "Error", message: "database unavailable" },
      },
      message:
        'The shared budget store failed to book on entry "primary": the seat keeps waiting and asks again.',
    });
    controller.abort(new Error("gave up"));
    await settlePromises();
    expect(impatient.error()).toEqual(new Error("gave up"));
    store.failBook = undefined;
    await runFor(time, 999);
    expect(patient.seat()).toBeUndefined();
    await runFor(time, 1);
    expect(patient.seat()?.grantedAt).toBe(1_000);
    expect(store.of("book").map((call) => call.demand.entryId)).toEqual([
      "primary",
      "secondary",
      "primary",
    ]);
  });

  it("a store answering a wait that is not positive is reported and asked again after sharedPollMs", async () => {
    const time = new ManualTimers(0);
    const logger = new RecordingLogger();
    const inner = new RecordingStore();
    let answers = 0;
    const store = Object.assign(Object.create(inner) as RecordingStore, {
      book: async (...args: Parameters<RecordingStore["book"]>) =>
        answers++ === 0 ? { waitMs: 0 } : inner.book(...args),
    });
    const admission = new CatalogAdmission({
      catalog,
      clock: time,
      timers: time,
      shared: store,
      logger,
    });
    const seat = tracked(
      admission.reserve(pinned("primary"), { signal: new AbortController().signal, jobId: "job" }),
    );
    await runFor(time, 999);
    expect(seat.seat()).toBeUndefined();
    expect(logger.entries[0]?.fields.error).toMatchObject({
      code: "shared_store_answer",
      message: expect.stringMatching(/answered a wait of 0 ms for entry "primary"/),
    });
    await runFor(time, 1);
    expect(seat.seat()?.grantedAt).toBe(1_000);
  });

  it("failures to settle, cancel or cool down are logged and otherwise harmless", async () => {
    const {
      time,
      store,
      logger,
      admissions: [one],
      reserve,
    } = fleet(1);
    const seats = [
      reserve(one!, pinned("primary", 100)),
      reserve(one!, pinned("primary", 100)),
      reserve(one!, pinned("primary", 100)),
    ];
    await settlePromises();
    store.failOthers = new Error("database unavailable");
    one!.settle(seats[0]!.seat()!, { inputTokens: 50, outputTokens: 0 });
    one!.release(seats[1]!.seat()!);
    expect(one!.throttled(seats[2]!.seat()!, 5_000)).toBe(true);
    await settlePromises();
    expect(logger.entries.map((logged) => logged.fields.operation)).toEqual([
      "settle",
      "cancel",
      "cancel",
      "coolDown",
    ]);
    expect(one!.usage("primary").map((limit) => limit.used)).toEqual([1, 50]);
    const next = reserve(one!, pinned("primary", 100));
    await runFor(time, 5_000); // the local cooldown still holds
    expect(next.seat()?.grantedAt).toBe(5_000);
  });

  it("a store failure is logged without the secret its error quotes", async () => {
    const {
      store,
      logger,
      admissions: [one],
      reserve,
    } = fleet(1);
    store.failBook = new Error(
      "connect ECONNREFUSED postgres://app:canary-Pa55word-7f3e@db:5432/nucleo password=canary-Pa55word-7f3e",
    );
    reserve(one!, pinned("primary"));
    await settlePromises();
    expect(logger.entries).toHaveLength(1);
    expect(logger.text()).not.toContain("canary-Pa55word-7f3e");
  });

  it("settlement tells the store what the local settle books: input with cache reads and writes, output with reasoning", async () => {
    const {
      store,
      admissions: [one],
      reserve,
    } = fleet(1);
    const seat = reserve(one!, pinned("primary", 1_000, 1_000));
    await settlePromises();
    one!.settle(seat.seat()!, {
      inputTokens: 700,
      cachedInputTokens: 300,
      cacheWriteTokens: 100,
      outputTokens: 150,
      reasoningTokens: 50,
    });
    expect(store.of("settle")).toMatchObject([{ inputTokens: 1_100, outputTokens: 200 }]);
    expect(one!.usage("primary")[1]!.used).toBe(1_300);
  });

  it("a booking the store answers after the entry cooled down here is cancelled, and the seat waits out the cooldown", async () => {
    const {
      time,
      store,
      admissions: [one],
      reserve,
    } = fleet(1);
    const first = reserve(one!, pinned("primary"));
    await settlePromises();
    const second = reserve(one!, pinned("primary")); // its booking is in flight...
    one!.throttled(first.seat()!, 10_000); // ...when the first seat's call is throttled
    await settlePromises();
    expect(second.seat()).toBeUndefined();
    expect(store.of("cancel")).toHaveLength(2);
    await runFor(time, 10_000);
    expect(second.seat()?.grantedAt).toBe(10_000);
  });

  it("without a shared store a seat that fits is booked synchronously (the fast path stays)", () => {
    const alone = new CatalogAdmission({ catalog });
    void alone.reserve(pinned("primary", 10), {
      signal: new AbortController().signal,
      jobId: "job",
    });
    expect(alone.usage("primary")[0]!.used).toBe(1);
  });

  it("refuses a sharedPollMs that is not a positive number of milliseconds, naming it", () => {
    for (const sharedPollMs of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(
        () => new CatalogAdmission({ catalog, shared: new RecordingStore(), sharedPollMs }),
      ).toThrow(/"sharedPollMs"/);
    }
  });
});
