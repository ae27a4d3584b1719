import type { TokenUsage } from "@nucleo/core";
import { Parts, type LlmBinding, type LlmRequest, type LlmResponse } from "@nucleo/conversation";
import type { ScriptedAnswer } from "./scripted-turn.js";

/** What turning a scripted answer into a response needs. */
export interface ResolveContext {
  readonly request: LlmRequest;
  readonly binding: LlmBinding;
  readonly countTokens: (text: string) => number;
  readonly mintCallId: () => string;
}

/** Fills in a scripted answer's defaults and builds the `LlmResponse` a real client would return. */
export function resolveScriptedAnswer(
  answer: ScriptedAnswer,
  context: ResolveContext,
): LlmResponse {
  const content = answer.content ?? "";
  const toolCalls = (answer.toolCalls ?? []).map((call) =>
    Parts.toolCall(call.id ?? context.mintCallId(), call.name, call.arguments),
  );
  const thinking = (answer.thinking ?? []).map((block) =>
    typeof block === "string" ? Parts.thinking(block) : Parts.thinking(block.text, block.signature),
  );
  const reasoningText = thinking.map((part) => part.text).join("");
  const counted: TokenUsage = {
    inputTokens: context.countTokens(promptText(context.request)),
    outputTokens: context.countTokens(content + toolCalls.map((call) => call.text).join("")),
    ...(reasoningText === "" ? {} : { reasoningTokens: context.countTokens(reasoningText) }),
  };
  return {
    content,
    toolCalls,
    thinking,
    usage: { ...counted, ...answer.usage },
    stopReason: answer.stopReason ?? (toolCalls.length > 0 ? "tool_calls" : "end"),
    providerModel: answer.providerModel ?? context.binding.entry.model,
  };
}

/** Everything a request weighs as text: system, every part of every turn, the tool definitions. */
export function promptText(request: LlmRequest): string {
  const turns = request.messages.flatMap((turn) => turn.parts.map((part) => part.text));
  return [request.system.text, ...turns, ...request.tools.map((tool) => tool.text)].join("\n");
}
