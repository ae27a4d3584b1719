import { describe, expect, it } from "vitest";
import { summarizeModels } from "./summarize-models.js";
import { judgeScore, row } from "./test-support/report-fixtures.js";

const ALPHA = { id: "alpha", providerModel: "alpha-1" };
const BETA = { id: "beta", providerModel: "beta-2" };

describe("summarizeModels", () => {
  it("gives exact means and sample standard deviations (n - 1) with min, max and count", () => {
    const rows = [
      row({ run: 1, repeat: 1, judge: judgeScore(6), latencyMs: 100, wallMs: 150, calls: 1 }),
      row({ run: 2, repeat: 2, judge: judgeScore(8), latencyMs: 200, wallMs: 250, calls: 2 }),
      row({ run: 3, repeat: 3, judge: judgeScore(10), latencyMs: 600, wallMs: 650, calls: 3 }),
    ];
    const [alpha] = summarizeModels(rows, [ALPHA]);
    expect(alpha!.judgeScore).toEqual({ mean: 8, stdDev: 2, min: 6, max: 10, count: 3 });
    expect(alpha!.calls).toEqual({ mean: 2, stdDev: 1, min: 1, max: 3, count: 3 });
    expect(alpha!.latencyMs!.mean).toBe(300);
    expect(alpha!.latencyMs!.stdDev).toBeCloseTo(Math.sqrt(70_000), 12);
    expect(alpha!.wallMs).toMatchObject({ mean: 350, min: 150, max: 650, count: 3 });
    expect(alpha).toMatchObject({
      model: "alpha",
      providerModel: "alpha-1",
      runs: 3,
      failed: 0,
      judged: 3,
    });
  });

  it("gives cost means as exact decimal text, rounded half-even to 12 places", () => {
    const rows = [
      row({ cost: { USD: "0.1" } }),
      row({ cost: { USD: "0.2" } }),
      row({ cost: { USD: "0.4" } }),
    ];
    const [alpha] = summarizeModels(rows, [ALPHA]);
    // A float mean would read 0.23333333333333334.
    expect(alpha!.cost.USD!.mean).toBe("0.233333333333");
    // At 10 places this mean would round to "0".
    const [small] = summarizeModels(
      [row({ cost: { USD: "0.00000000003" } }), row({ cost: { USD: "0" } })],
      [ALPHA],
    );
    expect(small!.cost.USD!.mean).toBe("0.000000000015");
    expect(alpha!.cost.USD!.stdDev).toBeCloseTo(Math.sqrt(0.14 / 6), 15);
    const [tiny] = summarizeModels(
      [row({ cost: { USD: "0.000001" } }), row({ cost: { USD: "0.000002" } })],
      [ALPHA],
    );
    expect(tiny!.cost.USD).toEqual({
      mean: "0.0000015",
      stdDev: expect.closeTo(Math.SQRT1_2 * 0.000001, 18),
    });
  });

  it("never rounds a nonzero cost mean to zero: one below 12 places keeps its leading digits", () => {
    const [alpha] = summarizeModels(
      [
        row({ cost: { USD: "0.0000000000001" } }),
        row({ cost: { USD: "0" } }),
        row({ cost: { USD: "0" } }),
      ],
      [ALPHA],
    );
    expect(alpha!.cost.USD!.mean).toBe("0.000000000000033");
    const [free] = summarizeModels(
      [row({ cost: { USD: "0" } }), row({ cost: { USD: "0" } })],
      [ALPHA],
    );
    expect(free!.cost.USD!.mean).toBe("0");
  });

  it("counts a failed run but leaves it out of calls, latency, wall time and cost", () => {
    const rows = [
      row({ cost: { USD: "0.002" }, latencyMs: 100, wallMs: 120, calls: 1 }),
      row({
        status: "failed",
        error: "timeout: the run took too long",
        cost: { USD: "0.5" },
        latencyMs: 9_000,
        wallMs: 9_500,
        calls: 7,
        judge: null,
        judgeNote: "the run failed",
      }),
    ];
    const [alpha] = summarizeModels(rows, [ALPHA]);
    expect(alpha).toMatchObject({ runs: 2, failed: 1, judged: 1 });
    expect(alpha!.cost).toEqual({ USD: { mean: "0.002", stdDev: null } });
    expect(alpha!.latencyMs).toEqual({ mean: 100, stdDev: null, min: 100, max: 100, count: 1 });
    expect(alpha!.wallMs!.mean).toBe(120);
    expect(alpha!.calls!.mean).toBe(1);
  });

  it("has no standard deviation with one run per model (times 1)", () => {
    const [alpha] = summarizeModels([row({ scorer: 9 })], [ALPHA]);
    for (const spread of [
      alpha!.judgeScore,
      alpha!.scorer,
      alpha!.calls,
      alpha!.latencyMs,
      alpha!.wallMs,
    ])
      expect(spread!.stdDev).toBeNull();
    expect(alpha!.cost.USD!.stdDev).toBeNull();
  });

  it("gives one summary per candidate in candidate order, from candidate rows only", () => {
    const rows = [
      row({ run: 0, role: "reference", model: "beta", judge: null }),
      row({ run: 1, model: "alpha" }),
      row({ run: 2, model: "beta", judge: judgeScore(3) }),
    ];
    const models = summarizeModels(rows, [BETA, ALPHA, { id: "gamma", providerModel: "gamma-3" }]);
    expect(models.map((model) => [model.model, model.runs])).toEqual([
      ["beta", 1],
      ["alpha", 1],
      ["gamma", 0],
    ]);
    expect(models[0]!.judgeScore!.mean).toBe(3);
    expect(models[2]).toMatchObject({
      providerModel: "gamma-3",
      judgeScore: null,
      scorer: null,
      calls: null,
      latencyMs: null,
      wallMs: null,
      cost: {},
    });
  });

  it("scores the judge over judged runs and the scorer over scored runs, each on its own", () => {
    const rows = [
      row({ judge: null, judgeNote: "the judge failed", scorer: 4 }),
      row({ judge: judgeScore(9), scorer: null, scorerNote: "the scorer threw" }),
      row({ judge: judgeScore(5), scorer: 8 }),
    ];
    const [alpha] = summarizeModels(rows, [ALPHA]);
    expect(alpha!.judgeScore).toMatchObject({ mean: 7, count: 2 });
    expect(alpha!.scorer).toMatchObject({ mean: 6, count: 2 });
    expect(alpha!.judged).toBe(2);
  });

  it("means a run without a cost in a currency as zero in it", () => {
    const [alpha] = summarizeModels([row({ cost: { USD: "0.3" } }), row({ cost: {} })], [ALPHA]);
    expect(alpha!.cost.USD!.mean).toBe("0.15");
  });
});
