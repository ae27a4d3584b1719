import type { ToolCallPart } from "@nucleo/conversation";
import { parseToolArguments } from "./tool-call-arguments.js";

/**
 * A model's tool call as a part. `text` keeps the arguments exactly as the model wrote them.
 * Arguments that are not a JSON object (the model's own mistake, not a wire fault) become `{}`:
 * the caller validates arguments against the tool's schema, so such a call is refused there
 * and put to the model as a correction, like any other wrong argument.
 *
 * @internal
 */
export function toToolCallPart(id: string, name: string, argumentsText: string): ToolCallPart {
  return {
    type: "tool_call",
    id,
    name,
    arguments: parseToolArguments(argumentsText) ?? {},
    text: argumentsText,
  };
}
