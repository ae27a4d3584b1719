import { describe, expect, it } from "vitest";
import { Decimal } from "./decimal.js";

describe("Decimal", () => {
  it("sums exactly where floats drift: 0.1 + 0.2 is 0.3", () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(Decimal.parse("0.1").plus(Decimal.parse("0.2")).toString()).toBe("0.3");
  });

  it("prices tokens exactly: tokens × price per million, shifted six places", () => {
    const cost = Decimal.parse("2.50").times(1_234).shiftLeft(6);
    expect(cost.toString()).toBe("0.003085");
    const million = Array.from({ length: 1_000 }, () => Decimal.parse("0.000003")).reduce(
      (sum, next) => sum.plus(next),
      Decimal.ZERO,
    );
    expect(million.toString()).toBe("0.003");
  });

  it("compares by value regardless of scale", () => {
    expect(Decimal.parse("1.50").equals(Decimal.parse("1.5"))).toBe(true);
    expect(Decimal.parse("-0.01").compare(Decimal.ZERO)).toBe(-1);
  });

  it("rounds half-even for display only", () => {
    expect(Decimal.parse("0.125").toFixed(2)).toBe("0.12");
    expect(Decimal.parse("0.135").toFixed(2)).toBe("0.14");
    expect(Decimal.parse("-1.005").toFixed(2)).toBe("-1.00");
    expect(Decimal.parse("3").toFixed(2)).toBe("3.00");
  });

  it("refuses text that is not a plain decimal, naming what it got", () => {
    expect(() => Decimal.parse("1e-6")).toThrow(/expected decimal text.*"1e-6"/);
    expect(() => Decimal.parse("1,5")).toThrow(RangeError);
    expect(() => Decimal.fromInteger(0.5)).toThrow(/safe integer/);
  });

  it("serialises to exact text in JSON", () => {
    expect(JSON.stringify({ cost: Decimal.parse("0.000001") })).toBe('{"cost":"0.000001"}');
  });

  it("divides by a positive integer, rounding half-even at the places asked", () => {
    expect(Decimal.parse("1").dividedBy(3, 4).toString()).toBe("0.3333");
    expect(Decimal.parse("0.000125").dividedBy(2, 6).toString()).toBe("0.000062");
    expect(Decimal.parse("0.000375").dividedBy(2, 6).toString()).toBe("0.000188");
    expect(Decimal.parse("0.3").dividedBy(3, 10).toString()).toBe("0.1");
    expect(Decimal.parse("-2.5").dividedBy(2, 0).toString()).toBe("-1");
    expect(Decimal.parse("7.77").dividedBy(7n, 2).toString()).toBe("1.11");
  });

  it("refuses a divisor that is not a positive integer", () => {
    expect(() => Decimal.parse("1").dividedBy(0, 2)).toThrow(/positive integer divisor/);
    expect(() => Decimal.parse("1").dividedBy(-2, 2)).toThrow(RangeError);
    expect(() => Decimal.parse("1").dividedBy(1.5, 2)).toThrow(/positive integer divisor, got 1.5/);
    expect(() => Decimal.parse("1").dividedBy(1, -1)).toThrow(/places/);
  });
});
