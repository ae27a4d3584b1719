// The picker counts queues as busy: seats waiting for an entry (for its budgets, or for the
// shared store to book them) weigh on it in proportion, so new seats of the grade go to an
// equivalent sibling that can take them sooner; within an entry the queue stays FIFO.
import { type SeatRequest, silentLogger } from "@nucleo/core";
import { ManualTimers, runFor } from "@nucleo/core/testing";
import { describe, expect, it } from "vitest";
import { catalogOf, entry } from "../test-support/entries.js";
import { CatalogAdmission } from "./catalog-admission.js";
import { InMemorySharedBudgetStore } from "./in-memory-shared-budget-store.js";
import type { SharedBudgetStore } from "./shared-budget-store.js";
import { tracked } from "./test-support/shared-fleet.js";

const siblings = catalogOf(
  entry({ id: "small-a", grade: "SMALL", limits: { requestsPerMinute: 10_000 } }),
  entry({ id: "small-b", grade: "SMALL", limits: { requestsPerMinute: 10_000 } }),
);

/** A store whose every call takes `delayMs` of the test's virtual time, as a database's round trip does. */
function slowStore(time: ManualTimers, delayMs: number): SharedBudgetStore {
  const inner = new InMemorySharedBudgetStore();
  const later = <TAnswer>(call: () => Promise<TAnswer>): Promise<TAnswer> =>
    new Promise<void>((resolve) => time.setTimeout(() => resolve(), delayMs)).then(call);
  return {
    book: (...args) => later(() => inner.book(...args)),
    bookInOrder: (...args) => later(() => inner.bookInOrder(...args)),
    settle: (...args) => later(() => inner.settle(...args)),
    cancel: (...args) => later(() => inner.cancel(...args)),
    coolDown: (...args) => later(() => inner.coolDown(...args)),
  };
}

const small = (inputTokens = 1): SeatRequest => ({
  grade: "SMALL",
  inputTokens,
  maxOutputTokens: 0,
});

describe("CatalogAdmission: the picker routes around queues", () => {
  it("seats queued for the shared store make an entry busy: 40 seats at once split between two equal siblings", async () => {
    const time = new ManualTimers(0);
    const admission = new CatalogAdmission({
      catalog: siblings,
      clock: time,
      timers: time,
      shared: slowStore(time, 20),
      logger: silentLogger,
    });
    const signal = new AbortController().signal;
    const seats = Array.from({ length: 40 }, () =>
      tracked(admission.reserve(small(), { signal, jobId: "job" })),
    );
    await runFor(time, 40);
    const entries = seats.map((seat) => seat.seat()?.entryId);
    expect(entries.filter((id) => id === "small-a")).toHaveLength(20);
    expect(entries.filter((id) => id === "small-b")).toHaveLength(20);
    expect(Math.max(...seats.map((seat) => seat.seat()!.grantedAt))).toBeLessThanOrEqual(40);
  });

  it("in process, a queue is busy in proportion to its load: a sibling that can take a seat sooner gets it", async () => {
    const time = new ManualTimers(0);
    const tokens = { tokensPerMinute: 10_000 };
    const admission = new CatalogAdmission({
      catalog: catalogOf(
        entry({ id: "tokens-a", grade: "SMALL", limits: tokens }),
        entry({ id: "tokens-b", grade: "SMALL", limits: tokens }),
      ),
      clock: time,
      timers: time,
      guardMs: 0,
    });
    const signal = new AbortController().signal;
    const reserve = () => tracked(admission.reserve(small(4_000), { signal, jobId: "job" }));
    const full = [reserve(), reserve(), reserve(), reserve()]; // two each: both entries hold 8,000
    await runFor(time, 0);
    expect(full.map((seat) => seat.seat()?.entryId)).toEqual([
      "tokens-a",
      "tokens-a",
      "tokens-b",
      "tokens-b",
    ]);
    // In a minute each entry frees room for two more seats; a third queued there waits longer,
    // so the picker fills both entries' first minute before it queues deeper on either.
    const queued = Array.from({ length: 6 }, reserve);
    expect([admission.waiting("tokens-a"), admission.waiting("tokens-b")]).toEqual([3, 3]);
    await runFor(time, 60_000);
    const grantedOn = (id: string) =>
      queued.filter((seat) => seat.seat()?.entryId === id).map((seat) => queued.indexOf(seat));
    // FIFO within each entry: the first queued on each go first.
    expect(grantedOn("tokens-a")).toEqual([0, 1]);
    expect(grantedOn("tokens-b")).toEqual([2, 3]);
  });
});
