// examples/responses-api.ts
import { parseCatalog } from "@nucleo/catalog";
import { Parts, toolDefinition, type LlmRequest } from "@nucleo/conversation";
import { OpenAiClient } from "@nucleo/provider-openai";
import { MockProviderServer } from "@nucleo/testing";

// The mock server speaks the Responses wire too, so this runs without a key or a network.
const server = await MockProviderServer.start();

// A reasoning model on the Responses API, under a zero-retention envelope, caching for 24 hours.
const catalog = parseCatalog(
  [
    {
      id: "openai-gpt-5-zdr",
      provider: "openai",
      model: "gpt-5",
      api: "responses",
      promptCache: { lifetime: "24h" },
      compliance: { retention: "zero" },
      grade: "LARGE",
      contextWindow: 400_000,
      outputCeiling: 128_000,
      reasoningTokens: { QUICK: 1_024, STANDARD: 4_096 },
      prices: {
        currency: "USD",
        effectiveFrom: "2026-01-01",
        source: "example",
        input: "1.25",
        cacheRead: "0.125",
        output: "10",
      },
      limits: { requestsPerMinute: 500, tokensPerMinute: 500_000 },
    },
  ],
  "example",
);
const binding = {
  entry: catalog.get("openai-gpt-5-zdr"),
  maxOutputTokens: 8_192,
  reasoningTokens: 4_096,
  depth: "STANDARD",
} as const;
const findOrder = toolDefinition("find_order", "Finds an order by id.", {
  type: "object",
  properties: { id: { type: "integer" } },
  required: ["id"],
});
// `cacheKey` is set by the conversation (a hash of its id); here it is written out.
const first: LlmRequest = {
  system: { text: "You answer questions about orders." },
  messages: [{ role: "user", parts: [Parts.text("Has order 42 shipped?")] }],
  tools: [findOrder],
  cacheKey: "nucleo-example-conversation",
};

// Reasoning summaries are opt-in: OpenAI gives them only to organisations it has verified.
const client = new OpenAiClient({
  apiKey: "sk-example",
  baseURL: server.openaiBaseUrl,
  reasoningSummaries: true,
});
server.script(
  {
    kind: "answer",
    thinking: [{ text: "Look the order up first.", signature: "gAAAA-example" }],
    toolCalls: [{ id: "call_1", name: "find_order", arguments: { id: 42 } }],
  },
  { kind: "answer", text: "Yes: order 42 shipped." },
);

const called = await client.send(first, binding, new AbortController().signal);
console.log(called.stopReason, called.thinking[0]?.text); // tool_calls Look the order up first.
const sent = server.requests[0]?.body;
console.log(sent?.store, sent?.include); // false [ 'reasoning.encrypted_content' ]
console.log(sent?.prompt_cache_key, sent?.prompt_cache_retention); // nucleo-example-conversation 24h

// The next turn carries the model's reasoning back, whole (nothing is stored at OpenAI).
const second: LlmRequest = {
  ...first,
  messages: [
    ...first.messages,
    { role: "assistant", parts: [...called.thinking, ...called.toolCalls] },
    { role: "user", parts: [Parts.toolResult("call_1", "find_order", "shipped on May 2")] },
  ],
};
const answer = await client.send(second, binding, new AbortController().signal);
console.log(answer.content); // Yes: order 42 shipped.
const input = server.requests[1]?.body.input as Array<Record<string, unknown>>;
console.log(input.map((item) => item.type ?? item.role).join(", ")); // user, reasoning, function_call, function_call_output
console.log(input[1]?.encrypted_content); // gAAAA-example

await server.stop();
