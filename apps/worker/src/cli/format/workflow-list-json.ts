import { z } from "zod";
import type { WorkflowDefinition } from "../../workflows/workflow-definition.js";

/**
 * The registered workflows as `nucleo list --json` prints them: each one's name, description,
 * input schema (JSON Schema of what `--input` takes) and example input.
 */
export function workflowListJson(definitions: readonly WorkflowDefinition[]): unknown {
  return definitions.map((definition) => ({
    name: definition.name,
    description: definition.description,
    input: z.toJSONSchema(definition.input, { io: "input", unrepresentable: "any" }),
    exampleInput: definition.exampleInput,
  }));
}
