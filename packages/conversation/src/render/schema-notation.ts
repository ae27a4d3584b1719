import type { JsonSchema } from "../model/tool-definition.js";

/**
 * The legend of Nucleo's schema notation, rendered whenever a response contract uses it — so
 * the model is told how to read the notation exactly when it sees some.
 */
export const SCHEMA_NOTATION_LEGEND = [
  "How to read an answer schema:",
  "- `@name: type` is a required field; `@name?: type` may be left out.",
  '- `list<type>` is a JSON array; `one of "a" | "b"` allows only those strings.',
  "- Indented lines describe the fields of an object.",
  "- Text after `--` says what the field is for.",
].join("\n");

/**
 * Describes a JSON Schema object in the notation, one line per field.
 *
 * @example
 * describeInNotation({ type: "object", properties: { novel: { type: "boolean" } }, required: ["novel"] });
 * // "@novel: boolean"
 */
export function describeInNotation(schema: JsonSchema, depth = 0): string {
  if (depth > 0) return describeFields(schema, depth);
  let described = notations.get(schema);
  if (described === undefined) {
    described = describeFields(schema, 0);
    notations.set(schema, described);
  }
  return described;
}

// Contracts are built once and rendered on every call: describe each schema object once.
const notations = new WeakMap<JsonSchema, string>();

function describeFields(schema: JsonSchema, depth: number): string {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const indent = "  ".repeat(depth);
  const lines: string[] = [];
  for (const [name, property] of Object.entries(properties)) {
    const description =
      typeof property.description === "string" ? ` -- ${property.description}` : "";
    lines.push(
      `${indent}@${name}${required.has(name) ? "" : "?"}: ${typeName(property)}${description}`,
    );
    // A nullable or optional object is an anyOf with null: its fields still need describing.
    const object =
      property.type === "object"
        ? property
        : (property.anyOf as JsonSchema[] | undefined)?.find(
            (variant) => variant.type === "object",
          );
    if (object) lines.push(describeFields(object, depth + 1));
    const items = property.items as JsonSchema | undefined;
    if (property.type === "array" && items?.type === "object")
      lines.push(describeFields(items, depth + 1));
  }
  return lines.filter(Boolean).join("\n");
}

function typeName(schema: JsonSchema): string {
  if (Array.isArray(schema.enum))
    return `one of ${schema.enum.map((value) => JSON.stringify(value)).join(" | ")}`;
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as JsonSchema[]).map(typeName).join(" or ");
  if (schema.type === "array") return `list<${typeName((schema.items ?? {}) as JsonSchema)}>`;
  if (Array.isArray(schema.type)) return schema.type.join(" or ");
  return typeof schema.type === "string" ? schema.type : "any";
}
