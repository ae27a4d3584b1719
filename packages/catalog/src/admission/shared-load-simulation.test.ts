import { describe, expect, it } from "vitest";
import { simulateSharedLoad } from "../../bench/load-simulation.js";

const scenarios = [
  { binding: "tokens per minute", limits: { requestsPerMinute: 120, tokensPerMinute: 400_000 } },
  {
    binding: "requests per minute",
    limits: {
      requestsPerMinute: 40,
      inputTokensPerMinute: 300_000,
      outputTokensPerMinute: 120_000,
    },
  },
];

describe("three admissions sharing one store under sustained overload (virtual time)", () => {
  it.each(scenarios)(
    "no 60-second window ever exceeds a limit across all admissions together ($binding binding, with throttles and failures)",
    async ({ limits }) => {
      const report = await simulateSharedLoad({
        minutes: 8,
        limits,
        offeredMultiple: 3,
        processes: 3,
        guardMs: 0,
      });
      for (const limit of report.limits)
        expect(limit.worstWindow, limit.limit).toBeLessThanOrEqual(limit.max);
      expect(report.throttled).toBeGreaterThan(0);
      expect(report.failed).toBeGreaterThan(0);
      expect(report.storeErrors).toBe(0);
      // The fleet still uses its budget (room freed anywhere is found within a poll) and no process starves.
      expect(Math.max(...report.limits.map((limit) => limit.utilisation))).toBeGreaterThanOrEqual(
        0.9,
      );
      expect(Math.min(...report.servedPerProcess)).toBeGreaterThan(report.served / 6);
    },
  );

  it("control: the same admissions without the shared store exceed the limits together", async () => {
    const report = await simulateSharedLoad({
      minutes: 3,
      limits: scenarios[0]!.limits,
      offeredMultiple: 3,
      processes: 3,
      guardMs: 0,
      shareStore: false,
    });
    expect(report.limits.some((limit) => limit.worstWindow > limit.max)).toBe(true);
  });
});
