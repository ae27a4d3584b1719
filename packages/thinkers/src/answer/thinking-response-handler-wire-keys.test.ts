import { describe, expect, it } from "vitest";
import { z } from "zod";
import { reasoningField } from "./reasoning-field.js";
import { ThinkingResponseHandler } from "./thinking-response-handler.js";

// A declared snake_case key, an acronym, and a record whose keys are the model's own data.
const PatentScores = z.strictObject({
  patent_number: z.string(),
  URL: z.string(),
  claimScores: z.record(z.string(), z.number()),
});

const handler = new ThinkingResponseHandler(PatentScores, { name: "patent_scores" });
const sent = {
  patent_number: "EP1234567",
  url: "https://example.test",
  claim_scores: { us_123: 0.5, claimA: 1 },
};
const expected = {
  patent_number: "EP1234567",
  URL: "https://example.test",
  claimScores: { us_123: 0.5, claimA: 1 },
};

describe("ThinkingResponseHandler wire keys", () => {
  it("the envelope's JSON Schema names the answer's fields exactly as the handler reads them back", () => {
    const text = JSON.stringify(handler.contract(false).jsonSchema);
    expect(text).toContain('"patent_number"');
    expect(text).toContain('"url"');
    expect(text).toContain('"claim_scores"');
    expect(text).not.toMatch(/"URL"|"claimScores"/);
  });

  it("an answer with a declared snake_case field, an acronym and a record is accepted, the record's keys kept verbatim", () => {
    const { reasoning, answer } = handler.read(
      JSON.stringify({ reasoning: "Scored each claim.", answer: sent }),
      [],
      false,
    );
    expect(reasoning).toBe("Scored each claim.");
    expect(answer).toEqual(expected);
  });

  it("under a thinking block the same names are read back", () => {
    const { answer } = handler.read(
      JSON.stringify({ answer: sent }),
      [{ type: "thinking", text: "thought" }],
      true,
    );
    expect(answer).toEqual(expected);
  });

  it("a stripped reasoning field the model sends anyway is recognised by its wire name and filled from the thinking block", () => {
    const Verdict = z.strictObject({
      reasoningNotes: reasoningField(),
      tagScores: z.record(z.string(), z.number()),
    });
    const verdicts = new ThinkingResponseHandler(Verdict, { name: "tag_verdict" });
    const { answer } = verdicts.read(
      JSON.stringify({ answer: { reasoning_notes: "sent anyway", tag_scores: { us_1: 1 } } }),
      [{ type: "thinking", text: "the block" }],
      true,
    );
    expect(answer).toEqual({ reasoningNotes: "the block", tagScores: { us_1: 1 } });
  });
});
