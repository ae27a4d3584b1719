import { z } from "zod";
import type { JsonSchema } from "../model/tool-definition.js";

/**
 * The JSON Schema zod generates for `schema`, in the schema's own spelling: draft-7, with what
 * JSON Schema cannot say (a date, a transform's output) left open. Every schema a model reads
 * starts here — a response contract's as it is, a tool's and a thinker's answer renamed by
 * {@link wireJsonSchema} — so zod is converted in this one place. Converted once per schema
 * object; the result is shared, so treat it as read-only.
 *
 * @example
 * modelJsonSchema(z.object({ novel: z.boolean() })).properties; // { novel: { type: "boolean" } }
 */
export function modelJsonSchema(schema: z.ZodType): JsonSchema {
  // Converting zod to JSON Schema is costly; a schema object converts the same every time.
  let jsonSchema = converted.get(schema);
  if (jsonSchema === undefined) {
    jsonSchema = z.toJSONSchema(schema, {
      target: "draft-7",
      unrepresentable: "any",
    }) as JsonSchema;
    converted.set(schema, jsonSchema);
  }
  return jsonSchema;
}

const converted = new WeakMap<z.ZodType, JsonSchema>();
