// examples/prompt-cache.ts
import { MockProviderServer } from "@nucleo/testing";

// Cache lifetimes read the server's clock: a test moves it instead of waiting.
let now = 0;
const server = await MockProviderServer.start({ clock: { now: () => now } });
const system = "You judge the novelty of patent claims. ".repeat(200); // 2,000 tokens at 4 characters each

// Anthropic caches the prefix up to each block marked with cache_control.
const ask = async (question: string) => {
  const response = await fetch(`${server.anthropicBaseUrl}/v1/messages`, {
    method: "POST",
    headers: { "x-api-key": "test-key", "content-type": "application/json" },
    body: JSON.stringify({
      model: "claude-sonnet-4-5",
      max_tokens: 1024,
      system: [{ type: "text", text: system, cache_control: { type: "ephemeral" } }],
      messages: [{ role: "user", content: question }],
    }),
  });
  const { usage } = (await response.json()) as { usage: Record<string, number> };
  return [usage.cache_creation_input_tokens, usage.cache_read_input_tokens, usage.input_tokens];
};
console.log(await ask("Claim 1?")); // [ 2007, 0, 5 ]
console.log(await ask("Claim 2?")); // [ 0, 2007, 5 ]
now += 5 * 60_000; // five minutes unread: the entry is gone
console.log(await ask("Claim 3?")); // [ 2007, 0, 5 ]

// OpenAI caches every prompt of 1,024 tokens or more by itself; reads come in 1,024 + 128·k.
const respond = async (question: string) => {
  const response = await fetch(`${server.openaiBaseUrl}/responses`, {
    method: "POST",
    headers: { authorization: "Bearer test-key", "content-type": "application/json" },
    body: JSON.stringify({
      model: "gpt-5-mini",
      instructions: system,
      input: question,
      prompt_cache_key: "conversation-1",
    }),
  });
  const { usage } = (await response.json()) as {
    usage: { input_tokens: number; input_tokens_details: { cached_tokens: number } };
  };
  return [usage.input_tokens, usage.input_tokens_details.cached_tokens];
};
console.log(await respond("Claim 1?")); // [ 2005, 0 ]
console.log(await respond("Claim 2?")); // [ 2005, 1920 ]

console.log(server.counts.cachedInputTokens, server.counts.cacheWriteTokens); // 3927 4014
await server.stop();
