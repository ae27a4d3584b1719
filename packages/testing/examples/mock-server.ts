// examples/mock-server.ts
import { MockProviderServer } from "@nucleo/testing";

const server = await MockProviderServer.start();
server.script(
  { kind: "answer", text: "Hello from the mock.", usage: { inputTokens: 12, outputTokens: 5 } },
  { kind: "throttle", retryAfterSeconds: 3 },
);

// What `new OpenAI({ apiKey, baseURL: server.openaiBaseUrl })` sends for chat.completions.create:
const openai = await fetch(`${server.openaiBaseUrl}/chat/completions`, {
  method: "POST",
  headers: { authorization: "Bearer test-key", "content-type": "application/json" },
  body: JSON.stringify({ model: "gpt-5-mini", messages: [{ role: "user", content: "Hi" }] }),
});
const completion = (await openai.json()) as {
  choices: Array<{ message: { content: string } }>;
  usage: { total_tokens: number };
};
console.log(completion.choices[0]?.message.content, completion.usage.total_tokens); // Hello from the mock. 17

// What `new Anthropic({ apiKey, baseURL: server.anthropicBaseUrl })` sends for messages.create:
const anthropic = await fetch(`${server.anthropicBaseUrl}/v1/messages`, {
  method: "POST",
  headers: { "x-api-key": "test-key", "content-type": "application/json" },
  body: JSON.stringify({
    model: "claude-sonnet-4-5",
    max_tokens: 1024,
    messages: [{ role: "user", content: "Hi" }],
  }),
});
const refusal = (await anthropic.json()) as { error: { type: string } };
console.log(anthropic.status, anthropic.headers.get("retry-after"), refusal.error.type); // 429 3 rate_limit_error

console.log(
  server.requests.map((request) => `${request.wire} ${request.model} key:${request.apiKeyPresent}`),
); // [ 'openai gpt-5-mini key:true', 'anthropic claude-sonnet-4-5 key:true' ]
await server.stop();
