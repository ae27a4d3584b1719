import type { StopReason } from "@nucleo/conversation";

/**
 * OpenAI's `finish_reason` as a {@link StopReason}. A refusal counts whatever the finish
 * reason says, and so do tool calls behind a `stop`: several compatible servers finish a
 * tool-calling turn with `stop`.
 *
 * @internal
 */
export function toStopReason(
  finishReason: string | null | undefined,
  shape: { refused: boolean; calledTools: boolean },
): StopReason {
  if (shape.refused) return "refusal";
  switch (finishReason) {
    case "stop":
      return shape.calledTools ? "tool_calls" : "end";
    case "tool_calls":
      return "tool_calls";
    case "length":
      return "max_tokens";
    case "content_filter":
      return "refusal";
    default:
      return "other";
  }
}
