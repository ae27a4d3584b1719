import { describe, expect, it } from "vitest";
import { z } from "zod";
import { toStrictSchema } from "./strict-schema.js";

describe("toStrictSchema", () => {
  it("closes every object of a schema whose properties are all required", () => {
    const schema = {
      type: "object",
      properties: {
        a: { type: "string" },
        b: {
          type: "array",
          items: { type: "object", properties: { x: { type: "number" } }, required: ["x"] },
        },
      },
      required: ["a", "b"],
    };
    expect(toStrictSchema(schema)).toEqual({
      type: "object",
      properties: {
        a: { type: "string" },
        b: {
          type: "array",
          items: {
            type: "object",
            properties: { x: { type: "number" } },
            required: ["x"],
            additionalProperties: false,
          },
        },
      },
      required: ["a", "b"],
      additionalProperties: false,
    });
  });

  it("takes a zod schema's JSON Schema, dropping the keywords strict mode refuses that only narrow values", () => {
    const schema = z.toJSONSchema(
      z.object({
        name: z.string().min(1),
        tags: z.array(z.enum(["a", "b"])),
        note: z.string().nullable(),
      }),
    );
    const strict = toStrictSchema(schema);
    expect(strict).toBeDefined();
    expect(JSON.stringify(strict)).not.toContain("minLength");
    expect(strict).not.toHaveProperty("$schema");
  });

  it("refuses a schema with an optional property: making it nullable would change the answer", () => {
    expect(
      toStrictSchema(
        z.toJSONSchema(z.object({ name: z.string(), nickname: z.string().optional() })),
      ),
    ).toBeUndefined();
  });

  it("refuses open objects, free-form objects and keywords outside strict mode", () => {
    expect(
      toStrictSchema({
        type: "object",
        properties: { a: { type: "string" } },
        required: ["a"],
        additionalProperties: true,
      }),
    ).toBeUndefined();
    expect(
      toStrictSchema({
        type: "object",
        properties: { meta: { type: "object" } },
        required: ["meta"],
      }),
    ).toBeUndefined();
    expect(
      toStrictSchema({
        type: "object",
        properties: { a: { oneOf: [{ type: "string" }] } },
        required: ["a"],
      }),
    ).toBeUndefined();
    expect(
      toStrictSchema(z.toJSONSchema(z.object({ byId: z.record(z.string(), z.number()) }))),
    ).toBeUndefined();
  });

  it("refuses a root that is not an object", () => {
    expect(toStrictSchema({ type: "array", items: { type: "string" } })).toBeUndefined();
  });
});
