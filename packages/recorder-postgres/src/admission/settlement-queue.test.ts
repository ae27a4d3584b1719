import { describe, expect, it } from "vitest";
import type { Settlement } from "./budget-functions.js";
import { MAX_SETTLEMENTS_PER_CALL, SettlementQueue } from "./settlement-queue.js";

/** A `send` whose calls the test ends by hand: what each call carried, and how to end it. */
function heldCalls() {
  const calls: Array<{
    entryId: string;
    ids: string[];
    end: (error?: Error) => void;
  }> = [];
  const send = (entryId: string, settlements: readonly Settlement[]) =>
    new Promise<void>((resolve, reject) => {
      calls.push({
        entryId,
        ids: settlements.map((settlement) => settlement.id),
        end: (error) => (error === undefined ? resolve() : reject(error)),
      });
    });
  return { calls, queue: new SettlementQueue(send) };
}

const settlement = (id: string): Settlement => ({ id, inputTokens: 1, outputTokens: 2 });

/** Lets the queue's promise callbacks run. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("SettlementQueue", () => {
  it("a settlement goes at once when none of its entry's is on its way", () => {
    const { calls, queue } = heldCalls();
    void queue.settle("a", settlement("1"));
    void queue.settle("b", settlement("2"));
    expect(calls.map((call) => [call.entryId, call.ids])).toEqual([
      ["a", ["1"]],
      ["b", ["2"]],
    ]);
  });

  it("settlements that come while their entry's call is on its way go together, in order, in the next call", async () => {
    const { calls, queue } = heldCalls();
    const settled: string[] = [];
    const settle = (id: string) => queue.settle("a", settlement(id)).then(() => settled.push(id));
    const all = ["1", "2", "3", "4"].map(settle);
    expect(calls.map((call) => call.ids)).toEqual([["1"]]);
    calls[0]!.end();
    await turn();
    expect(calls.map((call) => call.ids)).toEqual([["1"], ["2", "3", "4"]]);
    expect(settled).toEqual(["1"]);
    calls[1]!.end();
    await Promise.all(all);
    expect(settled).toEqual(["1", "2", "3", "4"]);
    // The entry has nothing on its way again: the next settlement goes at once.
    void queue.settle("a", settlement("5"));
    expect(calls.map((call) => call.ids)).toEqual([["1"], ["2", "3", "4"], ["5"]]);
  });

  it("a booking named twice goes in two calls, each naming it once", async () => {
    const { calls, queue } = heldCalls();
    void queue.settle("a", settlement("1"));
    void queue.settle("a", settlement("2"));
    void queue.settle("a", settlement("2"));
    void queue.settle("a", settlement("3"));
    calls[0]!.end();
    await turn();
    calls[1]!.end();
    await turn();
    expect(calls.map((call) => call.ids)).toEqual([["1"], ["2"], ["2", "3"]]);
  });

  it("a call carries at most MAX_SETTLEMENTS_PER_CALL settlements", async () => {
    const { calls, queue } = heldCalls();
    for (let index = 0; index <= MAX_SETTLEMENTS_PER_CALL + 1; index++)
      void queue.settle("a", settlement(String(index + 1)));
    calls[0]!.end();
    await turn();
    calls[1]!.end();
    await turn();
    expect(calls.map((call) => call.ids.length)).toEqual([1, MAX_SETTLEMENTS_PER_CALL, 1]);
  });

  it("a failed call rejects its own settlements only, and the queue goes on", async () => {
    const { calls, queue } = heldCalls();
    const first = queue.settle("a", settlement("1"));
    const second = queue.settle("a", settlement("2"));
    const third = queue.settle("a", settlement("3"));
    calls[0]!.end(new Error("connection lost"));
    await expect(first).rejects.toThrow("connection lost");
    await turn();
    calls[1]!.end();
    await expect(Promise.all([second, third])).resolves.toEqual([undefined, undefined]);
  });
});
