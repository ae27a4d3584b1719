// What a scripted model was shown on one of its calls: the tools it was offered and the tool
// results it read. Shared by the tests that follow a run call by call.
import type { ToolResultPart } from "@nucleo/conversation";
import type { ScriptedLlmClient } from "@nucleo/testing";

/** The names of the tools offered on call `call`, sorted. */
export function offeredNames(client: ScriptedLlmClient, call: number): string[] {
  return client.requests[call]!.request.tools.map((tool) => tool.name).sort();
}

/** The results the model read on call `call` (the tool results of the turn before it). */
export function resultsReadBy(client: ScriptedLlmClient, call: number): ToolResultPart[] {
  return client.requests[call]!.request.messages.at(-1)!.parts.filter(
    (part): part is ToolResultPart => part.type === "tool_result",
  );
}
