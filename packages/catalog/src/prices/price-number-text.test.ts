import { describe, expect, it } from "vitest";
import { priceNumberText } from "./price-number-text.js";

const textOf = (value: number) => {
  const result = priceNumberText(value);
  return result.success ? result.text : `refused: ${result.reason}`;
};

describe("priceNumberText", () => {
  it("writes a price as its exact decimal text", () => {
    expect([0.075, 2, 0.005, 1.25, 22.5, 0, 150, 0.000001].map(textOf)).toEqual([
      "0.075",
      "2",
      "0.005",
      "1.25",
      "22.5",
      "0",
      "150",
      "0.000001",
    ]);
  });

  it("never lets float noise leak into the text", () => {
    expect(textOf(0.1 + 0.2)).toBe("0.3");
    expect(textOf(1.1 * 3)).toBe("3.3");
    expect(textOf(0.7 * 3)).toBe("2.1");
    expect(textOf(2.5 * 1.25)).toBe("3.125");
  });

  it("refuses a price that needs more than six decimals rather than rounding it", () => {
    expect(textOf(0.1234567)).toMatch(/^refused: expected at most 6 decimals/);
    expect(textOf(0.0000004)).toMatch(/^refused/);
    expect(textOf(150.0000001)).toMatch(/^refused/);
  });

  it("refuses what plain decimal text cannot hold: exponents, negatives, NaN, infinity", () => {
    for (const value of [1e21, 1e-7, -1, Number.NaN, Number.POSITIVE_INFINITY])
      expect(textOf(value)).toMatch(/^refused/);
  });
});
