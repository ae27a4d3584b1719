import type { TokenUsage } from "@nucleo/core";
import type { LlmResponse, StopReason, ThinkingPart, ToolCallPart } from "@nucleo/conversation";
import type { z } from "zod";
import { reportedFailure } from "../errors/response-failure.js";
import { wireFault, type WireStep } from "../response/to-llm-response.js";
import { splitUsage } from "../response/to-token-usage.js";
import { toToolCallPart } from "../response/to-tool-call-part.js";
import {
  functionCallItemSchema,
  messageItemSchema,
  reasoningItemSchema,
  responseSchema,
  type MessageItem,
  type ResponsesUsage,
  type WireResponse,
} from "./responses-wire-schemas.js";

/** What joins a reasoning item's summaries in its thinking part's text. @internal */
export const SUMMARY_SEPARATOR = "\n\n";

/**
 * Reads a Responses API response, whole (`send`) or as the `response.completed` /
 * `response.incomplete` stream events carry it.
 *
 * - `content`: the text of every `output_text` part, joined (a refusal's text when the model
 *   refused and said nothing else). `textItem`: the id (and `phase`) of the message item that
 *   carried it, when one item with an id carried all of it — the next request sends the text
 *   back as that item, right after its reasoning item (see `toResponsesInput`).
 * - `toolCalls`: one per `function_call` item, its id the `call_id` and its `itemId` the
 *   item's own id (`fc_…`, when the item has one); arguments as on Chat Completions
 *   (unreadable ones become `{}`, the text kept).
 * - `thinking`: one part per reasoning item: `text` its summaries joined, `signature` its
 *   encrypted content, `itemId` its id.
 * - `stopReason`: a refusal part or a content filter → `refusal`; out of output tokens →
 *   `max_tokens`; function calls → `tool_calls`; `completed` → `end`; else `other`.
 *
 * A body that is not a response, an item that is not what its type says, a response without
 * usage are the server's fault: an `ExternalServiceError` naming the service and step. A
 * response whose status is `failed` is the failure its error code says (see `reportedFailure`).
 *
 * @internal
 */
export function fromResponse(body: unknown, where: WireStep): LlmResponse {
  const parsed = responseSchema.safeParse(body);
  if (!parsed.success)
    throw wireFault(where, "the response is not a Responses API response", parsed.error);
  const response = parsed.data;
  if (response.status === "failed")
    throw reportedFailure(response.error?.code, where, "the response failed");
  if (response.usage === null || response.usage === undefined)
    throw wireFault(where, "the response reports no usage");
  const content: string[] = [];
  const refusals: string[] = [];
  const toolCalls: ToolCallPart[] = [];
  const thinking: ThinkingPart[] = [];
  const messages: MessageItem[] = [];
  for (const [index, item] of response.output.entries()) {
    if (item.type === "message") {
      const message = readItem(messageItemSchema, item, index, where);
      messages.push(message);
      for (const part of message.content) {
        if (part.type === "output_text") content.push(part.text ?? "");
        else if (part.type === "refusal") refusals.push(part.refusal ?? "");
      }
    } else if (item.type === "function_call") toolCalls.push(toolCallOf(item, index, where));
    else if (item.type === "reasoning") {
      const reasoning = readItem(reasoningItemSchema, item, index, where);
      thinking.push(thinkingOf(reasoning));
    }
    // Other item kinds (hosted tools) come only from tools this client never offers.
  }
  const refusal = refusals.join("");
  const text = content.join("");
  const textItem = text === "" ? undefined : textItemOf(messages);
  return {
    content: text === "" && refusal !== "" ? refusal : text,
    toolCalls,
    thinking,
    usage: toUsage(response.usage),
    stopReason: stopReasonOf(response, {
      refused: refusals.length > 0,
      calledTools: toolCalls.length > 0,
    }),
    providerModel: response.model,
    ...(textItem === undefined ? {} : { textItem }),
  };
}

/**
 * The message item that carried the answer's text, when there was exactly one and it has an
 * id. Text spread over several messages has no one item to go back as: the turn then goes
 * without its reasoning, which the API takes.
 */
function textItemOf(messages: readonly MessageItem[]): LlmResponse["textItem"] {
  const [only] = messages;
  if (messages.length !== 1 || only?.id === null || only?.id === undefined) return undefined;
  return only.phase === null || only.phase === undefined
    ? { id: only.id }
    : { id: only.id, phase: only.phase };
}

/**
 * A `function_call` output item as a tool-call part, the item's id kept as `itemId`: a stored
 * reasoning item is paired with the call that followed it by that id, so the call must go back
 * with it. A malformed item (an empty or non-string `id` too) is the server's fault.
 *
 * @internal
 */
export function toolCallOf(item: unknown, index: number, where: WireStep): ToolCallPart {
  const call = readItem(functionCallItemSchema, item, index, where);
  const part = toToolCallPart(call.call_id, call.name, call.arguments);
  return call.id === null || call.id === undefined ? part : { ...part, itemId: call.id };
}

function thinkingOf(item: z.infer<typeof reasoningItemSchema>): ThinkingPart {
  const text = (item.summary ?? []).map((summary) => summary.text).join(SUMMARY_SEPARATOR);
  const encrypted = item.encrypted_content ?? undefined;
  return encrypted === undefined
    ? { type: "thinking", text, itemId: item.id }
    : { type: "thinking", text, signature: encrypted, itemId: item.id };
}

function stopReasonOf(
  response: WireResponse,
  shape: { refused: boolean; calledTools: boolean },
): StopReason {
  const incomplete = response.status === "incomplete" ? response.incomplete_details?.reason : null;
  if (shape.refused || incomplete === "content_filter") return "refusal";
  if (incomplete === "max_output_tokens") return "max_tokens";
  if (shape.calledTools) return "tool_calls";
  return response.status === "completed" ? "end" : "other";
}

function toUsage(usage: ResponsesUsage): TokenUsage {
  return splitUsage({
    input: usage.input_tokens,
    cached: usage.input_tokens_details?.cached_tokens ?? undefined,
    cacheWrite: usage.input_tokens_details?.cache_write_tokens ?? undefined,
    output: usage.output_tokens,
    reasoning: usage.output_tokens_details?.reasoning_tokens ?? undefined,
  });
}

function readItem<TSchema extends z.ZodType>(
  schema: TSchema,
  item: unknown,
  index: number,
  where: WireStep,
): z.infer<TSchema> {
  const parsed = schema.safeParse(item);
  if (!parsed.success)
    throw wireFault(
      where,
      `output item ${index} is not a well-formed item of its type`,
      parsed.error,
    );
  return parsed.data;
}
