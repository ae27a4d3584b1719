// Streams stopped at max_tokens, replayed as raw SSE over HTTP (the mock server's `garbage`
// reply writes the body verbatim) and parsed by the real SDK. The shape where the last block is
// never closed — `content_block_start` and deltas of a tool_use, then `message_delta` with
// `max_tokens` and `message_stop`, no `content_block_stop` — is the one the official Anthropic
// SDKs replay in their own streaming tests (their "incomplete partial JSON" fixture).
import { CatalogAdmission, parseCatalog } from "@nucleo/catalog";
import {
  ConversationService,
  LLMCall,
  LlmEnvironment,
  Parts,
  toolDefinition,
  type LlmRequest,
} from "@nucleo/conversation";
import { ExternalServiceError, JobDispatcher, type RunEvent } from "@nucleo/core";
import { drainStream as drain, MockProviderServer, type MockReply } from "@nucleo/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AnthropicClient } from "./anthropic-client.js";
import { anthropicEntry, bindingFor, textRequest } from "./test-support/bindings.js";
import { sseBody, type WireEvent } from "./test-support/sse-body.js";

let server: MockProviderServer;
let client: AnthropicClient;
const live = () => new AbortController().signal;
const thinker = anthropicEntry();
const writeReport = toolDefinition("write_report", "Writes a report to a file.", {
  type: "object",
  properties: { title: { type: "string" }, sections: { type: "array", items: { type: "string" } } },
  required: ["title", "sections"],
});
const request: LlmRequest = { ...textRequest("Write the quarterly report."), tools: [writeReport] };

beforeEach(async () => {
  server = await MockProviderServer.start();
  client = new AnthropicClient({ apiKey: "sk-ant-test", baseURL: server.anthropicBaseUrl });
});
afterEach(async () => {
  await server.stop();
});

const messageStart: WireEvent = {
  type: "message_start",
  message: {
    id: "msg_01TruncatedReport",
    type: "message",
    role: "assistant",
    model: "claude-test-sonnet",
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage: {
      input_tokens: 380,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 120,
      output_tokens: 1,
      service_tier: "standard",
    },
  },
};
const thinkingBlock: WireEvent[] = [
  {
    type: "content_block_start",
    index: 0,
    content_block: { type: "thinking", thinking: "", signature: "" },
  },
  {
    type: "content_block_delta",
    index: 0,
    delta: { type: "thinking_delta", thinking: "A report tool exists; " },
  },
  {
    type: "content_block_delta",
    index: 0,
    delta: { type: "thinking_delta", thinking: "call it with every section." },
  },
  {
    type: "content_block_delta",
    index: 0,
    delta: { type: "signature_delta", signature: "RXJTaWduYXR1cmU=" },
  },
  { type: "content_block_stop", index: 0 },
];
const textBlock: WireEvent[] = [
  { type: "content_block_start", index: 1, content_block: { type: "text", text: "" } },
  { type: "ping" },
  {
    type: "content_block_delta",
    index: 1,
    delta: { type: "text_delta", text: "I'll write the report " },
  },
  { type: "content_block_delta", index: 1, delta: { type: "text_delta", text: "to a file now." } },
  { type: "content_block_stop", index: 1 },
];
/** A tool_use block cut by max_tokens: its input JSON stops mid-string and no `content_block_stop` follows. */
const openToolBlock: WireEvent[] = [
  {
    type: "content_block_start",
    index: 2,
    content_block: { type: "tool_use", id: "toolu_01CutReport", name: "write_report", input: {} },
  },
  { type: "content_block_delta", index: 2, delta: { type: "input_json_delta", partial_json: "" } },
  {
    type: "content_block_delta",
    index: 2,
    delta: {
      type: "input_json_delta",
      partial_json: '{"title": "Quarterly report", "sections": [',
    },
  },
  {
    type: "content_block_delta",
    index: 2,
    delta: { type: "input_json_delta", partial_json: '"## Revenue\\n\\nRevenue grew' },
  },
];
const stopAt = (reason: string): WireEvent[] => [
  {
    type: "message_delta",
    delta: { stop_reason: reason, stop_sequence: null },
    usage: { output_tokens: 124 },
  },
  { type: "message_stop" },
];

/** The SDK fixtures' shape: thinking and text complete, then a tool call cut mid-input. */
const cutToolCall = [
  messageStart,
  ...thinkingBlock,
  ...textBlock,
  ...openToolBlock,
  ...stopAt("max_tokens"),
];

/** The mock server's reply that sends `events` verbatim as the event stream. */
function replay(events: readonly WireEvent[]): MockReply {
  return { kind: "garbage", body: sseBody(events) };
}

describe("AnthropicClient streams stopped at max_tokens", () => {
  it("a tool_use block left open at max_tokens (the SDKs' own fixture shape) is a max_tokens response: thinking and text kept, the cut call dropped", async () => {
    server.script(replay(cutToolCall));
    const { deltas, response } = await drain(
      client.stream(request, bindingFor(thinker, "STANDARD"), live()),
    );
    expect(deltas).toEqual([
      { type: "thinking", text: "A report tool exists; " },
      { type: "thinking", text: "call it with every section." },
      { type: "text", text: "I'll write the report " },
      { type: "text", text: "to a file now." },
    ]);
    expect(response).toEqual({
      content: "I'll write the report to a file now.",
      toolCalls: [],
      thinking: [
        Parts.thinking("A report tool exists; call it with every section.", "RXJTaWduYXR1cmU="),
      ],
      usage: { inputTokens: 380, outputTokens: 124, cachedInputTokens: 120, cacheWriteTokens: 0 },
      stopReason: "max_tokens",
      providerModel: "claude-test-sonnet",
    });
  });

  it("a text block left open at max_tokens keeps the text that arrived, as a non-streamed max_tokens answer does", async () => {
    const openText = textBlock.filter((event) => event.type !== "content_block_stop");
    server.script(replay([messageStart, ...openText, ...stopAt("max_tokens")]));
    const { response } = await drain(
      client.stream(request, bindingFor(thinker, "STANDARD"), live()),
    );
    expect(response).toMatchObject({
      content: "I'll write the report to a file now.",
      toolCalls: [],
      stopReason: "max_tokens",
    });
  });

  it.each([
    ["a max_tokens stream that never sends message_stop", cutToolCall.slice(0, -1)],
    [
      "a block left open under another stop reason",
      [messageStart, ...textBlock, ...openToolBlock, ...stopAt("tool_use")],
    ],
  ])("%s is still refused as not the wire format", async (_case, events) => {
    server.script(replay(events));
    const failure = await drain(
      client.stream(request, bindingFor(thinker, "STANDARD"), live()),
    ).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(ExternalServiceError.isInstance(failure)).toBe(true);
    expect(failure).toMatchObject({ service: "anthropic", step: "stream" });
  });

  it("a block opened after message_stop is not the wire format, though the stop reason is max_tokens", async () => {
    const lateText = textBlock.filter(
      (event) => event.type !== "content_block_stop" && event.type !== "ping",
    );
    server.script(replay([messageStart, ...thinkingBlock, ...stopAt("max_tokens"), ...lateText]));
    const failure = await drain(
      client.stream(request, bindingFor(thinker, "STANDARD"), live()),
    ).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(ExternalServiceError.isInstance(failure)).toBe(true);
    expect(failure).toMatchObject({
      service: "anthropic",
      step: "stream",
      message: expect.stringContaining("an event after message_stop"),
    });
  });

  // The SDK drops `event: ping` before the client sees it (the accumulator's own test pins the
  // rule); this one pins that the whole path keeps the message.
  it("a ping after message_stop is a keep-alive: the message stands", async () => {
    server.script(replay([messageStart, ...textBlock, ...stopAt("end_turn"), { type: "ping" }]));
    const { response } = await drain(
      client.stream(request, bindingFor(thinker, "STANDARD"), live()),
    );
    expect(response).toMatchObject({
      content: "I'll write the report to a file now.",
      stopReason: "end",
    });
  });

  it("two content blocks open at once are not the wire format, even when both are cut at max_tokens", async () => {
    const openText = textBlock.filter((event) => event.type !== "content_block_stop");
    server.script(replay([messageStart, ...openText, ...openToolBlock, ...stopAt("max_tokens")]));
    const failure = await drain(
      client.stream(request, bindingFor(thinker, "STANDARD"), live()),
    ).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(ExternalServiceError.isInstance(failure)).toBe(true);
    expect(failure).toMatchObject({
      service: "anthropic",
      step: "stream",
      message: expect.stringContaining("a content block started while another was open"),
    });
  });
});

describe("AnthropicClient streams stopped at the model's context window", () => {
  // `model_context_window_exceeded` cuts the output as max_tokens does, so the last block may be
  // left open the same way; the non-streamed path reports this stop reason as `other`.
  const wholeMessage = {
    id: "msg_01TruncatedReport",
    type: "message",
    role: "assistant",
    model: "claude-test-sonnet",
    content: [
      {
        type: "thinking",
        thinking: "A report tool exists; call it with every section.",
        signature: "RXJTaWduYXR1cmU=",
      },
      { type: "text", text: "I'll write the report to a file now." },
    ],
    stop_reason: "model_context_window_exceeded",
    stop_sequence: null,
    usage: {
      input_tokens: 380,
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 120,
      output_tokens: 124,
    },
  };

  it("a model_context_window_exceeded stop with a tool_use block left open gives, streamed, the response send gives: text kept, the cut call dropped, stop reason other", async () => {
    server.script(
      { kind: "garbage", body: JSON.stringify(wholeMessage) },
      replay([
        messageStart,
        ...thinkingBlock,
        ...textBlock,
        ...openToolBlock,
        ...stopAt("model_context_window_exceeded"),
      ]),
    );
    const sent = await client.send(request, bindingFor(thinker, "STANDARD"), live());
    const { response: streamed } = await drain(
      client.stream(request, bindingFor(thinker, "STANDARD"), live()),
    );
    expect(sent).toMatchObject({
      content: "I'll write the report to a file now.",
      toolCalls: [],
      stopReason: "other",
    });
    expect(streamed).toEqual(sent);
  });
});

describe("the truncation escalation, streamed and not", () => {
  const catalog = parseCatalog(
    [
      {
        id: "anthropic-test-sonnet",
        provider: "anthropic",
        model: "claude-test-sonnet",
        grade: "LARGE",
        contextWindow: 200_000,
        outputCeiling: 64_000,
        nativeThinking: true,
        reasoningTokens: { STANDARD: 4_096 },
        prices: {
          currency: "USD",
          effectiveFrom: "2025-01-01",
          source: "test fixture",
          input: "3",
          output: "15",
        },
        limits: { requestsPerMinute: 100, tokensPerMinute: 1_000_000 },
      },
    ],
    "test-catalog.yaml",
  );

  // The non-streamed path's truncation: a whole message that stopped at max_tokens.
  const wholeMessageCut: MockReply = {
    kind: "answer",
    text: "I'll write the report to a file now.",
    thinking: [{ text: "Call the tool." }],
    stopReason: "max_tokens",
  };

  it.each([
    ["send", wholeMessageCut, false],
    ["stream (the SDK fixtures' open tool_use shape)", replay(cutToolCall), true],
  ] as const)(
    "a max_tokens stop (%s) escalates once: the same request re-sent at the entry's output ceiling",
    async (_path, truncated, streamed) => {
      server.script(truncated, { kind: "answer", text: "Complete report." });
      const admission = new CatalogAdmission({ catalog });
      const environment = LlmEnvironment.from(admission, { anthropic: client });
      const conversation = await new ConversationService({ environment }).obtain({
        seat: { grade: "LARGE", depth: "STANDARD", output: "COMPACT" },
      });
      conversation
        .putMainObjective("Write the quarterly report.")
        .addUser("Revenue grew 12% this quarter.");
      const dispatcher = new JobDispatcher({ admission });
      const events: RunEvent[] = [];
      dispatcher.observe({ onEvent: (event) => events.push(event) });
      const deltas: unknown[] = [];
      const onDelta = streamed ? { onDelta: (delta: unknown) => deltas.push(delta) } : {};

      const output = await dispatcher.submit(
        new LLMCall({ conversation, environment, ...onDelta }),
        undefined,
      );

      expect(output).toMatchObject({ text: "Complete report.", stopReason: "end", toolCalls: [] });
      expect(server.requests.map((sent) => sent.stream)).toEqual([streamed, streamed]);
      expect(server.requests.map((sent) => sent.body.max_tokens)).toEqual([8_192, 64_000]);
      expect(server.requests[1]!.body.messages).toEqual(server.requests[0]!.body.messages);
      expect(
        events
          .filter((event) => event.type === "llm.call")
          .map((event) => (event as { stopReason: string }).stopReason),
      ).toEqual(["max_tokens", "end"]);
      if (streamed)
        expect(deltas).not.toContainEqual(expect.objectContaining({ type: "tool_call" }));
    },
  );
});
