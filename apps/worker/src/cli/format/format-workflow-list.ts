import { z } from "zod";
import type { WorkflowDefinition } from "../../workflows/workflow-definition.js";

interface JsonSchemaNode {
  readonly type?: string | readonly string[];
  readonly enum?: readonly unknown[];
  readonly items?: JsonSchemaNode;
  readonly description?: string;
  readonly default?: unknown;
  readonly properties?: Readonly<Record<string, JsonSchemaNode>>;
  readonly required?: readonly string[];
}

/** The registered workflows, each with its description and its input schema's fields. */
export function formatWorkflowList(definitions: readonly WorkflowDefinition[]): string {
  const blocks = definitions.map((definition) => {
    const schema = z.toJSONSchema(definition.input, {
      io: "input",
      unrepresentable: "any",
    }) as JsonSchemaNode;
    const required = new Set(schema.required ?? []);
    const fields = Object.entries(schema.properties ?? {}).map(([name, field]) => {
      const optional = required.has(name) ? "" : "?";
      const fallback =
        field.default === undefined ? "" : ` (default ${JSON.stringify(field.default)})`;
      const about = field.description === undefined ? "" : ` -- ${field.description}`;
      return `    ${name}${optional}: ${typeOf(field)}${fallback}${about}`;
    });
    const example = JSON.stringify(definition.exampleInput);
    const shown =
      example.length <= 160 ? `--input '${example}'` : `${example.length} characters of JSON`;
    return [
      definition.name,
      `  ${definition.description}`,
      "  input:",
      ...fields,
      `  example input (used when --input is left out): ${shown}`,
    ].join("\n");
  });
  return blocks.join("\n\n");
}

function typeOf(field: JsonSchemaNode): string {
  if (field.enum) return field.enum.map((value) => JSON.stringify(value)).join(" | ");
  if (field.type === "array") return `list<${field.items ? typeOf(field.items) : "any"}>`;
  if (Array.isArray(field.type)) return field.type.join(" | ");
  return typeof field.type === "string" ? field.type : "any";
}
