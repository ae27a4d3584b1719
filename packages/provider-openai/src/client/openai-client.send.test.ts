import { Parts, toolDefinition, type LlmRequest } from "@nucleo/conversation";
import { MockProviderServer } from "@nucleo/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { API_CASES } from "../test-support/api-cases.js";
import { bindingOf, entryOf, requestOf } from "../test-support/fixtures.js";
import { OpenAiClient } from "./openai-client.js";

let server: MockProviderServer;
let client: OpenAiClient;
const signal = (): AbortSignal => new AbortController().signal;

beforeAll(async () => {
  server = await MockProviderServer.start();
});
afterAll(async () => {
  await server.stop();
});
beforeEach(() => {
  // A fresh client per test, and `requests` read from the count before it.
  client = new OpenAiClient({ apiKey: "sk-test", baseURL: server.openaiBaseUrl });
});
const lastRequest = () => server.requests.at(-1)!;

describe.each(API_CASES)("OpenAiClient.send over the official SDK ($api)", (wire) => {
  it("returns a plain answer: content, usage with cached and reasoning tokens apart, stop reason, provider model", async () => {
    server.script({
      kind: "answer",
      text: "4",
      usage: { inputTokens: 80, cachedInputTokens: 20, outputTokens: 5, reasoningTokens: 64 },
    });
    const response = await client.send(requestOf(), bindingOf(wire.entry()), signal());
    expect(response).toEqual({
      content: "4",
      toolCalls: [],
      thinking: [],
      usage: { inputTokens: 80, cachedInputTokens: 20, outputTokens: 5, reasoningTokens: 64 },
      stopReason: "end",
      providerModel: "gpt-test",
      ...wire.answerItem,
    });
    expect(lastRequest()).toMatchObject({
      path: wire.path,
      stream: false,
      apiKeyPresent: true,
      model: "gpt-test",
    });
    expect(lastRequest().body).toMatchObject(wire.plainBody);
  });

  it("round-trips native tool calls: tools offered in the API's shape, calls parsed, results sent back paired with their calls", async () => {
    const lookup = toolDefinition("lookup", "Finds a record by id.", {
      type: "object",
      properties: { id: { type: "integer" } },
      required: ["id"],
    });
    const first = requestOf({ tools: [lookup] });
    server.script({
      kind: "answer",
      toolCalls: [
        { id: "call_a", name: "lookup", arguments: { id: 7 } },
        { id: "call_b", name: "lookup", arguments: { id: 8 } },
      ],
    });
    const called = await client.send(first, bindingOf(wire.entry()), signal());
    expect(called.stopReason).toBe("tool_calls");
    expect(called.toolCalls).toEqual([
      { ...Parts.toolCall("call_a", "lookup", { id: 7 }), ...wire.callItem },
      { ...Parts.toolCall("call_b", "lookup", { id: 8 }), ...wire.callItem },
    ]);
    expect(lastRequest().body).toMatchObject(wire.offered(lookup));

    const second: LlmRequest = {
      ...first,
      messages: [
        ...first.messages,
        { role: "assistant", parts: called.toolCalls },
        {
          role: "user",
          parts: [
            Parts.toolResult("call_a", "lookup", "Ada"),
            Parts.toolResult("call_b", "lookup", "Grace"),
          ],
        },
      ],
    };
    server.script({ kind: "answer", text: "Ada and Grace." });
    const answered = await client.send(second, bindingOf(wire.entry()), signal());
    expect(answered.content).toBe("Ada and Grace.");
    expect(wire.history(lastRequest().body)).toEqual(wire.calledAndAnswered);
  });

  it("asks for a strict json_schema answer where the entry has structured outputs", async () => {
    const schema = {
      type: "object",
      properties: { verdict: { type: "string", enum: ["yes", "no"] } },
      required: ["verdict"],
    };
    server.script({ kind: "answer", text: '{"verdict":"yes"}' });
    const response = await client.send(
      requestOf({ responseFormat: { name: "verdict", schema } }),
      bindingOf(wire.entry({ structuredOutput: true })),
      signal(),
    );
    expect(response.content).toBe('{"verdict":"yes"}');
    expect(wire.answerFormat(lastRequest().body)).toEqual({
      name: "verdict",
      strict: true,
      schema: { ...schema, additionalProperties: false },
    });
  });

  it("sends a reasoning model the effort of the seat's depth", async () => {
    const entry = wire.entry({
      reasoningTokens: { QUICK: 1_024, STANDARD: 4_096, THOROUGH: 16_384 },
    });
    await client.send(requestOf(), bindingOf(entry, "THOROUGH"), signal());
    expect(wire.effort(lastRequest().body)).toBe("high");
    await client.send(requestOf(), bindingOf(entry, "QUICK"), signal());
    expect(wire.effort(lastRequest().body)).toBe("low");
  });

  it("reports a length stop as max_tokens, a normal response", async () => {
    server.script({ kind: "answer", text: "The answer is cut", stopReason: "max_tokens" });
    const response = await client.send(requestOf(), bindingOf(wire.entry()), signal());
    expect(response).toMatchObject({ stopReason: "max_tokens", content: "The answer is cut" });
  });

  it("sends the conversation's cache key, and the 24-hour retention when the entry asks for it", async () => {
    const request = requestOf({ cacheKey: "nucleo-abc" });
    await client.send(
      request,
      bindingOf(wire.entry({ promptCache: { lifetime: "24h" } })),
      signal(),
    );
    expect(lastRequest().body).toMatchObject({
      prompt_cache_key: "nucleo-abc",
      prompt_cache_retention: "24h",
    });
    const uncached = new OpenAiClient({
      apiKey: "sk-test",
      baseURL: server.openaiBaseUrl,
      promptCache: false,
    });
    await uncached.send(request, bindingOf(wire.entry()), signal());
    expect(lastRequest().body).not.toHaveProperty("prompt_cache_key");
    // OpenAI's in-memory cache cannot be turned off: the least it allows is asked for.
    expect(lastRequest().body.prompt_cache_retention).toBe("in_memory");
  });
});

describe("OpenAiClient.send to OpenAI-compatible servers", () => {
  it("sends an openai-compatible entry to its own baseUrl, with max_tokens and no caching fields", async () => {
    const compatible = await MockProviderServer.start();
    try {
      const entry = entryOf({
        id: "local-llama",
        provider: "openai-compatible",
        baseUrl: compatible.openaiBaseUrl,
        model: "llama3.1:8b",
      });
      compatible.script({ kind: "answer", text: "from the local server" });
      const before = server.counts.requests;
      const response = await client.send(
        requestOf({ cacheKey: "nucleo-abc" }),
        bindingOf(entry),
        signal(),
      );
      expect(response).toMatchObject({
        content: "from the local server",
        providerModel: "llama3.1:8b",
      });
      expect(server.counts.requests).toBe(before);
      expect(compatible.requests).toHaveLength(1);
      expect(compatible.requests[0]!.body).toMatchObject({
        model: "llama3.1:8b",
        max_tokens: 1_024,
      });
      expect(compatible.requests[0]!.body).not.toHaveProperty("prompt_cache_key");
    } finally {
      await compatible.stop();
    }
  });
});
