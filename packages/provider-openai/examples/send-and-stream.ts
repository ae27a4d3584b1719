// examples/send-and-stream.ts
import { parseCatalog } from "@nucleo/catalog";
import type { ThrottleSignal } from "@nucleo/core";
import { Parts, type LlmRequest } from "@nucleo/conversation";
import { OpenAiClient } from "@nucleo/provider-openai";
import { MockProviderServer } from "@nucleo/testing";

// A local server speaking OpenAI's wire, so this runs without a key or a network.
const server = await MockProviderServer.start();

const catalog = parseCatalog(
  [
    {
      id: "openai-gpt-5-mini",
      provider: "openai",
      model: "gpt-5-mini",
      grade: "MEDIUM",
      contextWindow: 400_000,
      outputCeiling: 128_000,
      reasoningTokens: { QUICK: 1_024, STANDARD: 4_096 },
      prices: {
        currency: "USD",
        effectiveFrom: "2026-01-01",
        source: "example",
        input: "0.25",
        output: "2",
      },
      limits: { requestsPerMinute: 500, tokensPerMinute: 500_000 },
    },
  ],
  "example",
);
const binding = {
  entry: catalog.get("openai-gpt-5-mini"),
  maxOutputTokens: 1_024,
  reasoningTokens: 4_096,
  depth: "STANDARD",
} as const;
const request: LlmRequest = {
  system: { text: "Answer in one word." },
  messages: [{ role: "user", parts: [Parts.text("The capital of France?")] }],
  tools: [],
};

const client = new OpenAiClient({ apiKey: "sk-example", baseURL: server.openaiBaseUrl });

server.script({
  kind: "answer",
  text: "Paris.",
  usage: { inputTokens: 21, cachedInputTokens: 0, outputTokens: 2, reasoningTokens: 64 },
});
const response = await client.send(request, binding, new AbortController().signal);
console.log(response.content, response.stopReason); // Paris. end
console.log(response.usage); // { inputTokens: 21, outputTokens: 2, cachedInputTokens: 0, reasoningTokens: 64 }
console.log(server.requests[0]?.body.reasoning_effort); // medium

// Streaming yields text as it comes; the generator returns the same response `send` gives.
server.script({ kind: "answer", text: "Paris, on the Seine." });
const stream = client.stream(request, binding, new AbortController().signal);
const pieces: string[] = [];
let step = await stream.next();
while (!step.done) {
  if (step.value.type === "text") pieces.push(step.value.text); // show each piece as it arrives
  step = await stream.next();
}
console.log(pieces.length > 1, pieces.join("") === step.value.content); // true true
console.log(step.value.content); // Paris, on the Seine.

// Failures come back as Nucleo's outcomes: a 429 is a ThrottleSignal for the dispatcher.
server.script({ kind: "throttle", retryAfterSeconds: 2 });
const throttled = (await client
  .send(request, binding, new AbortController().signal)
  .catch((error: unknown) => error)) as ThrottleSignal;
console.log(throttled.kind, throttled.retryAfterMs); // throttle 2000

await server.stop();
