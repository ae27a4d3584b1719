/**
 * A Nucleo stop reason as the conventions' finish reason (`stop`, `length`, `content_filter`,
 * `tool_call`, `error`); reasons the conventions do not list pass through as they are (they
 * allow custom values): `refusal`, `other`.
 */
export function finishReasonOf(stopReason: string): string {
  switch (stopReason) {
    case "end":
      return "stop";
    case "tool_calls":
      return "tool_call";
    case "max_tokens":
      return "length";
    default:
      return stopReason;
  }
}
