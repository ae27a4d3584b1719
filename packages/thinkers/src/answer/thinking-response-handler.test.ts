import { describe, expect, it } from "vitest";
import { z } from "zod";
import { reasoningField } from "./reasoning-field.js";
import { ThinkingResponseHandler } from "./thinking-response-handler.js";

const ClaimVerdict = z.object({ reasoning: reasoningField(), novel: z.boolean() });

describe("ThinkingResponseHandler", () => {
  it("handlers over the same answer schema share one contract per thinking flag", () => {
    const first = new ThinkingResponseHandler(ClaimVerdict, { name: "claim_verdict" });
    const second = new ThinkingResponseHandler(ClaimVerdict, { name: "claim_verdict" });
    expect(second.contract(true)).toBe(first.contract(true));
    expect(second.contract(false)).toBe(first.contract(false));
    expect(first.contract(true)).not.toBe(first.contract(false));
    expect(first.contract(true)).toBe(first.contract(true));
  });

  it("a different answer schema or name gets its own contract", () => {
    const base = new ThinkingResponseHandler(ClaimVerdict, { name: "claim_verdict" });
    const otherSchema = new ThinkingResponseHandler(z.object({ novel: z.boolean() }), {
      name: "claim_verdict",
    });
    const otherName = new ThinkingResponseHandler(ClaimVerdict, { name: "novelty_verdict" });
    expect(otherSchema.contract(false)).not.toBe(base.contract(false));
    expect(otherName.contract(false).name).toBe("novelty_verdict_response");
  });

  it("the contract is named after the answer type and rendered in schema notation", () => {
    const handler = new ThinkingResponseHandler(ClaimVerdict, { name: "claim_verdict" });
    expect(handler.contract(false).name).toBe("claim_verdict_response");
    expect(handler.contract(false).notation).toBe(true);
    expect(handler.usesSchemaNotation()).toBe(true);
  });

  it("an object answer is composite and a string answer is a leaf", () => {
    expect(new ThinkingResponseHandler(ClaimVerdict, { name: "claim_verdict" }).kind).toBe(
      "composite",
    );
    expect(new ThinkingResponseHandler(z.string().min(1), { name: "reply" }).kind).toBe("leaf");
  });

  it.each([
    ["a number", z.number()],
    ["an array", z.array(z.string())],
    ["an optional object", z.object({ novel: z.boolean() }).optional()],
  ])("an answer type that is %s is refused, naming the type and what is accepted", (_, schema) => {
    expect(() => new ThinkingResponseHandler(schema as z.ZodType, { name: "odd_answer" })).toThrow(
      TypeError,
    );
    expect(() => new ThinkingResponseHandler(schema as z.ZodType, { name: "odd_answer" })).toThrow(
      /odd_answer.*z\.object.*z\.string\(\)/,
    );
  });

  it("the answer type name must be snake_case", () => {
    expect(() => new ThinkingResponseHandler(ClaimVerdict, { name: "ClaimVerdict" })).toThrow(
      TypeError,
    );
  });

  it("the envelope's reasoning is the blocks' text joined, skipping empty (redacted) blocks", () => {
    expect(ThinkingResponseHandler.resolveReasoning([])).toBe("");
    const parts = [
      { type: "thinking", text: "a" },
      { type: "thinking", text: "", redacted: "opaque" },
      { type: "thinking", text: "b" },
    ] as const;
    expect(ThinkingResponseHandler.resolveReasoning(parts)).toBe("a\n\nb");
  });

  it("the answer travels in the wire's snake_case: the contract shows it, the reader reads it back, a refusal names it", () => {
    const Found = z.object({
      priorArt: z.array(z.object({ publicationNumber: z.string() })),
      artifactRefs: z.array(z.string()),
    });
    const handler = new ThinkingResponseHandler(Found, { name: "found" });
    const answerSchema = (
      handler.contract(false).jsonSchema.properties as Record<
        string,
        { anyOf: Array<{ properties?: object }> }
      >
    ).answer;
    expect(Object.keys(answerSchema!.anyOf[0]!.properties!)).toEqual([
      "prior_art",
      "artifact_refs",
    ]);
    const read = handler.read(
      JSON.stringify({
        reasoning: "r",
        answer: { prior_art: [{ publication_number: "EP1" }], artifact_refs: [] },
      }),
      [],
      false,
    );
    expect(read.answer).toEqual({ priorArt: [{ publicationNumber: "EP1" }], artifactRefs: [] });
    expect(() =>
      handler.read(
        JSON.stringify({
          reasoning: "r",
          answer: { prior_art: [{ publication_number: 7 }], artifact_refs: [] },
        }),
        [],
        false,
      ),
    ).toThrow(/"answer\.prior_art\[0\]\.publication_number"/);
  });
});
