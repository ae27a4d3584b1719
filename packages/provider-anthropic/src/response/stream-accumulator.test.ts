import { ExternalServiceError } from "@nucleo/core";
import { describe, expect, it } from "vitest";
import { failureOf, run } from "../test-support/run-accumulator.js";
import { events } from "../test-support/stream-events.js";

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
});
