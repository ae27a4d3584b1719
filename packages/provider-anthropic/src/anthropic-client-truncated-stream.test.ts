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
import {
  anthropicEntry,
  anthropicEntryInput,
  bindingFor,
  textRequest,
} from "./test-support/bindings.js";
import { sseBody, type WireEvent } from "./test-support/sse-body.js";
import { contentBlock, messageEnd } from "./test-support/stream-events.js";

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
const thinkingBlock = contentBlock(0, { type: "thinking", thinking: "", signature: "" }, [
  { type: "thinking_delta", thinking: "A report tool exists; " },
  { type: "thinking_delta", thinking: "call it with every section." },
  { type: "signature_delta", signature: "RXJTaWduYXR1cmU=" },
]);
const textBlock = contentBlock(1, { type: "text", text: "" }, [
  { type: "text_delta", text: "I'll write the report " },
  { type: "text_delta", text: "to a file now." },
]);
// A keep-alive between the block's start and its first delta, where the API may send one.
textBlock.splice(1, 0, { type: "ping" });
/** A tool_use block cut by max_tokens: its input JSON stops mid-string and no `content_block_stop` follows. */
const openToolBlock = contentBlock(
  2,
  { type: "tool_use", id: "toolu_01CutReport", name: "write_report", input: {} },
  [
    { type: "input_json_delta", partial_json: "" },
    { type: "input_json_delta", partial_json: '{"title": "Quarterly report", "sections": [' },
    { type: "input_json_delta", partial_json: '"## Revenue\\n\\nRevenue grew' },
  ],
  true,
);
const stopAt = (reason: string): WireEvent[] => messageEnd(reason, 124);

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

/** Streams `events`, replayed by the mock server, through the client at STANDARD depth. */
function streamOf(events: readonly WireEvent[]) {
  server.script(replay(events));
  return drain(client.stream(request, bindingFor(thinker, "STANDARD"), live()));
}

/** What streaming `events` fails with, checked to be the client's error for the stream step. */
async function streamRefusal(events: readonly WireEvent[]): Promise<unknown> {
  const failure = await streamOf(events).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(ExternalServiceError.isInstance(failure)).toBe(true);
  expect(failure).toMatchObject({ service: "anthropic", step: "stream" });
  return failure;
}

describe("AnthropicClient streams stopped at max_tokens", () => {
  it("a tool_use block left open at max_tokens (the SDKs' own fixture shape) is a max_tokens response: thinking and text kept, the cut call dropped", async () => {
    const { deltas, response } = await streamOf(cutToolCall);
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
    const { response } = await streamOf([messageStart, ...openText, ...stopAt("max_tokens")]);
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
    await streamRefusal(events);
  });

  it("a block opened after message_stop is not the wire format, though the stop reason is max_tokens", async () => {
    const lateText = textBlock.filter(
      (event) => event.type !== "content_block_stop" && event.type !== "ping",
    );
    const failure = await streamRefusal([
      messageStart,
      ...thinkingBlock,
      ...stopAt("max_tokens"),
      ...lateText,
    ]);
    expect(failure).toMatchObject({
      message: expect.stringContaining("an event after message_stop"),
    });
  });

  // The SDK drops `event: ping` before the client sees it (the accumulator's own test pins the
  // rule); this one pins that the whole path keeps the message.
  it("a ping after message_stop is a keep-alive: the message stands", async () => {
    const { response } = await streamOf([
      messageStart,
      ...textBlock,
      ...stopAt("end_turn"),
      { type: "ping" },
    ]);
    expect(response).toMatchObject({
      content: "I'll write the report to a file now.",
      stopReason: "end",
    });
  });

  it("two content blocks open at once are not the wire format, even when both are cut at max_tokens", async () => {
    const openText = textBlock.filter((event) => event.type !== "content_block_stop");
    const failure = await streamRefusal([
      messageStart,
      ...openText,
      ...openToolBlock,
      ...stopAt("max_tokens"),
    ]);
    expect(failure).toMatchObject({
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
      anthropicEntryInput({
        reasoningTokens: { STANDARD: 4_096 },
        limits: { requestsPerMinute: 100, tokensPerMinute: 1_000_000 },
      }),
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
