import { describe, expect, it } from "vitest";
import { simulateLoad } from "../../bench/load-simulation.js";

describe("admission under sustained overload (virtual time)", () => {
  it("never exceeds any limit in any 60-second window, and uses at least 95% of the tightest", async () => {
    const report = await simulateLoad({
      minutes: 10,
      limits: { requestsPerMinute: 2_000, tokensPerMinute: 400_000 },
      offeredMultiple: 3,
    });
    for (const limit of report.limits)
      expect(limit.worstWindow, limit.limit).toBeLessThanOrEqual(limit.max);
    const tokens = report.limits.find((limit) => limit.limit === "tokensPerMinute")!;
    expect(tokens.utilisation).toBeGreaterThanOrEqual(0.95);
    expect(report.gaveUp).toBeGreaterThan(0); // the overload was real: some jobs gave up waiting
  });

  it("holds separate input and output token limits as providers state them", async () => {
    const report = await simulateLoad({
      minutes: 5,
      limits: { inputTokensPerMinute: 300_000, outputTokensPerMinute: 120_000 },
      offeredMultiple: 3,
      seed: 11,
    });
    for (const limit of report.limits)
      expect(limit.worstWindow, limit.limit).toBeLessThanOrEqual(limit.max);
    expect(Math.max(...report.limits.map((limit) => limit.utilisation))).toBeGreaterThanOrEqual(
      0.95,
    );
  });
});
