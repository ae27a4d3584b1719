import { describe, expect, it } from "vitest";
import { z } from "zod";
import { describeInNotation } from "./schema-notation.js";

const jsonSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { target: "draft-7" }) as Record<string, unknown>;

describe("describeInNotation", () => {
  it("describes the fields of a nested object, one line each, indented", () => {
    const text = describeInNotation(
      jsonSchema(
        z.object({ verdict: z.object({ novel: z.boolean(), reason: z.string().describe("why") }) }),
      ),
    );
    expect(text).toBe("@verdict: object\n  @novel: boolean\n  @reason: string -- why");
  });

  it("describes the fields of a nullable object too (an envelope's answer is one)", () => {
    const text = describeInNotation(
      jsonSchema(z.object({ answer: z.object({ total: z.number() }).nullable() })),
    );
    expect(text).toBe("@answer: object or null\n  @total: number");
  });

  it("describes the object of a list's items", () => {
    expect(
      describeInNotation(jsonSchema(z.object({ rows: z.array(z.object({ id: z.string() })) }))),
    ).toBe("@rows: list<object>\n  @id: string");
  });
});
