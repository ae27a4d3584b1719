// examples/quick-start.ts
import { ModelPicker, parseCatalog } from "@nucleo/catalog";
import { Parts, type LlmBinding, type LlmRequest } from "@nucleo/conversation";
import { ThrottleSignal } from "@nucleo/core";
import { AnthropicClient, thinkingActive } from "@nucleo/provider-anthropic";
import { MockProviderServer } from "@nucleo/testing";

// A stand-in for api.anthropic.com that speaks the Messages API, so this runs without a key.
const server = await MockProviderServer.start();

const catalog = parseCatalog(
  [
    {
      id: "anthropic-claude-haiku-4-5",
      provider: "anthropic",
      model: "claude-haiku-4-5",
      grade: "SMALL",
      contextWindow: 200_000,
      outputCeiling: 64_000,
      nativeThinking: true,
      reasoningTokens: { QUICK: 512, STANDARD: 4_096 },
      prices: {
        currency: "USD",
        effectiveFrom: "2026-11-29",
        source: "example",
        input: "1",
        output: "5",
        // Anthropic bills a cache read at a tenth of the input price, a five-minute write at 1.25×.
        cacheRead: "0.1",
        cacheWrite: "1.25",
      },
      limits: { requestsPerMinute: 50 },
    },
  ],
  "catalog.yaml",
);

// The picker binds the seat; the client reads the entry and the seat's budgets from the binding.
const seat = new ModelPicker(catalog).bind({
  grade: "SMALL",
  depth: "STANDARD",
  output: "COMPACT",
});
const binding: LlmBinding = { ...seat, depth: "STANDARD" };
console.log(thinkingActive(seat.entry, "STANDARD"), thinkingActive(seat.entry, "QUICK")); // true false

const client = new AnthropicClient({ apiKey: "sk-ant-example", baseURL: server.anthropicBaseUrl });
const request: LlmRequest = {
  system: { text: "Answer in one word." },
  messages: [{ role: "user", parts: [Parts.text("Capital of France?")] }],
  tools: [],
};

server.script({
  kind: "answer",
  text: "Paris.",
  thinking: [{ text: "France's capital is Paris." }],
  usage: { inputTokens: 20, outputTokens: 2, reasoningTokens: 6 },
});
const response = await client.send(request, binding, AbortSignal.timeout(30_000));
console.log(server.requests[0]?.body.thinking); // { type: 'enabled', budget_tokens: 4096 }
console.log(response.content, response.stopReason, response.thinking[0]?.text); // Paris. end France's capital is Paris.
console.log(response.usage); // { inputTokens: 20, outputTokens: 8, cachedInputTokens: 0, cacheWriteTokens: 0 }

// Streaming: text as it arrives, then the same response `send` gives.
server.script({ kind: "answer", text: "Paris, on the Seine." });
const stream = client.stream(request, binding, AbortSignal.timeout(30_000));
const pieces: string[] = [];
let next = await stream.next();
for (; !next.done; next = await stream.next())
  if (next.value.type === "text") pieces.push(next.value.text);
console.log(pieces.length > 1, next.value.content); // true Paris, on the Seine.

// A 429 is a retry signal for the dispatcher, carrying the provider's retry-after:
server.script({ kind: "throttle", retryAfterSeconds: 2 });
const throttled = await client
  .send(request, binding, AbortSignal.timeout(30_000))
  .catch((error: unknown) => error);
console.log(throttled instanceof ThrottleSignal && throttled.retryAfterMs); // 2000

await server.stop();
