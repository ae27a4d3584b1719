import { z } from "zod";

// The slices of the Responses wire this client reads. Tolerant by design: extra fields pass,
// and `null` and absent mean the same. The model's output is untrusted: whatever does not fit
// is reported as the server's fault, never a crash.

const count = z.number().int().nonnegative();

/** A response's `usage`. @internal */
export const responsesUsageSchema = z.object({
  input_tokens: count,
  output_tokens: count,
  input_tokens_details: z
    .object({ cached_tokens: count.nullish(), cache_write_tokens: count.nullish() })
    .nullish(),
  output_tokens_details: z.object({ reasoning_tokens: count.nullish() }).nullish(),
});

/** A failed response's `error`, and the `error` stream event. @internal */
export const responsesErrorSchema = z.object({ code: z.string().nullish() });

/** Any output item: read by its `type`, then by the schema for that type. @internal */
export const outputItemSchema = z.looseObject({ type: z.string() });

/**
 * An assistant message: its id (`msg_…`) and `phase`, kept to send it back whole after its
 * reasoning item, and its text and refusal parts (other part kinds are skipped). @internal
 */
export const messageItemSchema = z.object({
  type: z.literal("message"),
  id: z.string().min(1).nullish(),
  phase: z.string().nullish(),
  content: z.array(
    z.looseObject({
      type: z.string(),
      text: z.string().nullish(),
      refusal: z.string().nullish(),
    }),
  ),
});

/**
 * A function call the model asked for: `call_id` pairs it with its output, `id` (`fc_…`) is the
 * item's own id, which the next request sends back with it (see `toResponsesInput`). @internal
 */
export const functionCallItemSchema = z.object({
  type: z.literal("function_call"),
  id: z.string().min(1).nullish(),
  call_id: z.string().min(1),
  name: z.string(),
  arguments: z.string(),
});

/** A reasoning item: its id, summaries and (when asked for) encrypted content. @internal */
export const reasoningItemSchema = z.object({
  type: z.literal("reasoning"),
  id: z.string().min(1),
  summary: z.array(z.object({ text: z.string() })).nullish(),
  encrypted_content: z.string().nullish(),
});

/** A response, whole (`send`) or as `response.completed` / `response.incomplete` carry it. @internal */
export const responseSchema = z.object({
  model: z.string(),
  status: z.string().nullish(),
  output: z.array(outputItemSchema),
  incomplete_details: z.object({ reason: z.string().nullish() }).nullish(),
  error: responsesErrorSchema.nullish(),
  usage: responsesUsageSchema.nullish(),
});

/** Any stream event: read by its `type`. @internal */
export const streamEventSchema = z.looseObject({ type: z.string() });

/** The text, refusal and reasoning-summary delta events. @internal */
export const deltaEventSchema = z.object({ delta: z.string() });

/** `response.reasoning_summary_part.added`: which of the item's summaries starts. @internal */
export const summaryPartEventSchema = z.object({ summary_index: count });

/** `response.output_item.done`. @internal */
export const itemDoneEventSchema = z.object({
  item: outputItemSchema,
  output_index: count.nullish(),
});

/** `response.completed` and `response.incomplete`: the response is read as `send` reads one. @internal */
export const responseEventSchema = z.object({ response: z.unknown() });

/** `response.failed`: only its error's code is read. @internal */
export const failedEventSchema = z.object({
  response: z.object({ error: responsesErrorSchema.nullish() }).nullish(),
});

/** A response's usage as read from the wire. @internal */
export type ResponsesUsage = z.infer<typeof responsesUsageSchema>;
/** A message output item as read from the wire. @internal */
export type MessageItem = z.infer<typeof messageItemSchema>;
/** A response as read from the wire. @internal */
export type WireResponse = z.infer<typeof responseSchema>;
