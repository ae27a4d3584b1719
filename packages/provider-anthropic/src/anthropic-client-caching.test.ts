// Prompt caching, thinking modes and other providers' reasoning, over HTTP through the mock
// server and the real SDK. Usage the mock does not compose itself travels as a verbatim body
// (its `garbage` reply), so the one-hour split crosses the SDK's JSON and SSE parsing.
import { Parts, toolDefinition, type LlmRequest } from "@nucleo/conversation";
import { drainStream as drain, MockProviderServer } from "@nucleo/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AnthropicClient } from "./anthropic-client.js";
import { anthropicEntry, bindingFor, textRequest, hourlyEntry } from "./test-support/bindings.js";
import { sseBody } from "./test-support/sse-body.js";
import { contentBlock, messageEnd } from "./test-support/stream-events.js";

let server: MockProviderServer;
let client: AnthropicClient;
const live = () => new AbortController().signal;
const lookup = toolDefinition("lookup", "Looks a word up.", { type: "object", properties: {} });
const hourly = hourlyEntry();
const request: LlmRequest = { ...textRequest("Define nucleo."), tools: [lookup] };
const usage = {
  input_tokens: 12,
  output_tokens: 3,
  cache_read_input_tokens: 2_000,
  cache_creation_input_tokens: 1_500,
  cache_creation: { ephemeral_5m_input_tokens: 300, ephemeral_1h_input_tokens: 1_200 },
};
const mapped = {
  inputTokens: 12,
  outputTokens: 3,
  cachedInputTokens: 2_000,
  cacheWriteTokens: 1_500,
  cacheWrite1hTokens: 1_200,
};

beforeEach(async () => {
  server = await MockProviderServer.start();
  client = new AnthropicClient({ apiKey: "sk-ant-test", baseURL: server.anthropicBaseUrl });
});
afterEach(async () => {
  await server.stop();
});

describe("AnthropicClient prompt caching", () => {
  it("a one-hour entry's streamed call marks the system text and the newest message with ttl 1h", async () => {
    server.script({ kind: "answer", text: "A kernel." });
    await drain(client.stream(request, bindingFor(hourly, "STANDARD"), live()));
    const body = server.requests[0]!.body;
    const hour = { type: "ephemeral", ttl: "1h" };
    expect(body.system).toEqual([{ type: "text", text: "Be brief.", cache_control: hour }]);
    expect(body.messages).toEqual([
      { role: "user", content: [{ type: "text", text: "Define nucleo.", cache_control: hour }] },
    ]);
    expect(body.tools).toEqual([
      { name: "lookup", description: "Looks a word up.", input_schema: lookup.inputSchema },
    ]);
  });

  it("no cache_control is sent when the client's promptCache is false, whatever the entry says", async () => {
    const uncached = new AnthropicClient({
      apiKey: "sk-ant-test",
      baseURL: server.anthropicBaseUrl,
      promptCache: false,
    });
    server.script({ kind: "answer", text: "A kernel." }, { kind: "answer", text: "A kernel." });
    await uncached.send(request, bindingFor(hourly, "STANDARD"), live());
    await drain(uncached.stream(request, bindingFor(hourly, "STANDARD"), live()));
    for (const sent of server.requests) {
      expect(JSON.stringify(sent.body)).not.toContain("cache_control");
      expect(sent.body.system).toBe("Be brief.");
    }
  });

  it("no cache_control is sent for an entry whose promptCache is off", async () => {
    server.script({ kind: "answer", text: "A kernel." });
    const off = anthropicEntry({ nativeThinking: false, promptCache: "off" });
    await client.send(request, bindingFor(off, "STANDARD"), live());
    expect(JSON.stringify(server.requests[0]!.body)).not.toContain("cache_control");
  });

  it("a whole message's usage maps all writes, the one-hour ones apart, and reads", async () => {
    server.script({
      kind: "garbage",
      body: JSON.stringify({
        id: "msg_1",
        type: "message",
        role: "assistant",
        model: "claude-test-sonnet",
        content: [{ type: "text", text: "A kernel." }],
        stop_reason: "end_turn",
        stop_sequence: null,
        usage,
      }),
    });
    const response = await client.send(request, bindingFor(hourly, "STANDARD"), live());
    expect(response.usage).toEqual(mapped);
  });

  it("a streamed message's usage keeps message_start's one-hour split through message_delta", async () => {
    const end = messageEnd("end_turn", 3);
    server.script({
      kind: "garbage",
      body: sseBody([
        {
          type: "message_start",
          message: {
            id: "msg_1",
            type: "message",
            role: "assistant",
            model: "claude-test-sonnet",
            content: [],
            stop_reason: null,
            stop_sequence: null,
            usage: { ...usage, output_tokens: 1 },
          },
        },
        ...contentBlock(0, { type: "text", text: "" }, [{ type: "text_delta", text: "A kernel." }]),
        {
          ...end[0]!,
          usage: {
            input_tokens: 12,
            output_tokens: 3,
            cache_read_input_tokens: 2_000,
            cache_creation_input_tokens: 1_500,
          },
        },
        end[1]!,
      ]),
    });
    const { response } = await drain(
      client.stream(request, bindingFor(hourly, "STANDARD"), live()),
    );
    expect(response.usage).toEqual(mapped);
  });
});

describe("AnthropicClient thinking modes over HTTP", () => {
  it("an adaptive entry sends thinking adaptive with output_config effort, and no budget", async () => {
    server.script({
      kind: "answer",
      text: "42.",
      thinking: [{ text: "Six times seven." }],
    });
    const adaptive = anthropicEntry({ thinkingMode: "adaptive" });
    const response = await client.send(
      textRequest("6 x 7?"),
      bindingFor(adaptive, "THOROUGH"),
      live(),
    );
    const body = server.requests[0]!.body;
    expect(body.thinking).toEqual({ type: "adaptive" });
    expect(body.output_config).toEqual({ effort: "high" });
    expect(JSON.stringify(body)).not.toContain("budget_tokens");
    expect(response.thinking[0]!.text).toBe("Six times seven.");
  });

  it("OpenAI reasoning items in the conversation are not sent", async () => {
    server.script({ kind: "answer", text: "Done." });
    const looped: LlmRequest = {
      ...request,
      messages: [
        ...request.messages,
        {
          role: "assistant",
          parts: [
            { type: "thinking", text: "Look it up.", signature: "gAAAAB-enc", itemId: "rs_1" },
            Parts.toolCall("toolu_1", "lookup", {}),
          ],
        },
        { role: "user", parts: [Parts.toolResult("toolu_1", "lookup", "a kernel")] },
      ],
    };
    await client.send(looped, bindingFor(anthropicEntry(), "STANDARD"), live());
    const sent = JSON.stringify(server.requests[0]!.body);
    expect(sent).not.toContain("rs_1");
    expect(sent).not.toContain("gAAAAB-enc");
    expect(sent).not.toContain('"thinking":"Look it up."');
  });
});
