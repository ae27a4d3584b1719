import { InvalidInputError } from "@nucleo/core";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ThinkingResponseHandler } from "./thinking-response-handler.js";

const ClaimVerdict = z.object({
  verdict: z.enum(["novel", "anticipated"]),
  confidence: z.number(),
  citations: z.array(z.object({ patent: z.string(), page: z.int() })),
  note: z.string().optional(),
});

const VALID = { verdict: "novel", confidence: 0.8, citations: [{ patent: "EP1234567", page: 3 }] };

const composite = new ThinkingResponseHandler(ClaimVerdict, { name: "claim_verdict" });
const leaf = new ThinkingResponseHandler(z.string(), { name: "reply" });

/** The refusal `run` throws; fails the test when it throws nothing or something else. */
function refusal(run: () => unknown): InvalidInputError {
  try {
    run();
  } catch (error) {
    expect(InvalidInputError.isInstance(error)).toBe(true);
    return error as InvalidInputError;
  }
  throw new Error("expected a refusal, but the answer was accepted");
}

describe("ThinkingResponseHandler answer shape", () => {
  it("accepts a right-shaped composite answer as the typed object", () => {
    expect(composite.convert(VALID)).toEqual(VALID);
    expect(
      composite.read(JSON.stringify({ reasoning: "EP1 lacks claim 2", answer: VALID }), [], false),
    ).toEqual({ reasoning: "EP1 lacks claim 2", answer: VALID });
  });

  it.each([
    ["a flattened string", "novel, 0.8"],
    ["an array", [VALID]],
    ["a number", 0.8],
    ["a boolean", true],
  ])("a composite answer refuses %s, naming answer and the answer type", (_, raw) => {
    const error = refusal(() => composite.convert(raw));
    expect(error.correctable).toBe(true);
    expect(error.parameter).toBe("answer");
    expect(error.expected).toBe("a JSON object (claim_verdict)");
  });

  it.each([
    ["an object", { text: "hi" }],
    ["an array", ["hi"]],
    ["a number", 42],
    ["a boolean", false],
  ])("a leaf string answer refuses %s, naming the declared type", (_, raw) => {
    const error = refusal(() => leaf.convert(raw));
    expect(error.parameter).toBe("answer");
    expect(error.expected).toBe("a string");
  });

  it("a null or absent answer is no answer yet, not a wrong shape", () => {
    for (const handler of [composite, leaf]) {
      expect(handler.convert(null)).toBeNull();
      expect(handler.convert(undefined)).toBeNull();
      expect(
        handler.read('{"reasoning":"need the claims first","answer":null}', [], false).answer,
      ).toBeNull();
      expect(handler.read('{"reasoning":"need the claims first"}', [], false).answer).toBeNull();
    }
  });

  it("a mistyped enum field is refused naming the accepted values", () => {
    const error = refusal(() => composite.convert({ ...VALID, verdict: "maybe" }));
    expect(error.parameter).toBe("answer.verdict");
    expect(error.expected).toBe('one of "novel", "anticipated"');
  });

  it("a mistyped number or integer field is refused naming the declared type", () => {
    expect(refusal(() => composite.convert({ ...VALID, confidence: "high" })).expected).toBe(
      "a number",
    );
    const page = refusal(() =>
      composite.convert({ ...VALID, citations: [{ patent: "EP1", page: 1.5 }] }),
    );
    expect(page.parameter).toBe("answer.citations[0].page");
    expect(page.expected).toBe("an integer");
  });

  it("a missing required field is named with its declared type", () => {
    const { confidence: _, ...withoutConfidence } = VALID;
    const error = refusal(() => composite.convert(withoutConfidence));
    expect(error.parameter).toBe("answer.confidence");
    expect(error.expected).toBe("a number (required)");
    const { verdict: __, ...withoutVerdict } = VALID;
    expect(refusal(() => composite.convert(withoutVerdict)).expected).toBe(
      'one of "novel", "anticipated" (required)',
    );
  });

  it("a mistyped nested field is named by its full path", () => {
    const error = refusal(() =>
      composite.convert({ ...VALID, citations: [VALID.citations[0], { patent: 7, page: 1 }] }),
    );
    expect(error.parameter).toBe("answer.citations[1].patent");
    expect(error.expected).toBe("a string");
  });

  it("a discriminated union's bad or missing tag is named with every member's tag", () => {
    const Finding = z.object({
      kind: z.discriminatedUnion("type", [
        z.object({ type: z.literal("prior_art"), patent: z.string() }),
        z.object({ type: z.literal("none") }),
      ]),
    });
    const handler = new ThinkingResponseHandler(Finding, { name: "finding" });
    const wrong = refusal(() => handler.convert({ kind: { type: "other" } }));
    expect(wrong.parameter).toBe("answer.kind.type");
    expect(wrong.expected).toBe('one of "prior_art", "none"');
    expect(refusal(() => handler.convert({ kind: {} })).expected).toBe(
      'one of "prior_art", "none" (required)',
    );
    const member = refusal(() => handler.convert({ kind: { type: "prior_art", patent: 1 } }));
    expect([member.parameter, member.expected]).toEqual(["answer.kind.patent", "a string"]);
  });

  it("a broken check is stated from the schema's bound", () => {
    const bounded = new ThinkingResponseHandler(
      z.object({ title: z.string().min(5), score: z.number().max(10) }),
      { name: "titled" },
    );
    expect(refusal(() => bounded.convert({ title: "ab", score: 1 })).expected).toBe(
      "a string of at least 5 characters",
    );
    expect(refusal(() => bounded.convert({ title: "abcdef", score: 11 })).expected).toBe(
      "a number <= 10",
    );
  });

  it("the decoder's own complaint survives on cause", () => {
    const error = refusal(() => composite.convert({ ...VALID, confidence: "high" }));
    expect(error.cause).toBeInstanceOf(z.ZodError);
    expect((error.cause as z.ZodError).issues[0]?.path).toEqual(["confidence"]);
  });

  it("content that is not one JSON object is refused naming the envelope's fields", () => {
    const plain = refusal(() => composite.read("The claim is novel.", [], false));
    expect(plain.parameter).toBe("answer");
    expect(plain.expected).toBe("one JSON object with the fields reasoning and answer");
    expect(refusal(() => composite.read("[1]", [], true)).expected).toBe(
      "one JSON object with the field answer",
    );
  });

  it("without a native thinking block the envelope's reasoning must be a string", () => {
    const mistyped = refusal(() =>
      composite.read(JSON.stringify({ reasoning: ["a"], answer: null }), [], false),
    );
    expect(mistyped.parameter).toBe("reasoning");
    expect(mistyped.expected).toBe("a string");
    expect(
      refusal(() => composite.read(JSON.stringify({ answer: VALID }), [], false)).expected,
    ).toBe("a string (required)");
  });
});

describe("ThinkingResponseHandler refusals never echo the model's values (canary)", () => {
  const CANARY = "CANARY-7f3a";
  const Rich = z.object({
    verdict: z.enum(["novel", "anticipated"]),
    confidence: z.number(),
    citations: z.array(z.object({ patent: z.string(), page: z.int() })),
    scores: z.record(z.string(), z.number()),
    detail: z.strictObject({ summary: z.string() }),
    kind: z.discriminatedUnion("type", [
      z.object({ type: z.literal("a"), x: z.string() }),
      z.object({ type: z.literal("b"), y: z.number() }),
    ]),
    code: z.string().regex(/^EP\d+$/),
    label: z.string().min(20),
    flagged: z.boolean().refine((value) => value, { message: "true when the claim was checked" }),
  });
  const base = {
    verdict: "novel",
    confidence: 1,
    citations: [],
    scores: {},
    detail: { summary: "s" },
    kind: { type: "a", x: "x" },
    code: "EP1",
    label: "a label of twenty characters or more",
    flagged: true,
  };
  const handler = new ThinkingResponseHandler(Rich, { name: "rich_verdict" });
  const shortLeaf = new ThinkingResponseHandler(z.string().min(20), { name: "reply" });

  const answers: [string, unknown][] = [
    ["the whole answer as a string", CANARY],
    ["the whole answer as an array", [CANARY, { [CANARY]: CANARY }]],
    ["an invented top-level key in place of a field", { [CANARY]: CANARY }],
    ["an enum attempt", { ...base, verdict: CANARY }],
    ["an enum attempt as an object", { ...base, verdict: { [CANARY]: CANARY } }],
    ["a number field holding the canary", { ...base, confidence: CANARY }],
    ["an array of the canary", { ...base, citations: [CANARY] }],
    [
      "a nested field holding the canary",
      { ...base, citations: [{ patent: "EP1", page: CANARY }] },
    ],
    ["a nested object keyed by the canary", { ...base, citations: [{ [CANARY]: 1 }] }],
    ["a record key with a mistyped value", { ...base, scores: { [CANARY]: CANARY } }],
    ["a record holding the canary", { ...base, scores: CANARY }],
    [
      "an unrecognized key in a strict object",
      { ...base, detail: { summary: "s", [CANARY]: CANARY } },
    ],
    [
      "a mistyped field beside an unrecognized key",
      { ...base, detail: { summary: 1, [CANARY]: 1 } },
    ],
    ["a discriminator attempt", { ...base, kind: { type: CANARY, x: CANARY } }],
    ["a mistyped field of a union member", { ...base, kind: { type: "b", y: CANARY } }],
    ["a string failing a pattern", { ...base, code: CANARY }],
    ["a string failing a length bound", { ...base, label: CANARY }],
    ["a value failing a refinement", { ...base, flagged: false, [CANARY]: CANARY }],
  ];

  it.each(answers)("a refusal of %s names no value or key the model sent", (_, raw) => {
    expectNoCanary(refusal(() => handler.convert(raw)));
    expectNoCanary(
      refusal(() => handler.read(JSON.stringify({ reasoning: CANARY, answer: raw }), [], false)),
    );
  });

  it.each([
    ["an object", { [CANARY]: CANARY }],
    ["an array", [CANARY]],
    ["a string too short", CANARY],
  ])("a leaf answer's refusal of %s names no value the model sent", (_, raw) => {
    expectNoCanary(refusal(() => shortLeaf.convert(raw)));
  });

  it.each([
    ["prose", `${CANARY} is my answer`],
    ["a non-string reasoning", JSON.stringify({ reasoning: { [CANARY]: CANARY }, answer: null })],
    ["an envelope of invented keys", JSON.stringify({ [CANARY]: CANARY })],
  ])("an envelope refusal of %s names no value the model sent", (_, content) => {
    expectNoCanary(refusal(() => handler.read(content, [], false)));
  });

  function expectNoCanary(error: InvalidInputError): void {
    for (const text of [
      error.message,
      error.parameter,
      error.expected,
      String(error),
      JSON.stringify(error),
      error.stack ?? "",
    ]) {
      expect(text).not.toContain(CANARY);
      expect(text.toLowerCase()).not.toContain("canary");
    }
  }
});
