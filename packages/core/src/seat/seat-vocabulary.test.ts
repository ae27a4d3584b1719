import { describe, expect, it } from "vitest";
import { Depth } from "./depth.js";
import { Grade } from "./grade.js";
import { FRAMEWORK_OUTPUT_BUDGETS, OutputSize } from "./output-size.js";
import { ThinkerDeclaration } from "./thinker-declaration.js";

describe("Grade", () => {
  it("orders the ladder SMALL < MEDIUM < LARGE < XL < MEGA", () => {
    const shuffled = ["XL", "SMALL", "MEGA", "MEDIUM", "LARGE"] as const;
    expect([...shuffled].sort(Grade.compare)).toEqual(["SMALL", "MEDIUM", "LARGE", "XL", "MEGA"]);
    expect(Grade.max("MEDIUM", "LARGE")).toBe("LARGE");
  });

  it("CEILING is a grade but not a rung", () => {
    expect(Grade.is("CEILING")).toBe(true);
    expect(Grade.isRung("CEILING")).toBe(false);
    expect(Grade.ladder).not.toContain("CEILING");
    expect(Grade.is("HUGE")).toBe(false);
  });
});

describe("Depth", () => {
  it("orders IMMEDIATE < QUICK < STANDARD < THOROUGH", () => {
    expect([...Depth.ladder].reverse().sort(Depth.compare)).toEqual([
      "IMMEDIATE",
      "QUICK",
      "STANDARD",
      "THOROUGH",
    ]);
  });

  it("Depth.min clamps a child to its parent: it may dial down, never exceed", () => {
    expect(Depth.min("THOROUGH", "QUICK")).toBe("QUICK");
    expect(Depth.min("IMMEDIATE", "STANDARD")).toBe("IMMEDIATE");
    expect(Depth.atLeast("STANDARD", "STANDARD")).toBe(true);
    expect(Depth.atLeast("QUICK", "STANDARD")).toBe(false);
  });
});

describe("OutputSize", () => {
  it("uses the framework table, capped at the entry's ceiling; MAX is the ceiling", () => {
    expect(FRAMEWORK_OUTPUT_BUDGETS).toEqual({
      VERDICT: 1_024,
      COMPACT: 4_096,
      STANDARD: 16_384,
      EXTENDED: 32_768,
    });
    expect(OutputSize.budget("COMPACT", { ceiling: 64_000 })).toBe(4_096);
    expect(OutputSize.budget("EXTENDED", { ceiling: 8_192 })).toBe(8_192);
    expect(OutputSize.budget("MAX", { ceiling: 64_000 })).toBe(64_000);
  });

  it("an entry's own output_budgets win over the framework table", () => {
    expect(
      OutputSize.budget("STANDARD", { ceiling: 64_000, outputBudgets: { STANDARD: 12_000 } }),
    ).toBe(12_000);
  });

  it("a raw token count is the one exception to the rungs", () => {
    expect(OutputSize.budget(OutputSize.tokens(3_000), { ceiling: 64_000 })).toBe(3_000);
    expect(() => OutputSize.tokens(0)).toThrow(/positive integer/);
  });
});

describe("ThinkerDeclaration", () => {
  it("carries grade and output size, with optional comfort window and trigger", () => {
    expect(ThinkerDeclaration.of({ grade: "MEDIUM", output: "COMPACT" })).toEqual({
      grade: "MEDIUM",
      output: "COMPACT",
    });
    expect(
      ThinkerDeclaration.of({
        grade: "CEILING",
        output: { tokens: 900 },
        comfortContextTokens: 64_000,
        compactionTrigger: 0.8,
      }).compactionTrigger,
    ).toBe(0.8);
  });

  it("has no default: a declaration without a grade or an output size does not compile and is refused at run time", () => {
    // @ts-expect-error grade is required
    expect(() => ThinkerDeclaration.of({ output: "COMPACT" })).toThrow(/ThinkerDeclaration\.grade/);
    // @ts-expect-error output is required
    expect(() => ThinkerDeclaration.of({ grade: "SMALL" })).toThrow(/ThinkerDeclaration\.output/);
  });

  it("refuses unknown words and out-of-range overrides by field", () => {
    expect(() => ThinkerDeclaration.of({ grade: "HUGE" as never, output: "COMPACT" })).toThrow(
      /grade.*SMALL, MEDIUM/,
    );
    expect(() =>
      ThinkerDeclaration.of({ grade: "SMALL", output: "COMPACT", compactionTrigger: 1.5 }),
    ).toThrow(/compactionTrigger/);
    expect(() =>
      ThinkerDeclaration.of({ grade: "SMALL", output: "COMPACT", window: 5 } as never),
    ).toThrow(/ThinkerDeclaration/);
  });
});
