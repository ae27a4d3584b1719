import { Decimal } from "@nucleo/core";
import { describe, expect, it } from "vitest";
import { CostColumn } from "./cost-column.js";

/** Decimal text of every kind the fast path must get right, and some it must hand to Decimal. */
const AMOUNTS = [
  "0",
  "0.0",
  "1",
  "-1",
  "0.1",
  "0.2",
  "0.30",
  "0.0042125",
  "12.5",
  "-0.075",
  "999999999999999",
  "99999999999999.9",
  "9007199254740991",
  "0.000000000000000001",
  "0.000123456789012345678901",
  "123456789012345678901234567890",
  "-0.000000000000000000000000000001",
  "4503599627370495.5",
];

function randomAmount(next: () => number): string {
  const whole = Math.floor(next() * 10 ** Math.floor(next() * 17));
  const scale = Math.floor(next() * 22);
  const fraction =
    scale === 0
      ? ""
      : `.${String(Math.floor(next() * 10 ** Math.min(scale, 15)))
          .padStart(scale, "0")
          .slice(0, scale)}`;
  return `${next() < 0.1 ? "-" : ""}${whole}${fraction}`;
}

describe("CostColumn", () => {
  it("sums exactly, as Decimal does, printing the shortest text", () => {
    let seed = 42;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    const amounts = [...AMOUNTS, ...Array.from({ length: 2_000 }, () => randomAmount(next))];
    const column = new CostColumn(20);
    const expected = new Array<Decimal | undefined>(20);
    amounts.forEach((amount, position) => {
      const index = position % 20;
      column.addText(index, amount);
      expected[index] =
        expected[index] === undefined
          ? Decimal.parse(amount)
          : expected[index].plus(Decimal.parse(amount));
      expect(column.textAt(index), `after adding ${amount} at ${index}`).toBe(
        expected[index].toString(),
      );
    });
  });

  it("adds whole columns position by position, across scales and past the safe-integer range", () => {
    const source = new CostColumn(3);
    source.addText(0, "0.1");
    source.addText(1, "9007199254740991");
    const target = new CostColumn(3);
    target.addText(0, "0.02");
    target.addText(1, "1");
    target.addFrom(0, source, 0);
    target.addFrom(1, source, 1);
    target.addFrom(2, source, 2);
    target.addFrom(2, target, 1);
    expect([target.textAt(0), target.textAt(1), target.textAt(2)]).toEqual([
      "0.12",
      "9007199254740992",
      "9007199254740992",
    ]);
  });

  it("tells a zero cost from no cost", () => {
    const column = new CostColumn(2);
    column.addText(0, "0.000");
    expect([column.has(0), column.textAt(0), column.has(1), column.textAt(1)]).toEqual([
      true,
      "0",
      false,
      undefined,
    ]);
  });

  it("refuses text that is not a decimal", () => {
    const column = new CostColumn(1);
    for (const text of ["NaN", "1e5", "", "0x10", "1."])
      expect(() => column.addText(0, text), text).toThrow(RangeError);
  });
});
