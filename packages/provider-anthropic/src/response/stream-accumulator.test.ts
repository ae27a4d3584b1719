import { ExternalServiceError } from "@nucleo/core";
import type { LlmDelta } from "@nucleo/conversation";
import { describe, expect, it } from "vitest";
import { StreamAccumulator } from "./stream-accumulator.js";

// The event sequence of the Messages API's streaming reference: thinking, text, then a tool call.
const events: unknown[] = [
  {
    type: "message_start",
    message: {
      id: "msg_1",
      type: "message",
      role: "assistant",
      model: "claude-test-sonnet-20250101",
      content: [],
      stop_reason: null,
      usage: {
        input_tokens: 472,
        output_tokens: 2,
        cache_read_input_tokens: 400,
        cache_creation_input_tokens: 0,
      },
    },
  },
  { type: "content_block_start", index: 0, content_block: { type: "thinking", thinking: "" } },
  {
    type: "content_block_delta",
    index: 0,
    delta: { type: "thinking_delta", thinking: "Which word? " },
  },
  {
    type: "content_block_delta",
    index: 0,
    delta: { type: "thinking_delta", thinking: "Look it up." },
  },
  {
    type: "content_block_delta",
    index: 0,
    delta: { type: "signature_delta", signature: "EqQBCgIYAhIM" },
  },
  { type: "content_block_stop", index: 0 },
  { type: "ping" },
  { type: "content_block_start", index: 1, content_block: { type: "text", text: "" } },
  { type: "content_block_delta", index: 1, delta: { type: "text_delta", text: "Let me " } },
  { type: "content_block_delta", index: 1, delta: { type: "text_delta", text: "check." } },
  { type: "content_block_stop", index: 1 },
  {
    type: "content_block_start",
    index: 2,
    content_block: {
      type: "tool_use",
      id: "toolu_01T1x1fJ34qAmk2tNTrN7Up6",
      name: "lookup",
      input: {},
    },
  },
  { type: "content_block_delta", index: 2, delta: { type: "input_json_delta", partial_json: "" } },
  {
    type: "content_block_delta",
    index: 2,
    delta: { type: "input_json_delta", partial_json: '{"word": "nu' },
  },
  {
    type: "content_block_delta",
    index: 2,
    delta: { type: "input_json_delta", partial_json: 'cleo"}' },
  },
  { type: "content_block_stop", index: 2 },
  {
    type: "message_delta",
    delta: { stop_reason: "tool_use", stop_sequence: null },
    usage: { output_tokens: 89 },
  },
  { type: "message_stop" },
];

function run(sequence: readonly unknown[]): { deltas: LlmDelta[]; accumulator: StreamAccumulator } {
  const accumulator = new StreamAccumulator();
  const deltas = sequence.flatMap((event) => accumulator.accept(event));
  return { deltas, accumulator };
}

function failureOf(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe("StreamAccumulator", () => {
  it("yields thinking and text as they arrive and each tool call when its block stops", () => {
    const { deltas } = run(events);
    expect(deltas).toEqual([
      { type: "thinking", text: "Which word? " },
      { type: "thinking", text: "Look it up." },
      { type: "text", text: "Let me " },
      { type: "text", text: "check." },
      {
        type: "tool_call",
        call: {
          type: "tool_call",
          id: "toolu_01T1x1fJ34qAmk2tNTrN7Up6",
          name: "lookup",
          arguments: { word: "nucleo" },
          text: '{"word":"nucleo"}',
        },
      },
    ]);
  });

  it("finishes with the response a whole message gives, usage merged from start and delta", () => {
    const { accumulator } = run(events);
    expect(accumulator.finish()).toEqual({
      content: "Let me check.",
      thinking: [{ type: "thinking", text: "Which word? Look it up.", signature: "EqQBCgIYAhIM" }],
      toolCalls: [
        {
          type: "tool_call",
          id: "toolu_01T1x1fJ34qAmk2tNTrN7Up6",
          name: "lookup",
          arguments: { word: "nucleo" },
          text: '{"word":"nucleo"}',
        },
      ],
      usage: { inputTokens: 472, outputTokens: 89, cachedInputTokens: 400, cacheWriteTokens: 0 },
      stopReason: "tool_calls",
      providerModel: "claude-test-sonnet-20250101",
    });
  });

  it("reads a tool call without input deltas as no arguments, and a redacted block as its data", () => {
    const { deltas, accumulator } = run([
      events[0],
      {
        type: "content_block_start",
        index: 0,
        content_block: { type: "redacted_thinking", data: "EmwKAhgB" },
      },
      { type: "content_block_stop", index: 0 },
      {
        type: "content_block_start",
        index: 1,
        content_block: { type: "tool_use", id: "toolu_2", name: "now", input: {} },
      },
      { type: "content_block_stop", index: 1 },
      {
        type: "message_delta",
        delta: { stop_reason: "tool_use" },
        usage: { output_tokens: 9, input_tokens: 500 },
      },
      { type: "message_stop" },
    ]);
    expect(deltas).toEqual([
      { type: "tool_call", call: expect.objectContaining({ id: "toolu_2", arguments: {} }) },
    ]);
    const response = accumulator.finish();
    expect(response.thinking).toEqual([{ type: "thinking", text: "", redacted: "EmwKAhgB" }]);
    expect(response.usage.inputTokens).toBe(500);
  });

  it.each([
    ["cut after a text delta", events.slice(0, 9)],
    ["no message_delta", [...events.slice(0, 16), { type: "message_stop" }]],
    ["no message_stop", events.slice(0, 17)],
    [
      "no message_stop after a max_tokens stop with a block open",
      [
        ...events.slice(0, 15),
        {
          type: "message_delta",
          delta: { stop_reason: "max_tokens" },
          usage: { output_tokens: 64 },
        },
      ],
    ],
    ["nothing at all", []],
  ])("refuses a stream that was cut (%s), naming anthropic and step stream", (_case, sequence) => {
    const { accumulator } = run(sequence);
    const error = failureOf(() => accumulator.finish());
    expect(ExternalServiceError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ service: "anthropic", step: "stream" });
  });

  it.each([
    [
      "a message_delta without usage",
      { type: "message_delta", delta: { stop_reason: "end_turn" } },
    ],
    ["an event that is not an object", "data: garbage"],
  ])("refuses %s as not the wire format", (_case, bad) => {
    const error = failureOf(() => run([events[0], bad]));
    expect(ExternalServiceError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ service: "anthropic", step: "stream" });
  });

  /** A stream whose one tool call carries `json` as its input, then stops for `stopReason`. */
  function toolStream(json: string, stopReason: string): unknown[] {
    return [
      events[0],
      { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
      { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Searching." } },
      { type: "content_block_stop", index: 0 },
      {
        type: "content_block_start",
        index: 1,
        content_block: { type: "tool_use", id: "toolu_3", name: "search", input: {} },
      },
      {
        type: "content_block_delta",
        index: 1,
        delta: { type: "input_json_delta", partial_json: json },
      },
      { type: "content_block_stop", index: 1 },
      {
        type: "message_delta",
        delta: { stop_reason: stopReason, stop_sequence: null },
        usage: { output_tokens: 64 },
      },
      { type: "message_stop" },
    ];
  }

  it("reports max_tokens, without the cut-off tool call, when a tool input is truncated", () => {
    const { deltas, accumulator } = run(toolStream('{"query": "pgvec', "max_tokens"));
    expect(deltas).toEqual([{ type: "text", text: "Searching." }]);
    const response = accumulator.finish();
    expect(response.stopReason).toBe("max_tokens");
    expect(response.toolCalls).toEqual([]);
    expect(response.content).toBe("Searching.");
  });

  it("refuses, at finish, a tool input that is not JSON when the stop reason is not max_tokens", () => {
    const { deltas, accumulator } = run(toolStream('{"a":', "tool_use"));
    expect(deltas).toEqual([{ type: "text", text: "Searching." }]);
    const error = failureOf(() => accumulator.finish());
    expect(ExternalServiceError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ service: "anthropic", step: "stream" });
  });

  it("keeps a complete tool call at max_tokens", () => {
    const { deltas, accumulator } = run(toolStream('{"query": "pgvector"}', "max_tokens"));
    expect(deltas).toContainEqual({
      type: "tool_call",
      call: expect.objectContaining({ id: "toolu_3", arguments: { query: "pgvector" } }),
    });
    expect(accumulator.finish()).toMatchObject({
      stopReason: "max_tokens",
      toolCalls: [expect.objectContaining({ id: "toolu_3" })],
    });
  });

  /**
   * A stream of `thinking`, `text`, then a `tool_use` block, cut while the block at `openIndex`
   * streams: that block is never closed and the ones after it never start.
   */
  function cutStream(openIndex: 0 | 1 | 2, stopReason = "max_tokens"): unknown[] {
    const open = (index: number) => index === openIndex;
    const block = (index: number, start: unknown, deltas: unknown[]) =>
      index > openIndex
        ? []
        : [
            { type: "content_block_start", index, content_block: start },
            ...deltas.map((delta) => ({ type: "content_block_delta", index, delta })),
            ...(open(index) ? [] : [{ type: "content_block_stop", index }]),
          ];
    return [
      events[0],
      ...block(0, { type: "thinking", thinking: "" }, [
        { type: "thinking_delta", thinking: "Plan: search." },
        ...(open(0) ? [] : [{ type: "signature_delta", signature: "c2ln" }]),
      ]),
      ...block(1, { type: "text", text: "" }, [
        { type: "text_delta", text: "Searching for " },
        { type: "text_delta", text: "it" },
      ]),
      ...block(2, { type: "tool_use", id: "toolu_4", name: "search", input: {} }, [
        { type: "input_json_delta", partial_json: '{"query": "pg' },
      ]),
      {
        type: "message_delta",
        delta: { stop_reason: stopReason, stop_sequence: null },
        usage: { output_tokens: 64 },
      },
      { type: "message_stop" },
    ];
  }

  it("a tool_use block left open at max_tokens is dropped; the blocks before it stand", () => {
    const { deltas, accumulator } = run(cutStream(2));
    expect(deltas.map((delta) => delta.type)).toEqual(["thinking", "text", "text"]);
    expect(accumulator.finish()).toMatchObject({
      content: "Searching for it",
      thinking: [{ type: "thinking", text: "Plan: search.", signature: "c2ln" }],
      toolCalls: [],
      stopReason: "max_tokens",
    });
  });

  it("a text block left open at max_tokens is closed with what arrived", () => {
    const { accumulator } = run(cutStream(1));
    expect(accumulator.finish()).toMatchObject({
      content: "Searching for it",
      thinking: [{ type: "thinking", text: "Plan: search.", signature: "c2ln" }],
      toolCalls: [],
      stopReason: "max_tokens",
    });
  });

  it("a thinking block left open at max_tokens is closed with what arrived, unsigned when cut before its signature", () => {
    const { accumulator } = run(cutStream(0));
    const response = accumulator.finish();
    expect(response).toMatchObject({ content: "", toolCalls: [], stopReason: "max_tokens" });
    expect(response.thinking).toEqual([{ type: "thinking", text: "Plan: search." }]);
  });

  it.each([
    ["a tool call left open", cutStream(2, "model_context_window_exceeded"), "Searching for it"],
    ["a text block left open", cutStream(1, "model_context_window_exceeded"), "Searching for it"],
    [
      "a closed call whose input does not parse",
      toolStream('{"query": "pgvec', "model_context_window_exceeded"),
      "Searching.",
    ],
  ])(
    "a model_context_window_exceeded stop cuts the output like max_tokens (%s): text kept, the cut call dropped, reported as other",
    (_case, sequence, content) => {
      const { accumulator } = run(sequence);
      // `other` is what the non-streamed path reports for this stop reason (toStopReason).
      expect(accumulator.finish()).toMatchObject({ content, toolCalls: [], stopReason: "other" });
    },
  );

  it.each([
    [
      "a block opened after it, at max_tokens",
      { type: "content_block_start", index: 3, content_block: { type: "text", text: "" } },
    ],
    [
      "a delta after it",
      {
        type: "content_block_delta",
        index: 2,
        delta: { type: "input_json_delta", partial_json: "{}" },
      },
    ],
    [
      "a second message_delta",
      { type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 90 } },
    ],
    ["a second message_stop", { type: "message_stop" }],
    ["a second message", events[0]],
    ["an event of a type added later", { type: "message_annotation" }],
  ])("no event but ping may follow message_stop (%s)", (_case, late) => {
    const error = failureOf(() => run([...cutStream(2), late]));
    expect(ExternalServiceError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      service: "anthropic",
      step: "stream",
      message: expect.stringContaining("an event after message_stop"),
    });
  });

  it("a ping after message_stop leaves the complete message as it was", () => {
    const { accumulator } = run([...events, { type: "ping" }]);
    expect(accumulator.finish()).toEqual(run(events).accumulator.finish());
  });

  it.each([
    [
      "both closed, under end_turn",
      [
        events[0],
        { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
        { type: "content_block_start", index: 1, content_block: { type: "text", text: "" } },
        { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "one" } },
        { type: "content_block_delta", index: 1, delta: { type: "text_delta", text: "two" } },
        { type: "content_block_stop", index: 0 },
        { type: "content_block_stop", index: 1 },
        { type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 9 } },
        { type: "message_stop" },
      ],
    ],
    [
      "both left open, at max_tokens",
      [
        events[0],
        { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
        { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "one" } },
        {
          type: "content_block_start",
          index: 1,
          content_block: { type: "tool_use", id: "toolu_5", name: "search", input: {} },
        },
        {
          type: "message_delta",
          delta: { stop_reason: "max_tokens" },
          usage: { output_tokens: 9 },
        },
        { type: "message_stop" },
      ],
    ],
  ])("a content block cannot start while another is open (%s)", (_case, sequence) => {
    const error = failureOf(() => run(sequence).accumulator.finish());
    expect(ExternalServiceError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      service: "anthropic",
      step: "stream",
      message: expect.stringContaining("a content block started while another was open"),
    });
  });

  it("a block left open under any other stop reason is refused as not the wire format", () => {
    const { accumulator } = run(cutStream(2, "tool_use"));
    const error = failureOf(() => accumulator.finish());
    expect(ExternalServiceError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      service: "anthropic",
      step: "stream",
      message: expect.stringContaining("still open at message_stop"),
    });
  });
});
