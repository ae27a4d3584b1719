import { z } from "zod";

// The slices of the Chat Completions wire this client reads. Tolerant by design: extra fields
// pass, and a server may omit what OpenAI always sends (`null` and absent mean the same).

const count = z.number().int().nonnegative();

/** `usage`, as OpenAI and compatible servers report it. @internal */
export const wireUsageSchema = z.object({
  prompt_tokens: count,
  completion_tokens: count,
  prompt_tokens_details: z
    .object({ cached_tokens: count.nullish(), cache_write_tokens: count.nullish() })
    .nullish(),
  completion_tokens_details: z.object({ reasoning_tokens: count.nullish() }).nullish(),
});

/** A finished call's tool call (function tools only: this client offers no other kind). @internal */
export const wireToolCallSchema = z.object({
  // Some compatible servers send no id; one is minted from the call's place, as when streaming.
  id: z.string().nullish(),
  function: z.object({ name: z.string(), arguments: z.string() }),
});

/** A non-streamed chat completion. @internal */
export const wireCompletionSchema = z.object({
  model: z.string(),
  choices: z.array(
    z.object({
      finish_reason: z.string().nullish(),
      message: z.object({
        content: z.string().nullish(),
        refusal: z.string().nullish(),
        tool_calls: z.array(wireToolCallSchema).nullish(),
      }),
    }),
  ),
  usage: wireUsageSchema.nullish(),
});

/** One streamed chunk. The last one carries `usage` and no choices. @internal */
export const wireChunkSchema = z.object({
  model: z.string().nullish(),
  choices: z
    .array(
      z.object({
        delta: z
          .object({
            content: z.string().nullish(),
            refusal: z.string().nullish(),
            tool_calls: z
              .array(
                z.object({
                  index: count,
                  id: z.string().nullish(),
                  function: z
                    .object({ name: z.string().nullish(), arguments: z.string().nullish() })
                    .nullish(),
                }),
              )
              .nullish(),
          })
          .nullish(),
        finish_reason: z.string().nullish(),
      }),
    )
    .nullish(),
  usage: wireUsageSchema.nullish(),
});

/** `usage` as read from the wire. @internal */
export type WireUsage = z.infer<typeof wireUsageSchema>;
/** One stream chunk as read from the wire. @internal */
export type WireChunk = z.infer<typeof wireChunkSchema>;
