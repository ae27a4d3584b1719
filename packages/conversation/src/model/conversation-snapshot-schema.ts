import { Depth, describeIssue, Grade, OUTPUT_RUNGS, SystemError } from "@nucleo/core";
import { z } from "zod";
import type { ConversationSnapshot } from "./conversation.js";

const text = z.string();
const tokens = z.number().int().nonnegative();

const partSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("text"),
    text,
    itemId: text.optional(),
    phase: text.optional(),
  }),
  z.object({
    type: z.literal("image"),
    mediaType: text,
    source: z.discriminatedUnion("kind", [
      z.object({ kind: z.literal("base64"), data: text }),
      z.object({ kind: z.literal("url"), url: text }),
    ]),
    text: z.literal(""),
    tokens,
  }),
  z.object({
    type: z.literal("file"),
    mediaType: text,
    name: text,
    data: text,
    text: z.literal(""),
    tokens,
  }),
  z.object({
    type: z.literal("thinking"),
    text,
    signature: text.optional(),
    redacted: text.optional(),
    itemId: text.optional(),
  }),
  z.object({
    type: z.literal("tool_call"),
    id: text,
    name: text,
    arguments: z.record(z.string(), z.unknown()),
    text,
    itemId: text.optional(),
  }),
  z.object({
    type: z.literal("tool_result"),
    callId: text,
    name: text,
    text,
    isError: z.boolean(),
  }),
]);

const slots = z.array(z.tuple([text, text]));

/**
 * The shape of a {@link ConversationSnapshot} as it comes back from storage (JSON): checked
 * field by field, since a store's rows may have been written by another version or by hand.
 */
const conversationSnapshotSchema = z.object({
  id: z.string().min(1),
  temporary: z.boolean(),
  seat: z.object({
    grade: z.enum([...Grade.ladder, "CEILING"]),
    depth: z.enum(Depth.ladder),
    output: z.union([z.enum(OUTPUT_RUNGS), z.object({ tokens: z.number().int().positive() })]),
  }),
  objective: slots,
  preamble: slots,
  turns: z.array(z.object({ role: z.enum(["user", "assistant"]), parts: z.array(partSchema) })),
  comfortContextTokens: z.number().int().positive(),
  compactionTrigger: z.number().positive().max(1),
});

/**
 * Reads a stored conversation snapshot, refusing one that is not well formed with a
 * `SystemError` (code `corrupt_conversation`: no model can correct a store) that names where it
 * came from and the first field at fault — never the field's value, since a conversation
 * holds user and model text.
 *
 * @param value - the parsed JSON a store read.
 * @param source - where it came from, for the error: `conversation "c-1" in nucleo_conversations`.
 *
 * @example
 * const snapshot = parseConversationSnapshot(row.data, `conversation "${row.id}"`);
 * const conversation = Conversation.restore(snapshot);
 */
export function parseConversationSnapshot(value: unknown, source: string): ConversationSnapshot {
  const parsed = conversationSnapshotSchema.safeParse(value);
  if (parsed.success) {
    // Assigned, not cast: a field the snapshot type gains and the schema lacks fails to compile.
    const snapshot: ConversationSnapshot = parsed.data;
    return snapshot;
  }
  const { path, expected } = describeIssue(parsed.error.issues[0]!);
  throw new SystemError({
    code: "corrupt_conversation",
    message: `The stored ${source} is not a conversation snapshot: at ${path}, expected ${expected}.`,
  });
}
