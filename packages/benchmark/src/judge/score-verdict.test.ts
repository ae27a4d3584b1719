import { InvalidInputError } from "@nucleo/core";
import { describe, expect, it } from "vitest";
import type { JudgeVerdict } from "./judge-verdict.js";
import { scoreVerdict } from "./score-verdict.js";

const MISUSED = [{ tool: "add", problem: "added the wrong pair" }];

describe("scoreVerdict", () => {
  it("without a mis-used tool the score is accuracy plus shown work, and the reason is the judge's", () => {
    expect(scoreVerdict({ misusedTools: [], accuracy: 7, shownWork: 3, reason: "Identical." })).toEqual({ score: 10, accuracy: 7, shownWork: 3, misusedTools: [], reason: "Identical." });
    expect(scoreVerdict({ misusedTools: [], accuracy: 5, shownWork: 1, reason: "Close." })).toMatchObject({ score: 6, accuracy: 5 });
  });

  it("a mis-used tool caps accuracy at 4 whatever the judge wrote, and the reason says the cap changed it", () => {
    const score = scoreVerdict({ misusedTools: MISUSED, accuracy: 7, shownWork: 3, reason: "Right total." });
    expect(score).toMatchObject({ score: 7, accuracy: 4, shownWork: 3, misusedTools: MISUSED });
    expect(score.reason).toMatch(/^Right total\. \(Accuracy capped from 7 to 4: a tool was mis-used\.\)$/);
    const two = scoreVerdict({ misusedTools: [...MISUSED, { tool: "search", problem: "ignored the result" }], accuracy: 6, shownWork: 0, reason: "Ok." });
    expect(two).toMatchObject({ score: 4, accuracy: 4 });
    expect(two.reason).toContain("2 tools were mis-used");
  });

  it("an accuracy already within the cap is kept, with no note", () => {
    expect(scoreVerdict({ misusedTools: MISUSED, accuracy: 4, shownWork: 2, reason: "Half right." })).toEqual({ score: 6, accuracy: 4, shownWork: 2, misusedTools: MISUSED, reason: "Half right." });
    expect(scoreVerdict({ misusedTools: MISUSED, accuracy: 1, shownWork: 0, reason: "Wrong." })).toMatchObject({ score: 1, reason: "Wrong." });
  });

  it("a verdict that breaks its schema (a custom judge's) is refused naming the field", () => {
    const broken = { misusedTools: [], accuracy: 9, shownWork: 3, reason: "Too kind." } as JudgeVerdict;
    expect(() => scoreVerdict(broken)).toThrow(InvalidInputError);
    try {
      scoreVerdict(broken);
    } catch (error) {
      expect((error as InvalidInputError).parameter).toBe("verdict.accuracy");
    }
  });
});
