import { InvalidInputError } from "@nucleo/core";
import { describe, expect, it } from "vitest";
import type { JudgeVerdict } from "./judge-verdict.js";
import { accuracyCap } from "./rubric.js";
import type { RecordedRun } from "./run-record.js";
import { scoreVerdict } from "./score-verdict.js";

/** A candidate run that called exactly these tools, one turn each. */
function calling(...tools: string[]): RecordedRun {
  return {
    turns: tools.map((tool) => ({
      reasoning: "",
      said: "",
      toolCalls: [{ tool, arguments: {}, result: "{}", failed: false }],
      correction: null,
    })),
    answer: { total: 9 },
  };
}

const ADD = { tool: "add", problem: "added the wrong pair" };
const SEARCH = { tool: "search", problem: "ignored the result" };
const FETCH = { tool: "fetch", problem: "fetched the wrong page" };
const CANDIDATE = calling("add", "search", "fetch");

describe("accuracyCap", () => {
  it("each mis-used tool costs 3 of the 7 accuracy points, down to 0", () => {
    expect([0, 1, 2, 3, 4].map(accuracyCap)).toEqual([7, 4, 1, 0, 0]);
  });

  it("a count that is not a whole number of 0 or more is refused", () => {
    expect(() => accuracyCap(-1)).toThrow(InvalidInputError);
    expect(() => accuracyCap(1.5)).toThrow(/misused/);
  });
});

describe("scoreVerdict", () => {
  it("without a mis-used tool the score is accuracy plus shown work, and the reason is the judge's", () => {
    expect(
      scoreVerdict(
        { misusedTools: [], accuracy: 7, shownWork: 3, reason: "Identical." },
        CANDIDATE,
      ),
    ).toEqual({ score: 10, accuracy: 7, shownWork: 3, misusedTools: [], reason: "Identical." });
    expect(
      scoreVerdict({ misusedTools: [], accuracy: 5, shownWork: 1, reason: "Close." }, CANDIDATE),
    ).toMatchObject({ score: 6, accuracy: 5 });
  });

  it("a mis-used tool caps accuracy at 4 whatever the judge wrote, and the reason says the cap changed it", () => {
    const score = scoreVerdict(
      { misusedTools: [ADD], accuracy: 7, shownWork: 3, reason: "Right total." },
      CANDIDATE,
    );
    expect(score).toMatchObject({ score: 7, accuracy: 4, shownWork: 3, misusedTools: [ADD] });
    expect(score.reason).toBe("Right total. (Accuracy capped from 7 to 4: a tool was mis-used.)");
  });

  it("the cap is per tool: two mis-used tools leave at most 1 accuracy point, three leave 0", () => {
    const two = scoreVerdict(
      { misusedTools: [ADD, SEARCH], accuracy: 6, shownWork: 2, reason: "Ok." },
      CANDIDATE,
    );
    expect(two).toMatchObject({ score: 3, accuracy: 1, misusedTools: [ADD, SEARCH] });
    expect(two.reason).toBe("Ok. (Accuracy capped from 6 to 1: 2 tools were mis-used.)");
    expect(
      scoreVerdict(
        { misusedTools: [ADD, SEARCH, FETCH], accuracy: 7, shownWork: 3, reason: "Ok." },
        CANDIDATE,
      ),
    ).toMatchObject({ score: 3, accuracy: 0 });
  });

  it("two complaints about one tool are one mis-used tool, whatever the case of its name", () => {
    const score = scoreVerdict(
      {
        misusedTools: [ADD, { tool: "ADD", problem: "and again" }],
        accuracy: 7,
        shownWork: 0,
        reason: "Ok.",
      },
      CANDIDATE,
    );
    expect(score).toMatchObject({
      accuracy: 4,
      misusedTools: [ADD, { tool: "ADD", problem: "and again" }],
    });
    expect(score.reason).toContain("a tool was mis-used");
  });

  it("a listed tool the candidate never called is dropped, costs nothing, and the reason says it was ignored", () => {
    const invented = { tool: "web_search", problem: "never used it well" };
    const score = scoreVerdict(
      { misusedTools: [invented, ADD], accuracy: 7, shownWork: 3, reason: "Right total." },
      calling("Add"),
    );
    expect(score).toMatchObject({ score: 7, accuracy: 4, misusedTools: [ADD] });
    expect(score.reason).toBe(
      'Right total. (Mis-used tool "web_search" ignored: the run never called it.) (Accuracy capped from 7 to 4: a tool was mis-used.)',
    );
    // A run with no turns called no tool: nothing it is blamed for can cost it.
    const oneCall = scoreVerdict(
      { misusedTools: [ADD, SEARCH], accuracy: 7, shownWork: 3, reason: "Right." },
      { turns: [], answer: 9 },
    );
    expect(oneCall).toMatchObject({ score: 10, accuracy: 7, misusedTools: [] });
    expect(oneCall.reason).toBe(
      'Right. (Mis-used tools "add", "search" ignored: the run never called them.)',
    );
  });

  it("an accuracy already within the cap is kept, with no cap note", () => {
    expect(
      scoreVerdict(
        { misusedTools: [ADD], accuracy: 4, shownWork: 2, reason: "Half right." },
        CANDIDATE,
      ),
    ).toEqual({ score: 6, accuracy: 4, shownWork: 2, misusedTools: [ADD], reason: "Half right." });
    expect(
      scoreVerdict({ misusedTools: [ADD], accuracy: 1, shownWork: 0, reason: "Wrong." }, CANDIDATE),
    ).toMatchObject({ score: 1, reason: "Wrong." });
  });

  it("a verdict that breaks its schema (a custom judge's) is refused naming the field", () => {
    const broken = {
      misusedTools: [],
      accuracy: 9,
      shownWork: 3,
      reason: "Too kind.",
    } as JudgeVerdict;
    expect(() => scoreVerdict(broken, CANDIDATE)).toThrow(InvalidInputError);
    try {
      scoreVerdict(broken, CANDIDATE);
    } catch (error) {
      expect((error as InvalidInputError).parameter).toBe("verdict.accuracy");
    }
  });
});
