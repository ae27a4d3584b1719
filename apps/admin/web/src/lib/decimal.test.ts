import { describe, expect, it } from "vitest";
import {
  addDecimals,
  compareDecimals,
  decimalToNumber,
  formatScaledDecimal,
  isDecimal,
  parseDecimal,
  sumDecimals,
  sumMoney,
} from "./decimal.ts";

describe("decimal text adds exactly", () => {
  it("adds what floats get wrong without drift", () => {
    expect(addDecimals("0.1", "0.2")).toBe("0.3");
    const tenths = Array.from({ length: 10 }, () => "0.1");
    expect(sumDecimals(tenths)).toBe("1");
  });

  it("writes the sum in its shortest form, as the recorder writes its sums", () => {
    expect(addDecimals("0.0132", "1.5")).toBe("1.5132");
    expect(addDecimals("0.0024", "0.0016")).toBe("0.004");
    expect(addDecimals("0.10", "0.20")).toBe("0.3");
    expect(addDecimals("0.5", "0.5")).toBe("1");
  });

  it("adds amounts beyond a float's 2^53 integer precision", () => {
    expect(addDecimals("9007199254740993.000000001", "0.000000001")).toBe(
      "9007199254740993.000000002",
    );
  });

  it("sums a hundred thousand micro-costs to the exact total", () => {
    const micro = Array.from({ length: 100_000 }, () => "0.00001");
    expect(sumDecimals(micro)).toBe("1");
  });

  it("handles signs, bare fractions and exponents", () => {
    expect(addDecimals("-0.5", "0.25")).toBe("-0.25");
    expect(addDecimals(".5", "+1")).toBe("1.5");
    expect(addDecimals("1.5e-7", "0")).toBe("0.00000015");
    expect(addDecimals("2E3", "0.5")).toBe("2000.5");
  });

  it("sums nothing to zero", () => {
    expect(sumDecimals([])).toBe("0");
  });
});

describe("decimal text parses strictly", () => {
  it("reads units and scale", () => {
    expect(parseDecimal("0.0132")).toEqual({ units: 132n, scale: 4 });
    expect(parseDecimal("-12")).toEqual({ units: -12n, scale: 0 });
  });

  it("refuses text that is not a number, naming it", () => {
    expect(() => parseDecimal("abc")).toThrow(/"abc"/);
    expect(() => parseDecimal("")).toThrow(/not a decimal/);
    expect(() => parseDecimal("1.2.3")).toThrow(/not a decimal/);
    expect(() => parseDecimal("NaN")).toThrow(/not a decimal/);
    expect(() => sumDecimals(["1", "0x10"])).toThrow(/0x10/);
    expect(isDecimal("Infinity")).toBe(false);
    expect(isDecimal("3.25")).toBe(true);
  });

  it("refuses exponents that would build enormous numbers", () => {
    expect(() => parseDecimal("1e999999")).toThrow(/exponent/);
  });

  it("formats small negatives with their leading zeros", () => {
    expect(formatScaledDecimal({ units: -5n, scale: 3 })).toBe("-0.005");
    expect(formatScaledDecimal({ units: 42n, scale: 0 })).toBe("42");
  });
});

describe("comparing and drawing decimals", () => {
  it("compares exactly, ignoring trailing zeros", () => {
    expect(compareDecimals("0.10", "0.1")).toBe(0);
    expect(compareDecimals("0.1000000000000000001", "0.1")).toBe(1);
    expect(compareDecimals("-2", "1")).toBe(-1);
  });

  it("turns text into a float for drawing, 0 when unreadable", () => {
    expect(decimalToNumber("0.25")).toBe(0.25);
    expect(decimalToNumber("garbage")).toBe(0);
  });
});

describe("money adds per currency", () => {
  it("never mixes currencies and sorts them by code", () => {
    const total = sumMoney([{ USD: "0.1" }, { USD: "0.2", EUR: "1" }, {}]);
    expect(total).toEqual({ EUR: "1", USD: "0.3" });
    expect(Object.keys(total)).toEqual(["EUR", "USD"]);
  });

  it("names the currency whose amount is broken", () => {
    expect(() => sumMoney([{ USD: "1" }, { USD: "one" }])).toThrow(/USD/);
  });
});
