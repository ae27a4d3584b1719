import { Parts, type Part } from "../model/parts.js";
import type { ToolDefinition } from "../model/tool-definition.js";
import type { Turn } from "../model/turn.js";

/**
 * Tools for models without native tool calling: described in the system text, called with a
 * JSON object, and earlier calls and results rendered as text. The runtime mints the call ids.
 */
export function describeTextTools(tools: readonly ToolDefinition[]): string {
  const lines = [
    "You can call tools. To call one or more, answer with only this JSON object and nothing else:",
    '{"tool_calls": [{"name": "<tool name>", "arguments": { ... }}]}',
    "To give your final answer instead, answer without a tool_calls object. The tools:",
  ];
  for (const tool of tools)
    lines.push(
      `- ${tool.name}: ${tool.description}\n  arguments (JSON Schema): ${JSON.stringify(tool.inputSchema)}`,
    );
  return lines.join("\n");
}

const rendered = new WeakMap<Turn, Turn>();

/**
 * A turn with its tool calls and results rendered as text, for a model that has no native
 * tools. Cached per turn, so token counts stay cached too.
 */
export function turnAsText(turn: Turn): Turn {
  const cached = rendered.get(turn);
  if (cached) return cached;
  const needsText = turn.parts.some(
    (part) => part.type === "tool_call" || part.type === "tool_result",
  );
  const result = needsText
    ? Object.freeze({ role: turn.role, parts: textParts(turn.parts) })
    : turn;
  rendered.set(turn, result);
  return result;
}

function textParts(parts: readonly Part[]): Part[] {
  const calls = parts.filter((part) => part.type === "tool_call");
  const out: Part[] = parts.filter(
    (part) => part.type !== "tool_call" && part.type !== "tool_result",
  );
  if (calls.length > 0)
    out.push(
      Parts.text(
        JSON.stringify({
          tool_calls: calls.map((call) => ({ name: call.name, arguments: call.arguments })),
        }),
      ),
    );
  for (const part of parts) {
    if (part.type === "tool_result")
      out.push(
        Parts.text(`Result of ${part.name}${part.isError ? " (an error)" : ""}:\n${part.text}`),
      );
  }
  return out;
}
