import { ExternalServiceError } from "@nucleo/core";
import type { LlmResponse, ToolCallPart } from "@nucleo/conversation";
import { toStopReason } from "./to-stop-reason.js";
import { toTokenUsage } from "./to-token-usage.js";
import { toToolCallPart } from "./to-tool-call-part.js";
import { wireCompletionSchema, type WireUsage } from "./wire-schemas.js";

/** What an answer is made of, whether it came whole or streamed. @internal */
export interface AnswerParts {
  readonly model: string;
  readonly content: string;
  /** The model's refusal text, when it refused. */
  readonly refusal: string | undefined;
  readonly toolCalls: readonly ToolCallPart[];
  readonly finishReason: string | null | undefined;
  readonly usage: WireUsage | null | undefined;
}

/** Where a failure is reported: the service and the step. @internal */
export interface WireStep {
  readonly service: string;
  readonly step: string;
}

/**
 * Reads a non-streamed Chat Completions body. A body that is not one, has no choice or no
 * usage is the server's fault: an {@link ExternalServiceError} naming the service and step.
 *
 * @internal
 */
export function fromCompletion(body: unknown, where: WireStep): LlmResponse {
  const parsed = wireCompletionSchema.safeParse(body);
  if (!parsed.success)
    throw wireFault(where, "the response is not a chat completion", parsed.error);
  const choice = parsed.data.choices[0];
  if (choice === undefined) throw wireFault(where, "the response has no choices");
  const { message } = choice;
  return assembleResponse(
    {
      model: parsed.data.model,
      content: message.content ?? "",
      refusal: message.refusal ?? undefined,
      toolCalls: (message.tool_calls ?? []).map((call, index) =>
        toToolCallPart(call.id ?? `call_${index}`, call.function.name, call.function.arguments),
      ),
      finishReason: choice.finish_reason,
      usage: parsed.data.usage,
    },
    where,
  );
}

/**
 * The response both paths return. A refusal's text stands in for the content so the caller
 * can say why (the stop reason tells it not to read the text as an answer).
 *
 * @internal
 */
export function assembleResponse(parts: AnswerParts, where: WireStep): LlmResponse {
  if (parts.usage === null || parts.usage === undefined)
    throw wireFault(where, "the response reports no usage");
  const refused = parts.refusal !== undefined && parts.refusal !== "";
  return {
    content: parts.content === "" && refused ? (parts.refusal ?? "") : parts.content,
    toolCalls: parts.toolCalls,
    // OpenAI keeps its reasoning to itself: there are no thinking blocks to return.
    thinking: [],
    usage: toTokenUsage(parts.usage),
    stopReason: toStopReason(parts.finishReason, {
      refused,
      calledTools: parts.toolCalls.length > 0,
    }),
    providerModel: parts.model,
  };
}

/** @internal */
export function wireFault(where: WireStep, detail: string, cause?: unknown): ExternalServiceError {
  return new ExternalServiceError({ service: where.service, step: where.step, detail, cause });
}
