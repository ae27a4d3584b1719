import { describe, expect, it } from "vitest";
import { z } from "zod";
import { declaredType } from "./declared-type.js";

describe("declaredType", () => {
  it.each([
    ["a string", z.string().min(3)],
    ["a number", z.number()],
    ["an integer", z.number().int()],
    ["an integer", z.int()],
    ["a boolean", z.boolean()],
    ['one of "novel", "anticipated"', z.enum(["novel", "anticipated"])],
    ['"exact"', z.literal("exact")],
    ["one of 1, 2", z.literal([1, 2])],
    ["an array", z.array(z.string())],
    ["an object", z.object({ a: z.string() })],
    ["an object", z.record(z.string(), z.number())],
    ["a string or null", z.string().nullable()],
    ["a number", z.number().optional()],
    ["a string or a number", z.union([z.string(), z.number()])],
  ])("names %s from the schema alone", (expected, schema) => {
    expect(declaredType(schema)).toBe(expected);
  });
});
