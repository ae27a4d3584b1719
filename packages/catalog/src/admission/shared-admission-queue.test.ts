// Shared mode's way down an entry's queue: one call in flight per entry, for the seats at its
// head, in FIFO order; what never reaches the store; and the fast path a process alone keeps.
import { runFor, settlePromises } from "@nucleo/core/testing";
import { describe, expect, it } from "vitest";
import { CatalogAdmission } from "./catalog-admission.js";
import { catalog, fleet, pinned } from "./test-support/shared-fleet.js";

describe("CatalogAdmission with a shared budget store: the queue and the store", () => {
  it("an abort while the store is booking cancels the booking it answers", async () => {
    const { store, admissions, reserve } = fleet(2);
    const [one, two] = admissions;
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

  it("one call is in flight per entry at a time, booking the seats queued behind it together, and seats are granted in FIFO order", async () => {
    const { store, admissions, reserve } = fleet(1);
    const [one] = admissions;
    const granted: number[] = [];
    for (let index = 0; index < 5; index++)
      void reserve(one!, pinned("primary", 1_000 + index)).promise.then(() => granted.push(index));
    await settlePromises();
    expect(store.mostBooksInFlight).toBe(1);
    expect(
      store.of("bookInOrder").map((call) => call.seats.map((seat) => seat.inputTokens)),
    ).toEqual([[1_000], [1_001, 1_002, 1_003, 1_004]]);
    expect(granted).toEqual([0, 1, 2, 3, 4]);
  });

  it("a settlement or an abort while a book is in flight never sends a second book for the entry", async () => {
    const { store, admissions, reserve } = fleet(1);
    const [one] = admissions;
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
    const { time, store, admissions, reserve } = fleet(2);
    const [one, two] = admissions;
    const other = reserve(two!, pinned("primary", 9_000));
    await settlePromises();
    const large = reserve(one!, pinned("primary", 5_000));
    const small = reserve(one!, pinned("primary", 500)); // would fit the store now
    await runFor(time, 5_000);
    expect(small.seat()).toBeUndefined();
    // The large seat is asked for alone, before the small one queues; then both fit this
    // process's budgets and are asked for together, in order, and the store stops at the large one.
    expect(
      store
        .of("bookInOrder")
        .slice(1)
        .map((call) => call.seats.map((seat) => seat.inputTokens)),
    ).toEqual([[5_000], ...Array.from({ length: 5 }, () => [5_000, 500])]);
    two!.settle(other.seat()!, { inputTokens: 4_000, outputTokens: 0 });
    await runFor(time, 1_000);
    expect([large.seat()?.grantedAt, small.seat()?.grantedAt]).toEqual([6_000, 6_000]);
    expect(
      store
        .of("bookInOrder")
        .at(-1)
        ?.seats.map((seat) => seat.inputTokens),
    ).toEqual([5_000, 500]);
  });

  it("a seat that does not fit this process's own budgets never reaches the store", async () => {
    const { time, store, admissions, reserve } = fleet(1);
    const [one] = admissions;
    reserve(one!, pinned("primary", 9_000));
    const waiting = reserve(one!, pinned("primary", 5_000));
    await runFor(time, 59_999);
    expect(store.of("bookInOrder")).toHaveLength(1);
    await runFor(time, 1);
    expect(waiting.seat()?.grantedAt).toBe(60_000);
    expect(store.of("bookInOrder")).toHaveLength(2);
  });

  it("a seat larger than a limit can ever hold is refused before the store is asked", async () => {
    const { store, admissions } = fleet(1);
    const [one] = admissions;
    await expect(
      one!.reserve(pinned("primary", 11_000), {
        signal: new AbortController().signal,
        jobId: "job",
      }),
    ).rejects.toThrow(/can never be admitted on entry "primary"/);
    expect(store.calls).toEqual([]);
  });

  it("without a shared store a seat that fits is booked synchronously (the fast path stays)", () => {
    const alone = new CatalogAdmission({ catalog });
    void alone.reserve(pinned("primary", 10), {
      signal: new AbortController().signal,
      jobId: "job",
    });
    expect(alone.usage("primary")[0]!.used).toBe(1);
  });
});
