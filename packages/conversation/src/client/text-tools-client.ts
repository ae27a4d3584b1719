import { Parts, type ToolCallPart } from "../model/parts.js";
import type { ToolDefinition } from "../model/tool-definition.js";
import { TEXT_TOOLS } from "../render/render-request.js";
import type { LlmBinding, LlmClient, LlmDelta, LlmRequest, LlmResponse } from "./llm-client.js";

/**
 * Wraps a client for entries without native tool calling: when the rendered request carries
 * its tools as text, the answer is read for a `{"tool_calls": [...]}` object and turned into
 * tool calls with ids the runtime mints — so nothing above the client knows which path ran.
 */
export function withTextTools(
  client: LlmClient,
  mintId: () => string = defaultMinter(),
): LlmClient {
  return {
    async send(request, binding, signal) {
      const response = await client.send(request, binding, signal);
      return toolsOf(request) ? readTextToolCalls(response, mintId) : response;
    },
    async *stream(
      request: LlmRequest,
      binding: LlmBinding,
      signal: AbortSignal,
    ): AsyncGenerator<LlmDelta, LlmResponse, void> {
      if (!toolsOf(request)) return yield* client.stream(request, binding, signal);
      // The answer may be a JSON tool call, which must not reach the user as text: read it whole.
      const inner = client.stream(request, binding, signal);
      let step = await inner.next();
      while (!step.done) step = await inner.next();
      const response = readTextToolCalls(step.value, mintId);
      if (response.toolCalls.length === 0) yield { type: "text", text: response.content };
      for (const call of response.toolCalls) yield { type: "tool_call", call };
      return response;
    },
  };
}

function toolsOf(request: LlmRequest): readonly ToolDefinition[] | undefined {
  return (request as unknown as Record<symbol, readonly ToolDefinition[] | undefined>)[TEXT_TOOLS];
}

/** Reads a text answer for JSON tool calls; any other answer is returned as it came. */
export function readTextToolCalls(response: LlmResponse, mintId: () => string): LlmResponse {
  const parsed = parseJsonObject(response.content);
  const calls = parsed?.tool_calls;
  if (!Array.isArray(calls) || calls.length === 0) return response;
  const toolCalls: ToolCallPart[] = [];
  for (const call of calls) {
    const name = (call as { name?: unknown })?.name;
    const args = (call as { arguments?: unknown })?.arguments;
    if (typeof name !== "string") return response;
    toolCalls.push(
      Parts.toolCall(
        mintId(),
        name,
        typeof args === "object" && args !== null && !Array.isArray(args)
          ? (args as Record<string, unknown>)
          : {},
      ),
    );
  }
  return { ...response, content: "", toolCalls, stopReason: "tool_calls" };
}

/** Parses text that should be one JSON object, tolerating a code fence around it. */
export function parseJsonObject(text: string): Record<string, unknown> | undefined {
  let trimmed = text.trim();
  // Most answers are the bare object: the fence-stripping expressions run only when they may matter.
  if (!trimmed.startsWith("{") || !trimmed.endsWith("}"))
    trimmed = trimmed
      .replace(/^```(?:json)?\s*\n?/i, "")
      .replace(/\n?```$/, "")
      .trim();
  if (!trimmed.startsWith("{")) return undefined;
  try {
    const value = JSON.parse(trimmed) as unknown;
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function defaultMinter(): () => string {
  const prefix = crypto.randomUUID().slice(0, 8);
  let next = 0;
  return () => `call_${prefix}_${++next}`;
}
