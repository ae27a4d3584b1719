import type { ResolvedAnswer, ResolvedUsage } from "./wire-format.js";

/** One item of a Response's `output`: a reasoning item, the message, or a function call. */
export type OutputItem =
  | {
      readonly id: string;
      readonly type: "reasoning";
      readonly summary: ReadonlyArray<{ readonly type: "summary_text"; readonly text: string }>;
      readonly encrypted_content?: string;
    }
  | {
      readonly id: string;
      readonly type: "message";
      readonly status: "completed" | "incomplete";
      readonly role: "assistant";
      readonly content: ReadonlyArray<OutputText>;
    }
  | {
      readonly id: string;
      readonly type: "function_call";
      readonly status: "completed";
      readonly call_id: string;
      readonly name: string;
      readonly arguments: string;
    };

/** A message's text part. */
export interface OutputText {
  readonly type: "output_text";
  readonly text: string;
  readonly annotations: readonly never[];
  readonly logprobs: readonly never[];
}

/** Where a Response stands: being written (the stream's first events) or final. */
export type ResponseStage = "in_progress" | "final";

const pad = (sequence: number) => String(sequence).padStart(6, "0");

/**
 * The `output` of an answer, in the order a reasoning model writes it: one reasoning item per
 * thinking block (its text as the summary; its signature as `encrypted_content`, only when the
 * request includes `reasoning.encrypted_content`), the message — left out when the answer only
 * calls tools — and one function call per tool call.
 */
export function outputItems(
  answer: ResolvedAnswer,
  request: Record<string, unknown>,
): OutputItem[] {
  const encrypted =
    Array.isArray(request.include) && request.include.includes("reasoning.encrypted_content");
  const items: OutputItem[] = answer.thinking.map((block, index) => ({
    id: `rs_mock${pad(answer.sequence)}_${index}`,
    type: "reasoning",
    summary: block.text === "" ? [] : [{ type: "summary_text", text: block.text }],
    ...(encrypted ? { encrypted_content: block.signature } : {}),
  }));
  if (answer.text !== "" || answer.toolCalls.length === 0) {
    items.push({
      id: `msg_mock${pad(answer.sequence)}`,
      type: "message",
      status: answer.stopReason === "max_tokens" ? "incomplete" : "completed",
      role: "assistant",
      content: [outputText(answer.text)],
    });
  }
  for (const [index, call] of answer.toolCalls.entries()) {
    items.push({
      id: `fc_mock${pad(answer.sequence)}_${index}`,
      type: "function_call",
      status: "completed",
      call_id: call.id,
      name: call.name,
      arguments: JSON.stringify(call.arguments),
    });
  }
  return items;
}

/** A message's text part holding `text`. */
export function outputText(text: string): OutputText {
  return { type: "output_text", text, annotations: [], logprobs: [] };
}

/**
 * The Response object: the request's settings echoed, and — once final — the output, the
 * status (`incomplete` with reason `max_output_tokens` for a max-tokens stop) and the usage
 * (left out for an answer that must arrive without it). While in progress, `output` is empty
 * and `usage` null, as in the stream's first events.
 */
export function responseObject(
  answer: ResolvedAnswer,
  request: Record<string, unknown>,
  stage: ResponseStage,
): Record<string, unknown> {
  const final = stage === "final";
  const incomplete = final && answer.stopReason === "max_tokens";
  const createdAt = Math.floor(answer.createdMs / 1000);
  const reasoning = (request.reasoning ?? {}) as Record<string, unknown>;
  return {
    id: `resp_mock${pad(answer.sequence)}`,
    object: "response",
    created_at: createdAt,
    status: final ? (incomplete ? "incomplete" : "completed") : "in_progress",
    background: false,
    completed_at: final && !incomplete ? createdAt : null,
    error: null,
    incomplete_details: incomplete ? { reason: "max_output_tokens" } : null,
    instructions: request.instructions ?? null,
    max_output_tokens: request.max_output_tokens ?? null,
    max_tool_calls: null,
    model: answer.model,
    output: final ? outputItems(answer, request) : [],
    parallel_tool_calls: request.parallel_tool_calls ?? true,
    previous_response_id: null,
    prompt_cache_key: request.prompt_cache_key ?? null,
    prompt_cache_retention: request.prompt_cache_retention ?? null,
    reasoning: { effort: reasoning.effort ?? null, summary: reasoning.summary ?? null },
    safety_identifier: null,
    service_tier: "default",
    store: request.store ?? true,
    temperature: request.temperature ?? 1,
    text: request.text ?? { format: { type: "text" }, verbosity: "medium" },
    tool_choice: request.tool_choice ?? "auto",
    tools: request.tools ?? [],
    top_logprobs: 0,
    top_p: request.top_p ?? 1,
    truncation: "disabled",
    ...(final
      ? answer.usage === null
        ? {}
        : { usage: responsesUsageOf(answer.usage) }
      : { usage: null }),
    user: null,
    metadata: request.metadata ?? {},
  };
}

/**
 * Responses usage: input includes cache reads and writes, broken out in the input details;
 * output includes reasoning, broken out in the output details.
 */
export function responsesUsageOf(usage: ResolvedUsage): Record<string, unknown> {
  const inputTokens = usage.inputTokens + usage.cachedInputTokens + usage.cacheWriteTokens;
  const outputTokens = usage.outputTokens + usage.reasoningTokens;
  return {
    input_tokens: inputTokens,
    input_tokens_details: {
      cached_tokens: usage.cachedInputTokens,
      cache_write_tokens: usage.cacheWriteTokens,
    },
    output_tokens: outputTokens,
    output_tokens_details: { reasoning_tokens: usage.reasoningTokens },
    total_tokens: inputTokens + outputTokens,
  };
}
