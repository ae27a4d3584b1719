import type { ModelCallContent } from "@nucleo/core";
import type { LlmRequest, LlmResponse } from "../client/llm-client.js";

/**
 * What was said in one call, for observers that asked for it: the request's own immutable
 * objects (its turns are the conversation's, the same objects turn after turn) and the
 * response. Nothing is copied but the tools' names.
 */
export function callContent(request: LlmRequest, response: LlmResponse): ModelCallContent {
  return {
    system: request.system.text,
    messages: request.messages,
    tools: request.tools.map(nameOf),
    ...(request.toolChoice !== undefined && { toolChoice: request.toolChoice }),
    ...(request.responseFormat !== undefined && { responseFormat: request.responseFormat }),
    response: {
      text: response.content,
      toolCalls: response.toolCalls,
      thinking: response.thinking,
    },
  };
}

function nameOf(tool: { readonly name: string }): string {
  return tool.name;
}
