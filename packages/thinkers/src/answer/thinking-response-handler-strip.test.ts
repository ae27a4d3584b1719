import { Parts } from "@nucleo/conversation";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  AnalysisReasoning,
  ChainOfThoughtReasoning,
  chainOfThoughtReasoning,
} from "./chain-of-thought-reasoning.js";
import { isReasoningField, REASONING_DESCRIPTION, reasoningField } from "./reasoning-field.js";
import { ThinkingResponseHandler } from "./thinking-response-handler.js";

const Finding = z.object({
  reasoning: reasoningField(),
  verdict: z.enum(["novel", "anticipated"]),
  citations: z.array(z.object({ patent: z.string(), why: chainOfThoughtReasoning() })),
  source: z.object({ url: z.string(), rationale: reasoningField().optional() }),
});

const handler = new ThinkingResponseHandler(Finding, { name: "finding" });
const REASONING_KEYS = ["reasoning", "why", "rationale"];

/** Every property name a JSON Schema declares, at any depth. */
function propertyNames(schema: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const item of schema) propertyNames(item, found);
  else if (typeof schema === "object" && schema !== null) {
    for (const [key, value] of Object.entries(schema)) {
      if (key === "properties" && typeof value === "object" && value !== null)
        for (const name of Object.keys(value)) found.add(name);
      propertyNames(value, found);
    }
  }
  return found;
}

/** Every description a JSON Schema carries, at any depth. */
function descriptions(schema: unknown, found: string[] = []): string[] {
  if (Array.isArray(schema)) for (const item of schema) descriptions(item, found);
  else if (typeof schema === "object" && schema !== null) {
    for (const [key, value] of Object.entries(schema)) {
      if (key === "description" && typeof value === "string") found.push(value);
      else descriptions(value, found);
    }
  }
  return found;
}

// Kept apart from the implementation's list on purpose: if that list loses a wording, this one still catches it.
const THOUGHT_PROCESS_WORDING = [
  /thought/i,
  /think/i,
  /chain[\s-]*of[\s-]*thought/i,
  /\binternal/i,
  /\binner\b/i,
  /monologue/i,
  /scratch\s?pad/i,
  /your reasoning/i,
  /reasoning process/i,
];
const CHECKABLE = /check|verif/i;

describe("ThinkingResponseHandler strip", () => {
  it("under a native thinking block the envelope asks for no reasoning, at the top or nested in the answer", () => {
    const schema = handler.contract(true).jsonSchema as {
      properties: Record<string, unknown>;
      required: string[];
    };
    expect(Object.keys(schema.properties)).toEqual(["answer"]);
    expect(schema.required).toEqual(["answer"]);
    const names = propertyNames(schema);
    for (const key of REASONING_KEYS) expect(names.has(key)).toBe(false);
    for (const key of ["verdict", "citations", "patent", "source", "url"])
      expect(names.has(key)).toBe(true);
  });

  it("without a native thinking block every reasoning field stays, the envelope's first", () => {
    const schema = handler.contract(false).jsonSchema as {
      properties: Record<string, unknown>;
      required: string[];
    };
    expect(Object.keys(schema.properties)).toEqual(["reasoning", "answer"]);
    expect(schema.required).toEqual(["reasoning", "answer"]);
    const names = propertyNames(schema.properties.answer);
    for (const key of REASONING_KEYS) expect(names.has(key)).toBe(true);
  });

  it("the envelope's answer is required but nullable, for strict providers", () => {
    for (const thinkingActive of [true, false]) {
      const contract = handler.contract(thinkingActive);
      expect(contract.schema.safeParse({ reasoning: "r", answer: null }).success).toBe(true);
      expect((contract.jsonSchema as { required: string[] }).required).toContain("answer");
    }
  });

  it("reading under a native thinking block takes the envelope's reasoning from the block", () => {
    const thinking = [
      Parts.thinking("EP1 discloses claim 1."),
      Parts.thinking("Claim 2 is missing.", "sig"),
    ];
    const response = handler.read(JSON.stringify({ answer: null }), thinking, true);
    expect(response.reasoning).toBe("EP1 discloses claim 1.\n\nClaim 2 is missing.");
    expect(ThinkingResponseHandler.resolveReasoning(thinking)).toBe(response.reasoning);
  });

  it("reading under a native thinking block fills the answer's stripped fields from the block, as a string or as ChainOfThought", () => {
    const answer = {
      verdict: "anticipated",
      citations: [{ patent: "EP1" }],
      source: { url: "https://example.test" },
    };
    const response = handler.read(JSON.stringify({ answer }), [Parts.thinking("the block")], true);
    expect(response.answer).toEqual({
      reasoning: "the block",
      verdict: "anticipated",
      citations: [{ patent: "EP1", why: { approach: "the block", steps: [] } }],
      source: { url: "https://example.test", rationale: "the block" },
    });
  });

  it("under a native thinking block a reasoning field the model sent anyway is replaced by the block's", () => {
    const answer = { reasoning: 42, verdict: "novel", citations: [], source: { url: "u" } };
    expect(
      handler.read(JSON.stringify({ answer }), [Parts.thinking("the block")], true).answer
        ?.reasoning,
    ).toBe("the block");
  });

  it("the filled answer is still checked against the full answer schema", () => {
    const answer = { verdict: "maybe", citations: [], source: { url: "u" } };
    expect(() => handler.read(JSON.stringify({ answer }), [Parts.thinking("t")], true)).toThrow(
      expect.objectContaining({ parameter: "answer.verdict" }),
    );
  });

  it("a leaf answer under a native thinking block is asked for without reasoning", () => {
    const leaf = new ThinkingResponseHandler(z.string(), { name: "reply" });
    expect(
      Object.keys((leaf.contract(true).jsonSchema as { properties: object }).properties),
    ).toEqual(["answer"]);
    expect(leaf.read('{"answer":"hello"}', [Parts.thinking("why")], true)).toEqual({
      reasoning: "why",
      answer: "hello",
    });
  });

  it("every reasoning description asks for a checkable justification, never for a thought process in any wording", () => {
    const all = [
      REASONING_DESCRIPTION,
      ...descriptions(z.toJSONSchema(chainOfThoughtReasoning())),
      ...descriptions(z.toJSONSchema(AnalysisReasoning)),
      ...descriptions(handler.contract(false).jsonSchema),
    ];
    expect(all).toContain(REASONING_DESCRIPTION);
    expect(all.length).toBeGreaterThanOrEqual(4);
    for (const description of all)
      for (const wording of THOUGHT_PROCESS_WORDING) expect(description).not.toMatch(wording);
    expect(REASONING_DESCRIPTION).toMatch(CHECKABLE);
    expect(REASONING_DESCRIPTION).toMatch(/evidence/i);
    for (const field of [
      ChainOfThoughtReasoning.shape.approach,
      ChainOfThoughtReasoning.shape.steps,
    ])
      expect(field.description).toMatch(CHECKABLE);
  });

  it.each([
    "Your thought process.",
    "Explain your thinking step by step.",
    "Your internal reasoning.",
    "A chain of thought.",
    "Your inner monologue.",
    "Think out loud.",
  ])("reasoningField refuses the description %j and names the wording", (description) => {
    expect(() => reasoningField(z.string().describe(description))).toThrow(RangeError);
    const nested = z.object({ approach: z.string().describe(description) });
    expect(() => reasoningField(nested, (text) => ({ approach: text }))).toThrow(RangeError);
    try {
      reasoningField(z.string().describe(description));
    } catch (error) {
      const named = /uses "([^"]+)"/.exec((error as Error).message)?.[1];
      expect(named !== undefined && description.toLowerCase().includes(named.toLowerCase())).toBe(
        true,
      );
    }
  });

  it("reasoningField keeps a compliant description and describes a bare field", () => {
    expect(reasoningField().description).toBe(REASONING_DESCRIPTION);
    expect(
      reasoningField(z.string().describe("The claims each cited page supports.")).description,
    ).toBe("The claims each cited page supports.");
  });

  it("a reasoning field is marked by identity, not by its description, and keeps the mark when made optional", () => {
    expect(isReasoningField(z.string().describe(REASONING_DESCRIPTION))).toBe(false);
    const bare = z.string();
    expect(isReasoningField(reasoningField(bare))).toBe(true);
    expect(isReasoningField(bare)).toBe(false);
    expect(isReasoningField(reasoningField().optional())).toBe(true);
    expect(isReasoningField(ChainOfThoughtReasoning)).toBe(false);
    expect(isReasoningField(chainOfThoughtReasoning())).toBe(true);
  });

  it("a reasoning field that is not a string must say how to rebuild it from the thinking text", () => {
    expect(() => reasoningField(z.object({ approach: z.string() }))).toThrow(TypeError);
  });

  it("a reasoning field described after it was marked is still checked, when its contract is built", () => {
    const Sneaky = z.object({
      verdict: z.boolean(),
      reasoning: reasoningField().describe("Your thought process, step by step."),
    });
    const handler = new ThinkingResponseHandler(Sneaky, { name: "sneaky_verdict" });
    expect(() => handler.contract(false)).toThrow(/sneaky_verdict.*"thought/);
  });
});
