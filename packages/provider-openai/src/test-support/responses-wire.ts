// Responses API bodies in OpenAI's shape, as its API reference shows them, for this package's
// tests. Not exported from the package.

/** Usage in the Responses shape: totals with cache and reasoning details inside. */
export function wireUsage(
  input = 100,
  output = 20,
  details: { cached?: number; cacheWrite?: number; reasoning?: number } = {},
) {
  return {
    input_tokens: input,
    input_tokens_details: {
      cached_tokens: details.cached ?? 0,
      cache_write_tokens: details.cacheWrite ?? 0,
    },
    output_tokens: output,
    output_tokens_details: { reasoning_tokens: details.reasoning ?? 0 },
    total_tokens: input + output,
  };
}

/** An assistant message output item. */
export function messageItem(...parts: ReadonlyArray<string | { refusal: string }>) {
  return {
    type: "message",
    id: "msg_1",
    role: "assistant",
    status: "completed",
    content: parts.map((part) =>
      typeof part === "string"
        ? { type: "output_text", text: part, annotations: [] }
        : { type: "refusal", refusal: part.refusal },
    ),
  };
}

/** A function call output item. */
export function functionCallItem(callId: string, name: string, args: string) {
  return {
    type: "function_call",
    id: `fc_${callId}`,
    call_id: callId,
    name,
    arguments: args,
    status: "completed",
  };
}

/** A reasoning output item. */
export function reasoningItem(id: string, summaries: readonly string[], encrypted?: string) {
  return {
    type: "reasoning",
    id,
    summary: summaries.map((text) => ({ type: "summary_text", text })),
    ...(encrypted === undefined ? {} : { encrypted_content: encrypted }),
  };
}

/** A whole response. */
export function responseBody(
  output: readonly unknown[],
  options: { status?: string; incomplete?: string; usage?: unknown; error?: unknown } = {},
) {
  return {
    id: "resp_1",
    object: "response",
    created_at: 1_700_000_000,
    model: "gpt-test-2025-01-01",
    status: options.status ?? (options.incomplete === undefined ? "completed" : "incomplete"),
    incomplete_details: options.incomplete === undefined ? null : { reason: options.incomplete },
    error: options.error ?? null,
    output,
    usage: options.usage === undefined ? wireUsage() : options.usage,
  };
}
