import { z } from "zod";
import { anthropicCacheRefusal } from "./prompt-cache/anthropic-cache-blocks.js";
import { refusalFromSchema } from "./request-schema.js";

const block = z.looseObject({ type: z.string().min(1) });

const message = z.looseObject({
  role: z.enum(["user", "assistant"]),
  content: z.union([z.string(), z.array(block)]),
});

const messagesRequest = z.looseObject({
  model: z.string().min(1),
  max_tokens: z.number().int().positive(),
  messages: z.array(message).min(1),
  system: z
    .union([z.string(), z.array(z.looseObject({ type: z.literal("text"), text: z.string() }))])
    .optional(),
  stream: z.boolean().optional(),
  tools: z.array(z.looseObject({ name: z.string().min(1) })).optional(),
  thinking: z
    .union([
      z.looseObject({ type: z.literal("enabled"), budget_tokens: z.number().int().min(1024) }),
      z.looseObject({ type: z.enum(["disabled", "adaptive"]) }),
    ])
    .optional(),
});

type MessagesRequest = z.infer<typeof messagesRequest>;
type Block = z.infer<typeof block>;

/**
 * The Messages request rules the mock enforces: the required fields (`max_tokens` included),
 * a thinking budget below `max_tokens`, signed thinking blocks, a tool-using assistant turn
 * that starts with its thinking when thinking is on, every `tool_use` answered by a
 * `tool_result` in the very next user message (and no stray results), and well-formed cache
 * markers (see {@link anthropicCacheRefusal}).
 */
export function anthropicRefusal(body: Record<string, unknown>): string | null {
  const refusal = refusalFromSchema(messagesRequest, body);
  if (refusal !== null) return refusal;
  const request = messagesRequest.parse(body);
  if (
    request.thinking?.type === "enabled" &&
    request.max_tokens <= Number(request.thinking.budget_tokens)
  ) {
    return "`max_tokens` must be greater than `thinking.budget_tokens`.";
  }
  return (
    anthropicCacheRefusal(body) ?? thinkingRefusal(request) ?? toolPairingRefusal(request.messages)
  );
}

function blocksOf(entry: MessagesRequest["messages"][number]): readonly Block[] {
  return typeof entry.content === "string" ? [] : entry.content;
}

function thinkingRefusal(request: MessagesRequest): string | null {
  for (const [index, entry] of request.messages.entries()) {
    for (const [position, item] of blocksOf(entry).entries()) {
      if (
        item.type === "thinking" &&
        (typeof item.signature !== "string" || item.signature === "")
      ) {
        return `messages.${index}.content.${position}.thinking.signature: Field required`;
      }
    }
  }
  if (request.thinking?.type !== "enabled") return null;
  // Only a tool loop in progress (the last user turn carries results) must keep its thinking.
  const last = request.messages.length - 1;
  if (!blocksOf(request.messages[last]!).some((item) => item.type === "tool_result") || last < 1)
    return null;
  const first = blocksOf(request.messages[last - 1]!)[0]?.type;
  if (first !== "thinking" && first !== "redacted_thinking") {
    return `messages.${last - 1}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${first ?? "text"}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block.`;
  }
  return null;
}

function toolPairingRefusal(messages: MessagesRequest["messages"]): string | null {
  let unanswered = new Set<string>();
  for (const [index, entry] of messages.entries()) {
    const blocks = blocksOf(entry);
    if (entry.role === "user") {
      for (const item of blocks.filter((candidate) => candidate.type === "tool_result")) {
        const id = String(item.tool_use_id);
        if (!unanswered.delete(id)) {
          return `messages.${index}.content: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${id}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`;
        }
      }
    }
    if (unanswered.size > 0) return unansweredToolUse(index, unanswered);
    unanswered = new Set(
      entry.role === "assistant"
        ? blocks.filter((item) => item.type === "tool_use").map((item) => String(item.id))
        : [],
    );
  }
  return unanswered.size > 0 ? unansweredToolUse(messages.length, unanswered) : null;
}

function unansweredToolUse(index: number, ids: ReadonlySet<string>): string {
  return `messages.${index}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${[...ids].join(", ")}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`;
}
