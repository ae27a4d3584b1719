/** A JSON Schema object, as providers read it. */
export type JsonSchema = Readonly<Record<string, unknown>>;

/** A tool as the model is told about it. */
export interface ToolDefinition {
  /** snake_case, as the model calls it. */
  readonly name: string;
  readonly description: string;
  /** The JSON Schema of the arguments (snake_case properties). */
  readonly inputSchema: JsonSchema;
  /** The definition as JSON text, for token counting. */
  readonly text: string;
}

// By schema object, then name: a provider built afresh for every thinker (its schema shared)
// gets the same definition object, so its token count is cached once for all. One definition
// per name is kept (the latest description), so a provider whose description keeps changing
// does not grow the cache.
const definitions = new WeakMap<JsonSchema, Map<string, ToolDefinition>>();

/**
 * Builds a {@link ToolDefinition}, computing its counted text once. The same schema object
 * under the same name and description gives the same (frozen) definition.
 */
export function toolDefinition(
  name: string,
  description: string,
  inputSchema: JsonSchema,
): ToolDefinition {
  let byName = definitions.get(inputSchema);
  if (!byName) {
    byName = new Map();
    definitions.set(inputSchema, byName);
  }
  let definition = byName.get(name);
  if (definition?.description !== description) {
    definition = Object.freeze({
      name,
      description,
      inputSchema,
      text: JSON.stringify({ name, description, input_schema: inputSchema }),
    });
    byName.set(name, definition);
  }
  return definition;
}
