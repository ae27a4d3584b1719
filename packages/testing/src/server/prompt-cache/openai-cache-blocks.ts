import type { CacheablePrompt, PromptBlock } from "./cacheable-prompt.js";

/** A Chat Completions request as OpenAI's cache reads it: its tools, then its messages. */
export function chatCacheablePrompt(body: Record<string, unknown>): CacheablePrompt {
  return automatic(body, [
    ...arrayOf(body.tools).map((tool) => ({ context: "tools", content: tool })),
    ...arrayOf(body.messages).map((message) => ({ context: "messages", content: message })),
  ]);
}

/**
 * A Responses request as OpenAI's cache reads it: its tools, its instructions, then its input
 * items (a string input is one user message).
 */
export function responsesCacheablePrompt(body: Record<string, unknown>): CacheablePrompt {
  const input =
    typeof body.input === "string" ? [{ role: "user", content: body.input }] : arrayOf(body.input);
  return automatic(body, [
    ...arrayOf(body.tools).map((tool) => ({ context: "tools", content: tool })),
    ...(typeof body.instructions === "string"
      ? [{ context: "instructions", content: body.instructions }]
      : []),
    ...input.map((item) => ({ context: "input", content: item })),
  ]);
}

function automatic(body: Record<string, unknown>, blocks: PromptBlock[]): CacheablePrompt {
  return {
    caching: "automatic",
    blocks,
    key: typeof body.prompt_cache_key === "string" ? body.prompt_cache_key : null,
    lifetime: body.prompt_cache_retention === "24h" ? "24h" : "5m",
  };
}

function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
