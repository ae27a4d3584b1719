import { InvalidInputError } from "@nucleo/core";
import { describe, expect, it } from "vitest";
import { CalibratedEstimate } from "./calibrated-estimate.js";

describe("CalibratedEstimate", () => {
  it("starts at 4 characters per token", () => {
    expect(new CalibratedEstimate().count("a".repeat(400))).toBe(100);
  });

  it("counts characters, not bytes or UTF-16 units", () => {
    const estimate = new CalibratedEstimate();
    expect(estimate.count("é".repeat(8))).toBe(2); // 16 bytes in UTF-8
    expect(estimate.count("😀".repeat(8))).toBe(2); // 16 UTF-16 units, 32 bytes
  });

  it("counts the empty string as 0 and any other text as at least 1 token", () => {
    const estimate = new CalibratedEstimate();
    expect(estimate.count("")).toBe(0);
    expect(estimate.count("a")).toBe(1);
  });

  it("converges toward the provider's ratio and reports its error", () => {
    const estimate = new CalibratedEstimate();
    const providerCount = (text: string) => Math.round(text.length / 3); // the provider's tokenizer: 3 chars per token
    for (let call = 0; call < 40; call += 1) {
      const text = "x".repeat(1_000 + call * 37);
      estimate.observe(estimate.count(text), providerCount(text));
    }
    const { factor, samples, meanAbsolutePercentError } = estimate.calibration();
    expect(factor).toBeCloseTo(4 / 3, 2);
    expect(samples).toBe(40);
    // Only the first estimate was 25% short; the later ones were within rounding.
    expect(meanAbsolutePercentError).toBeGreaterThan(25 / 40);
    expect(meanAbsolutePercentError).toBeLessThan(25 / 40 + 0.5);
    const text = "y".repeat(3_000);
    expect(Math.abs(estimate.count(text) - providerCount(text))).toBeLessThanOrEqual(2);
  });

  it("judges each estimate as it was made, before its own observation moved the factor", () => {
    const estimate = new CalibratedEstimate();
    estimate.observe(100, 125); // 20% short
    expect(estimate.calibration()).toEqual({
      factor: 1.25,
      samples: 1,
      meanAbsolutePercentError: 20,
    });
    estimate.observe(estimate.count("a".repeat(400)), 125); // now exact
    expect(estimate.calibration()).toEqual({
      factor: 1.25,
      samples: 2,
      meanAbsolutePercentError: 10,
    });
  });

  it("reports no error and a factor of 1 before any observation", () => {
    expect(new CalibratedEstimate().calibration()).toEqual({
      factor: 1,
      samples: 0,
      meanAbsolutePercentError: 0,
    });
  });

  it("ignores observations with zero tokens on either side", () => {
    const estimate = new CalibratedEstimate();
    estimate.observe(0, 120);
    estimate.observe(100, 0);
    estimate.observe(Number.NaN, 100);
    expect(estimate.calibration()).toEqual({ factor: 1, samples: 0, meanAbsolutePercentError: 0 });
  });

  it("lets one odd observation move the factor at most 4x", () => {
    const estimate = new CalibratedEstimate();
    estimate.observe(10, 10_000);
    expect(estimate.calibration().factor).toBe(4);
  });

  it("keeps the factor between 1/8 and 8 however far and long the reports run, so a misreporting provider cannot inflate every seat", () => {
    const high = new CalibratedEstimate();
    for (let index = 0; index < 500; index++) high.observe(100, 1_000_000);
    expect(high.calibration().factor).toBe(8);
    const low = new CalibratedEstimate();
    for (let index = 0; index < 500; index++) low.observe(1_000_000, 1);
    expect(low.calibration().factor).toBe(1 / 8);
  });

  it("weighs later observations at least by the minimum weight, so it follows a change", () => {
    const estimate = new CalibratedEstimate({ minimumWeight: 0.5 });
    for (let call = 0; call < 20; call += 1)
      estimate.observe(estimate.count("a".repeat(4_000)), 1_000);
    for (let call = 0; call < 20; call += 1)
      estimate.observe(estimate.count("a".repeat(4_000)), 2_000);
    expect(estimate.calibration().factor).toBeCloseTo(2, 2);
  });

  it("refuses a starting ratio that is not a positive number", () => {
    expect(() => new CalibratedEstimate({ charsPerToken: 0 })).toThrow(InvalidInputError);
  });
});
