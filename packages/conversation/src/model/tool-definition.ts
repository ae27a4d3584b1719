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

/** Builds a {@link ToolDefinition}, computing its counted text once. */
export function toolDefinition(name: string, description: string, inputSchema: JsonSchema): ToolDefinition {
  return Object.freeze({ name, description, inputSchema, text: JSON.stringify({ name, description, input_schema: inputSchema }) });
}
