import { z } from "zod";
import { refusalFromSchema } from "./request-schema.js";

const message = z.looseObject({
  role: z.enum(["system", "developer", "user", "assistant", "tool", "function"]),
  tool_calls: z
    .array(
      z.looseObject({
        id: z.string().min(1),
        type: z.string(),
        function: z.looseObject({ name: z.string().min(1), arguments: z.string() }),
      }),
    )
    .nullish(),
  tool_call_id: z.string().optional(),
});

const chatCompletionRequest = z.looseObject({
  model: z.string().min(1),
  messages: z.array(message).min(1),
  stream: z.boolean().nullish(),
  stream_options: z.looseObject({ include_usage: z.boolean().optional() }).nullish(),
  tools: z
    .array(
      z.looseObject({
        type: z.string(),
        function: z.looseObject({ name: z.string().min(1) }).optional(),
      }),
    )
    .optional(),
  max_tokens: z.number().int().positive().nullish(),
  max_completion_tokens: z.number().int().positive().nullish(),
  prompt_cache_key: z.string().nullish(),
  prompt_cache_retention: z.enum(["in_memory", "24h"]).nullish(),
});

type ChatMessage = z.infer<typeof message>;

/**
 * The Chat Completions request rules the mock enforces: the shape of the fields a client must
 * get right (the prompt cache's key and retention among them), and the pairing of every
 * assistant `tool_calls` entry with a `tool` message that answers it (OpenAI refuses a
 * conversation where one is missing or stray).
 */
export function openaiRefusal(body: Record<string, unknown>): string | null {
  const refusal = refusalFromSchema(chatCompletionRequest, body);
  if (refusal !== null) return refusal;
  return toolPairingRefusal(chatCompletionRequest.parse(body).messages);
}

function toolPairingRefusal(messages: readonly ChatMessage[]): string | null {
  let unanswered = new Set<string>();
  for (const [index, entry] of messages.entries()) {
    if (entry.role === "tool") {
      if (entry.tool_call_id === undefined || !unanswered.delete(entry.tool_call_id)) {
        return `Invalid parameter: messages[${index}] with role 'tool' must be a response to a preceding message with 'tool_calls'.`;
      }
      continue;
    }
    if (unanswered.size > 0) return missingResponses(unanswered);
    unanswered = new Set((entry.tool_calls ?? []).map((call) => call.id));
  }
  return unanswered.size > 0 ? missingResponses(unanswered) : null;
}

function missingResponses(ids: ReadonlySet<string>): string {
  return `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${[...ids].join(", ")}`;
}
