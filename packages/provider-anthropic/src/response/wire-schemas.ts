import { z } from "zod";

// What this client reads of the Messages API, checked at the boundary (all @internal).
// Tolerant of fields and block types it does not read (the API grows); strict about the ones
// it does.

/** A token count the API may send as a number, `null` or not at all. */
const optionalCount = z.number().int().nonnegative().nullish();

/**
 * The cache writes broken down by lifetime. Missing or `null` on older API versions and on
 * servers that speak the wire without caching; its counts may be missing or `null` too.
 */
const cacheCreationSchema = z
  .looseObject({
    ephemeral_5m_input_tokens: optionalCount,
    ephemeral_1h_input_tokens: optionalCount,
  })
  .nullish();

/** The usage of a whole (non-streamed) message, or of `message_start`. */
export const usageSchema = z.looseObject({
  input_tokens: z.number().int().nonnegative(),
  output_tokens: z.number().int().nonnegative(),
  cache_read_input_tokens: optionalCount,
  cache_creation_input_tokens: optionalCount,
  cache_creation: cacheCreationSchema,
});

/**
 * The cumulative usage of `message_delta`: only `output_tokens` is always there. The SDK's type
 * has no `cache_creation` here; it is read when a server sends it, else `message_start`'s stands.
 */
export const deltaUsageSchema = z.looseObject({
  input_tokens: optionalCount,
  output_tokens: z.number().int().nonnegative(),
  cache_read_input_tokens: optionalCount,
  cache_creation_input_tokens: optionalCount,
  cache_creation: cacheCreationSchema,
});

/** Any content block: its `type` is read, the rest by the block's own schema. */
const anyBlockSchema = z.looseObject({ type: z.string() });

/** A `text` block. */
export const textBlockSchema = z.looseObject({ type: z.literal("text"), text: z.string() });
/** A complete `thinking` block: its text and the signature that must go back with it. */
export const thinkingBlockSchema = z.looseObject({
  type: z.literal("thinking"),
  thinking: z.string(),
  signature: z.string(),
});
/** A `redacted_thinking` block: opaque data, sent back as received. */
export const redactedThinkingBlockSchema = z.looseObject({
  type: z.literal("redacted_thinking"),
  data: z.string(),
});
/** A `tool_use` block; its input must be an object (tool arguments always are). */
export const toolUseBlockSchema = z.looseObject({
  type: z.literal("tool_use"),
  id: z.string().min(1),
  name: z.string().min(1),
  input: z.record(z.string(), z.unknown()),
});

/** A whole message, as `messages.create` without streaming returns it. */
export const messageSchema = z.looseObject({
  model: z.string(),
  content: z.array(anyBlockSchema),
  stop_reason: z.string().nullish(),
  usage: usageSchema,
});

/** The start of a streamed message; its `content` is empty and its usage partial. */
export const messageStartSchema = z.looseObject({
  type: z.literal("message_start"),
  message: z.looseObject({ model: z.string(), usage: usageSchema }),
});

/** `content_block_start`: a block opens at `index`. */
export const blockStartSchema = z.looseObject({
  type: z.literal("content_block_start"),
  index: z.number().int().nonnegative(),
  content_block: anyBlockSchema,
});

/** `content_block_delta`: more of the block at `index`. */
export const blockDeltaSchema = z.looseObject({
  type: z.literal("content_block_delta"),
  index: z.number().int().nonnegative(),
  // Read by the delta's own schema below; citations and unknown deltas are skipped.
  delta: z.looseObject({ type: z.string() }),
});

/** More text of a `text` block. */
export const textDeltaSchema = z.looseObject({ type: z.literal("text_delta"), text: z.string() });
/** More text of a `thinking` block. */
export const thinkingDeltaSchema = z.looseObject({
  type: z.literal("thinking_delta"),
  thinking: z.string(),
});
/** A `thinking` block's signature, sent before the block stops. */
export const signatureDeltaSchema = z.looseObject({
  type: z.literal("signature_delta"),
  signature: z.string(),
});
/** More of a `tool_use` block's input, as a piece of JSON text. */
export const inputJsonDeltaSchema = z.looseObject({
  type: z.literal("input_json_delta"),
  partial_json: z.string(),
});

/** `content_block_stop`: the block at `index` is complete. */
export const blockStopSchema = z.looseObject({
  type: z.literal("content_block_stop"),
  index: z.number().int().nonnegative(),
});

/** `message_delta`: the stop reason and the cumulative usage, once the content is done. */
export const messageDeltaSchema = z.looseObject({
  type: z.literal("message_delta"),
  delta: z.looseObject({ stop_reason: z.string().nullish() }),
  usage: deltaUsageSchema,
});

/** A streamed event: its `type` is read, the rest by the event's own schema. */
export const anyEventSchema = z.looseObject({ type: z.string() });

/** A message's usage as the API reports it. */
export type WireUsage = z.infer<typeof usageSchema>;
/** `message_delta`'s cumulative usage. */
export type WireDeltaUsage = z.infer<typeof deltaUsageSchema>;
/** A content block as the API reports it, before its own schema reads it. */
export type WireBlock = z.infer<typeof anyBlockSchema>;
