import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { anthropicBody, post, readEvents } from "../test-support/wire-client.js";
import { MockProviderServer } from "./mock-provider-server.js";

let server: MockProviderServer;
const messages = () => `${server.anthropicBaseUrl}/v1/messages`;

beforeEach(async () => {
  server = await MockProviderServer.start();
});
afterEach(async () => {
  await server.stop();
});

describe("the Anthropic wire, as JSON", () => {
  it("an answer is a message with a text block, stop_reason end_turn and usage", async () => {
    server.script({ kind: "answer", text: "Hi!", usage: { inputTokens: 12, outputTokens: 2 } });
    const response = await post(messages(), anthropicBody(), {
      "x-api-key": "test-key",
      "anthropic-version": "2023-06-01",
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("request-id")).toMatch(/^req_/);
    expect(await response.json()).toEqual({
      id: expect.stringMatching(/^msg_/),
      type: "message",
      role: "assistant",
      model: "claude-test",
      content: [{ type: "text", text: "Hi!" }],
      stop_reason: "end_turn",
      stop_sequence: null,
      usage: {
        input_tokens: 12,
        cache_creation_input_tokens: 0,
        cache_read_input_tokens: 0,
        cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 0 },
        output_tokens: 2,
        service_tier: "standard",
      },
    });
  });

  it("blocks come thinking first (signed), then text, then tool uses with object input; tool calls stop with tool_use", async () => {
    server.script({
      kind: "answer",
      thinking: [
        { text: "Let me look it up.", signature: "sig-1" },
        { text: "Unsigned in the script." },
      ],
      text: "Searching.",
      toolCalls: [{ name: "search", arguments: { query: "pgvector" } }],
    });
    const body = await (await post(messages(), anthropicBody())).json();
    expect(body.content).toEqual([
      { type: "thinking", thinking: "Let me look it up.", signature: "sig-1" },
      {
        type: "thinking",
        thinking: "Unsigned in the script.",
        signature: expect.stringMatching(/.+/),
      },
      { type: "text", text: "Searching." },
      {
        type: "tool_use",
        id: expect.stringMatching(/^toolu_/),
        name: "search",
        input: { query: "pgvector" },
      },
    ]);
    expect(body.stop_reason).toBe("tool_use");
  });

  it("cache reads and writes are apart from input, writes split by lifetime; thinking is inside output and broken out in the details", async () => {
    server.script({
      kind: "answer",
      text: "x",
      usage: {
        inputTokens: 100,
        cachedInputTokens: 40,
        cacheWriteTokens: 7,
        cacheWrite1hTokens: 5,
        outputTokens: 10,
        reasoningTokens: 30,
      },
    });
    const { usage } = await (await post(messages(), anthropicBody())).json();
    expect(usage).toEqual({
      input_tokens: 100,
      cache_read_input_tokens: 40,
      cache_creation_input_tokens: 7,
      cache_creation: { ephemeral_5m_input_tokens: 2, ephemeral_1h_input_tokens: 5 },
      output_tokens: 40,
      output_tokens_details: { thinking_tokens: 30 },
      service_tier: "standard",
    });
  });

  it("a max_tokens stop is stop_reason max_tokens, even with tool calls", async () => {
    server.script({
      kind: "answer",
      text: "Cut",
      toolCalls: [{ name: "x", arguments: {} }],
      stopReason: "max_tokens",
    });
    const body = await (await post(messages(), anthropicBody())).json();
    expect(body.stop_reason).toBe("max_tokens");
  });

  it("default usage counts system, messages and tools at four characters a token", async () => {
    const request = anthropicBody({
      tools: [{ name: "search", input_schema: { type: "object" } }],
    });
    const { usage } = await (await post(messages(), request)).json();
    expect(usage.input_tokens).toBe(
      Math.ceil(JSON.stringify([request.system, request.messages, request.tools]).length / 4),
    );
    expect(usage.output_tokens).toBe(1);
  });
});

describe("the Anthropic wire, streamed", () => {
  it("events go message_start, ping, one start/deltas/stop per block, message_delta, message_stop", async () => {
    server.script({
      kind: "answer",
      thinking: [{ text: "Thinking hard about it", signature: "sig" }],
      text: "Hello streaming world",
      toolCalls: [{ id: "toolu_1", name: "search", arguments: { query: "q" } }],
      usage: { inputTokens: 9, outputTokens: 5 },
    });
    const response = await post(messages(), anthropicBody({ stream: true }));
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const { events, failure } = await readEvents(response);
    expect(failure).toBeNull();
    expect(events.every((event) => event.json.type === event.event)).toBe(true);
    const names = events.map((event) =>
      event.event === "content_block_delta"
        ? `${event.json.index}:${event.json.delta.type}`
        : event.event,
    );
    expect(names.filter((name, index) => name !== names[index - 1])).toEqual([
      "message_start",
      "ping",
      "content_block_start",
      "0:thinking_delta",
      "0:signature_delta",
      "content_block_stop",
      "content_block_start",
      "1:text_delta",
      "content_block_stop",
      "content_block_start",
      "2:input_json_delta",
      "content_block_stop",
      "message_delta",
      "message_stop",
    ]);
    const start = events[0]!.json.message;
    expect(start).toMatchObject({
      type: "message",
      role: "assistant",
      model: "claude-test",
      content: [],
      stop_reason: null,
      usage: { input_tokens: 9 },
    });
    const deltas = (type: string, field: string) =>
      events
        .filter((event) => event.json.delta?.type === type)
        .map((event) => event.json.delta[field])
        .join("");
    expect(deltas("thinking_delta", "thinking")).toBe("Thinking hard about it");
    expect(deltas("signature_delta", "signature")).toBe("sig");
    expect(deltas("text_delta", "text")).toBe("Hello streaming world");
    expect(
      events.filter((event) => event.json.delta?.type === "text_delta").length,
    ).toBeGreaterThan(1);
    expect(JSON.parse(deltas("input_json_delta", "partial_json"))).toEqual({ query: "q" });
    expect(
      events
        .filter((event) => event.event === "content_block_start")
        .map((event) => event.json.content_block),
    ).toEqual([
      { type: "thinking", thinking: "", signature: "" },
      { type: "text", text: "" },
      { type: "tool_use", id: "toolu_1", name: "search", input: {} },
    ]);
    const messageDelta = events.find((event) => event.event === "message_delta")!.json;
    expect(messageDelta.delta).toEqual({ stop_reason: "tool_use", stop_sequence: null });
    // Five answer tokens plus the thinking, counted by default: ceil(22 / 4) = 6.
    expect(messageDelta.usage).toMatchObject({
      output_tokens: 11,
      output_tokens_details: { thinking_tokens: 6 },
    });
  });
});
