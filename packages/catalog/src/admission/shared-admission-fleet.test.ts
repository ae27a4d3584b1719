// Admissions sharing a store keep each entry's limits together: what the store books, what
// one process's settlement or throttle means to the others.
import { runFor, settlePromises } from "@nucleo/core/testing";
import { describe, expect, it } from "vitest";
import { fleet, pinned, tokenLimits } from "./test-support/shared-fleet.js";

describe("CatalogAdmission with a shared budget store: limits kept by the fleet", () => {
  it("a seat is granted only once the store has booked it, and is booked locally too", async () => {
    const { store, admissions, reserve } = fleet(1);
    const [one] = admissions;
    const seat = reserve(one!, pinned("primary", 1_200, 800));
    // Nothing is counted locally until a grant: a seat granted before the store answered would show here.
    expect(one!.usage("primary").map((limit) => limit.used)).toEqual([0, 0]);
    await settlePromises();
    expect(seat.seat()?.entryId).toBe("primary");
    expect(store.of("bookInOrder")).toEqual([
      {
        method: "bookInOrder",
        terms: { entryId: "primary", limits: tokenLimits },
        seats: [{ inputTokens: 1_200, outputTokens: 800 }],
        now: 0,
        windowMs: 60_000,
        // Its place in the fleet's line, held for two polls.
        turn: { since: 0, holdMs: 2_000 },
      },
    ]);
    expect(one!.usage("primary").map((limit) => limit.used)).toEqual([1, 2_000]);
  });

  it("admissions sharing a store never grant more than a limit together", async () => {
    const { time, admissions, reserve } = fleet(2);
    const [one, two] = admissions;
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
    const { time, admissions, reserve } = fleet(2);
    const [one, two] = admissions;
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
    const { time, admissions, reserve } = fleet(2);
    const [one, two] = admissions;
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
    const { time, store, admissions, reserve } = fleet(2);
    const [one, two] = admissions;
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

  it("settlement tells the store what the local settle books: input with cache reads and writes, output with reasoning", async () => {
    const { store, admissions, reserve } = fleet(1);
    const [one] = admissions;
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
    const { time, store, admissions, reserve } = fleet(1);
    const [one] = admissions;
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
});
