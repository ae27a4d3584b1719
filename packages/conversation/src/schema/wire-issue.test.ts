import { describe, expect, it } from "vitest";
import { z } from "zod";
import { describeWireIssue } from "./wire-issue.js";

function described(schema: z.ZodType, input: unknown, options?: { root?: string }) {
  const parsed = schema.safeParse(input);
  if (parsed.success) throw new Error("the input was accepted");
  return describeWireIssue(schema, input, parsed.error.issues[0]!, options);
}

describe("describeWireIssue", () => {
  it("names a declared field as the model spells it, under the given root", () => {
    const schema = z.object({ claimSets: z.array(z.object({ pageNumber: z.int() })) });
    expect(
      described(
        schema,
        { claimSets: [{ pageNumber: 1 }, { pageNumber: "x" }] },
        { root: "answer" },
      ),
    ).toEqual({
      parameter: "answer.claim_sets[1].page_number",
      expected: "an integer",
    });
    expect(described(z.object({ a: z.string() }), { a: 1 }).parameter).toBe("a");
  });

  it("states bounds, enum values and formats from the schema", () => {
    expect(described(z.object({ n: z.number().max(10) }), { n: 11 }).expected).toBe(
      "a number <= 10",
    );
    expect(described(z.object({ s: z.string().length(3) }), { s: "ab" }).expected).toBe(
      "a string of exactly 3 characters",
    );
    expect(described(z.object({ v: z.enum(["novel", "anticipated"]) }), {}).expected).toBe(
      'one of "novel", "anticipated" (required)',
    );
    expect(described(z.object({ e: z.email() }), { e: "no" }).expected).toBe("a valid email");
  });

  it("names a discriminated union's tag with every option's tag", () => {
    const schema = z.object({
      kind: z.discriminatedUnion("type", [
        z.object({ type: z.literal("prior_art") }),
        z.object({ type: z.literal("none") }),
      ]),
    });
    expect(described(schema, { kind: { type: "other" } })).toEqual({
      parameter: "kind.type",
      expected: 'one of "prior_art", "none"',
    });
  });

  it("stops above a key the model chose and says what each value must be, never the key", () => {
    const scores = z.object({ scores: z.record(z.string(), z.number().max(5)) });
    const bad = described(scores, { scores: { canary_key: 9 } });
    expect(bad).toEqual({
      parameter: "scores",
      expected: "an object whose values are each a number <= 5",
    });
    const nested = z.object({ claims: z.record(z.string(), z.object({ text: z.string() })) });
    expect(described(nested, { claims: { canary_key: {} } })).toEqual({
      parameter: "claims",
      expected:
        "an object whose values are each an object (inside one of them, a string (required) was expected)",
    });
    const extra = z.object({ id: z.string() }).catchall(z.boolean());
    expect(described(extra, { id: "a", canary_key: 1 })).toEqual({
      parameter: "(input)",
      expected: "an object whose other fields are each a boolean",
    });
    const keys = z.object({ tags: z.record(z.string().max(3), z.number()) });
    expect(described(keys, { tags: { canary_key: 1 } })).toEqual({
      parameter: "tags",
      expected: "an object whose keys each pass the schema's rule for keys",
    });
  });

  it("never repeats a value or a custom message", () => {
    const schema = z.object({
      note: z.string().refine(() => false, { error: (issue) => `bad ${String(issue.input)}` }),
    });
    const { parameter, expected } = described(schema, { note: "CANARY_VALUE" });
    expect([parameter, expected]).toEqual(["note", "a string that passes the schema's check"]);
  });
});
