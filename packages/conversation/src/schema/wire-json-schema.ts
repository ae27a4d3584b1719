import type { z } from "zod";
import type { JsonSchema } from "../model/tool-definition.js";
import { modelJsonSchema } from "./model-json-schema.js";
import { wireNamesOf } from "./wire-names.js";

/**
 * The JSON Schema a model reads for a zod schema: {@link modelJsonSchema}'s, with every declared
 * property named as the wire spells it (snake_case, by the same rule {@link wireKeysFromWire}
 * reads it back with) and `required` lists to match. Keys the model chooses — a record's
 * (`propertyNames`/`additionalProperties`), a catchall's — have no names here to rename.
 * Converted once per schema object; the result is shared, so treat it as read-only.
 */
export function wireJsonSchema(schema: z.ZodType): JsonSchema {
  // Renaming walks the whole schema; a schema object renames the same every time.
  let wire = converted.get(schema);
  if (!wire) {
    wire = toWire(modelJsonSchema(schema)) as JsonSchema;
    converted.set(schema, wire);
  }
  return wire;
}

const converted = new WeakMap<z.ZodType, JsonSchema>();

/** Keywords holding one subschema. `propertyNames` is left alone: it constrains model-chosen keys. */
const ONE = [
  "items",
  "additionalItems",
  "additionalProperties",
  "not",
  "if",
  "then",
  "else",
  "contains",
] as const;
/** Keywords holding a list of subschemas. */
const LIST = ["anyOf", "oneOf", "allOf", "items", "prefixItems"] as const;
/** Keywords holding subschemas by a name that is not a property (definitions, patterns). */
const BY_NAME = ["definitions", "$defs", "patternProperties"] as const;

function toWire(schema: unknown): unknown {
  // `true` and `false` are schemas too, with nothing to rename.
  if (!isSchema(schema)) return schema;
  const out: Record<string, unknown> = { ...schema };
  delete out.$schema;
  let names: Map<string, string> | undefined;
  if (isSchema(schema.properties)) {
    const properties = schema.properties;
    names = wireNamesOf(Object.keys(properties));
    out.properties = Object.fromEntries(
      Object.entries(properties).map(([key, value]) => [names!.get(key)!, toWire(value)]),
    );
  }
  // A name not among the properties (a record's required enum keys) is the model's to spell.
  if (Array.isArray(schema.required))
    out.required = (schema.required as string[]).map((key) => names?.get(key) ?? key);
  for (const key of ONE) if (isSchema(schema[key])) out[key] = toWire(schema[key]);
  for (const key of LIST)
    if (Array.isArray(schema[key])) out[key] = (schema[key] as unknown[]).map(toWire);
  for (const key of BY_NAME) {
    const named = schema[key];
    if (isSchema(named))
      out[key] = Object.fromEntries(
        Object.entries(named).map(([name, value]) => [name, toWire(value)]),
      );
  }
  return out;
}

function isSchema(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
