import { describe, expect, it } from "vitest";
import { z } from "zod";
import { responseContract } from "../correction/response-contract.js";
import { modelJsonSchema } from "./model-json-schema.js";
import { wireJsonSchema } from "./wire-json-schema.js";

const Verdict = z.object({ patentNumber: z.string(), novel: z.boolean() });

describe("modelJsonSchema", () => {
  it("a response contract's JSON Schema is the one conversion's, not a second one", () => {
    const contract = responseContract("verdict", Verdict);
    expect(contract.jsonSchema).toBe(modelJsonSchema(Verdict));
    expect(Object.keys((contract.jsonSchema as { properties: object }).properties)).toEqual([
      "patentNumber",
      "novel",
    ]);
  });

  it("the wire schema is the same conversion with declared keys spelled the wire's way, and leaves it unchanged", () => {
    const declared = modelJsonSchema(Verdict) as {
      properties: Record<string, unknown>;
      required: string[];
    };
    const wire = wireJsonSchema(Verdict) as {
      properties: Record<string, unknown>;
      required: string[];
    };
    expect(wire.properties).toEqual({
      patent_number: declared.properties.patentNumber,
      novel: declared.properties.novel,
    });
    expect(wire.required).toEqual(["patent_number", "novel"]);
    expect(declared.required).toEqual(["patentNumber", "novel"]);
  });

  it("converts a schema object once and shares the result", () => {
    expect(modelJsonSchema(Verdict)).toBe(modelJsonSchema(Verdict));
  });
});
