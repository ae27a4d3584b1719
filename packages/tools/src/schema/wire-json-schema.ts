import type { JsonSchema } from "@nucleo/conversation";
import { z } from "zod";
import { WireCase } from "./wire-case.js";

/**
 * The JSON Schema a model reads for a zod schema: generated from it, with every property name
 * in the wire's snake_case (and `required` lists to match). Converted once per schema object;
 * the result is shared, so treat it as read-only.
 */
export function wireJsonSchema(schema: z.ZodType): JsonSchema {
  // Converting zod to JSON Schema is costly; a schema object converts the same every time.
  let wire = converted.get(schema);
  if (!wire) {
    wire = toWire(z.toJSONSchema(schema, { target: "draft-7", unrepresentable: "any" }) as JsonSchema);
    converted.set(schema, wire);
  }
  return wire;
}

const converted = new WeakMap<z.ZodType, JsonSchema>();

function toWire(schema: JsonSchema): JsonSchema {
  const out: Record<string, unknown> = { ...schema };
  delete out.$schema;
  if (schema.properties && typeof schema.properties === "object") {
    out.properties = Object.fromEntries(Object.entries(schema.properties as Record<string, JsonSchema>).map(([key, value]) => [WireCase.toWire(key), toWire(value)]));
  }
  if (Array.isArray(schema.required)) out.required = (schema.required as string[]).map(WireCase.toWire);
  if (schema.items && typeof schema.items === "object" && !Array.isArray(schema.items)) out.items = toWire(schema.items as JsonSchema);
  for (const key of ["anyOf", "oneOf", "allOf"] as const) {
    if (Array.isArray(schema[key])) out[key] = (schema[key] as JsonSchema[]).map(toWire);
  }
  if (schema.additionalProperties && typeof schema.additionalProperties === "object") out.additionalProperties = toWire(schema.additionalProperties as JsonSchema);
  return out;
}
