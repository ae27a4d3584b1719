import type { JsonSchema } from "@nucleo/conversation";

// Keywords strict mode reads. A schema using any keyword outside these two sets is sent
// non-strict, exactly as written.
const STRUCTURE = new Set([
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "anyOf",
  "enum",
  "const",
  "$ref",
  "$defs",
  "definitions",
  "description",
  "title",
  "pattern",
  "format",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minItems",
  "maxItems",
]);
// Keywords strict mode refuses but that only annotate or narrow values. They are dropped from
// the wire copy: the caller still validates the answer against its full schema.
const DROPPABLE = new Set([
  "$schema",
  "$id",
  "$comment",
  "default",
  "examples",
  "deprecated",
  "readOnly",
  "writeOnly",
  "minLength",
  "maxLength",
  "minProperties",
  "maxProperties",
  "uniqueItems",
]);
const SUBSCHEMA_MAPS = new Set(["properties", "$defs", "definitions"]);

/**
 * The strict-mode copy of an answer schema, or `undefined` when the schema does not fit strict
 * mode. Strict mode wants every object closed (`additionalProperties: false`) with every
 * property required. Closing an object only tightens the schema, so it is done here; an
 * optional property cannot be made to fit without changing the answer (strict mode's
 * nullable stand-in would send `null` where the caller's schema expects the key absent), so
 * such a schema is not rewritten: the caller sends it with `strict: false`.
 *
 * @internal
 */
export function toStrictSchema(schema: JsonSchema): JsonSchema | undefined {
  if (schema.type !== "object") return undefined;
  return strictNode(schema);
}

function strictNode(node: unknown): JsonSchema | undefined {
  if (typeof node !== "object" || node === null || Array.isArray(node)) return undefined;
  const out: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(node)) {
    if (DROPPABLE.has(keyword)) continue;
    if (!STRUCTURE.has(keyword)) return undefined;
    const strict = strictKeyword(keyword, value);
    if (strict === undefined) return undefined;
    out[keyword] = strict;
  }
  return closeObject(out);
}

function strictKeyword(keyword: string, value: unknown): unknown {
  if (SUBSCHEMA_MAPS.has(keyword)) return mapValues(value);
  if (keyword === "items") return strictNode(value);
  if (keyword === "anyOf")
    return Array.isArray(value) ? allOrNothing(value.map(strictNode)) : undefined;
  // An open object (`true` or a schema for extra keys) cannot be strict.
  if (keyword === "additionalProperties") return value === false ? false : undefined;
  return value;
}

function closeObject(node: Record<string, unknown>): JsonSchema | undefined {
  const properties = node.properties as Record<string, unknown> | undefined;
  if (properties === undefined) {
    // A free-form object (`{ type: "object" }`) would change meaning if closed.
    const isObject =
      node.type === "object" || (Array.isArray(node.type) && node.type.includes("object"));
    return isObject && node.additionalProperties !== false ? undefined : node;
  }
  const required = Array.isArray(node.required) ? node.required : [];
  if (!Object.keys(properties).every((name) => required.includes(name))) return undefined;
  return { ...node, additionalProperties: false };
}

function mapValues(value: unknown): Record<string, unknown> | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const out: Record<string, unknown> = {};
  for (const [name, sub] of Object.entries(value)) {
    const strict = strictNode(sub);
    if (strict === undefined) return undefined;
    out[name] = strict;
  }
  return out;
}

function allOrNothing<TValue>(values: readonly (TValue | undefined)[]): TValue[] | undefined {
  return values.every((value) => value !== undefined) ? (values as TValue[]) : undefined;
}
