import { describe, expect, it } from "vitest";
import { catalogOf, entry } from "../test-support/entries.js";
import { EntryBudget } from "./entry-budget.js";

const limited = catalogOf(
  entry({ id: "limited", limits: { tokensPerMinute: 1_000, requestsPerMinute: 100 } }),
).get("limited");

describe("EntryBudget", () => {
  it("bookings close together share a slice, which leaves the window with its latest booking: never early, at most one slice late", () => {
    const budget = new EntryBudget(limited, 60_000, 100);
    budget.book({ inputTokens: 500, outputTokens: 0 }, 0);
    budget.book({ inputTokens: 500, outputTokens: 0 }, 40); // same slice as the first
    // Full until the slice's latest booking is a window old: 40 ms after the first one's own minute.
    expect(budget.waitMs({ inputTokens: 1, outputTokens: 0 }, 59_999)).toBe(41);
    expect(budget.waitMs({ inputTokens: 1, outputTokens: 0 }, 60_040)).toBe(0);
    // A booking a slice later is a slice of its own and leaves on its own time.
    budget.book({ inputTokens: 600, outputTokens: 0 }, 60_150);
    expect(budget.waitMs({ inputTokens: 500, outputTokens: 0 }, 60_200)).toBe(59_950);
  });

  it("never holds more than a limit in any window, however the bookings fall into slices", () => {
    const budget = new EntryBudget(limited, 60_000, 100);
    const booked: Array<{ at: number; tokens: number }> = [];
    let now = 0;
    for (let step = 0; step < 5_000; step++) {
      now += (step * 7919) % 97; // irregular gaps, some inside a slice, some across
      const demand = { inputTokens: 10 + ((step * 31) % 90), outputTokens: 0 };
      if (budget.waitMs(demand, now) === 0) {
        budget.book(demand, now);
        booked.push({ at: now, tokens: demand.inputTokens });
      }
    }
    let fullest = 0;
    for (const { at } of booked) {
      const inWindow = booked.filter((other) => other.at > at - 60_000 && other.at <= at);
      const tokens = inWindow.reduce((sum, other) => sum + other.tokens, 0);
      expect(tokens).toBeLessThanOrEqual(1_000);
      expect(inWindow.length).toBeLessThanOrEqual(100);
      fullest = Math.max(fullest, tokens);
    }
    // The limit did bind: some window came close to it.
    expect(fullest).toBeGreaterThan(900);
  });

  it("settling or cancelling a booking whose slice has left the window changes nothing", () => {
    const budget = new EntryBudget(limited, 60_000, 100);
    const demand = { inputTokens: 800, outputTokens: 0 };
    const slice = budget.book(demand, 0);
    expect(budget.used("tokensPerMinute", 60_001)).toBe(0);
    budget.settle(slice, 800, 0, 100, 0);
    budget.cancel(slice, 800, 0);
    expect(budget.used("tokensPerMinute", 60_001)).toBe(0);
    expect(budget.used("requestsPerMinute", 60_001)).toBe(0);
  });

  it("settles a live booking to what the call used, and a cancelled one frees its request too", () => {
    const budget = new EntryBudget(limited, 60_000, 100);
    const demand = { inputTokens: 300, outputTokens: 400 };
    const first = budget.book(demand, 0);
    const second = budget.book(demand, 10);
    budget.settle(first, 300, 400, 300, 50);
    expect(budget.used("tokensPerMinute", 20)).toBe(350 + 700);
    budget.cancel(second, 300, 400);
    expect(budget.used("tokensPerMinute", 20)).toBe(350);
    expect(budget.used("requestsPerMinute", 20)).toBe(1);
  });
});
