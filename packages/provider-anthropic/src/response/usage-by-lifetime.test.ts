import { ExternalServiceError } from "@nucleo/core";
import { describe, expect, it } from "vitest";
import { failureOf, run } from "../test-support/run-accumulator.js";
import { contentBlock, messageEnd } from "../test-support/stream-events.js";
import { toLlmResponse } from "./to-llm-response.js";

/** A whole message answering "Hi." with `usage`. */
function messageWith(usage: Record<string, unknown>): unknown {
  return {
    id: "msg_1",
    type: "message",
    role: "assistant",
    model: "claude-test-sonnet",
    content: [{ type: "text", text: "Hi." }],
    stop_reason: "end_turn",
    usage,
  };
}

/** The same answer streamed: `startUsage` on message_start, `deltaUsage` on message_delta. */
function streamWith(startUsage: Record<string, unknown>, deltaUsage?: Record<string, unknown>) {
  const end = messageEnd("end_turn", 3);
  const delta = end[0]!;
  return [
    {
      type: "message_start",
      message: { model: "claude-test-sonnet", content: [], usage: startUsage },
    },
    ...contentBlock(0, { type: "text", text: "" }, [{ type: "text_delta", text: "Hi." }]),
    deltaUsage === undefined ? delta : { ...delta, usage: { output_tokens: 3, ...deltaUsage } },
    end[1]!,
  ];
}

const mixedWrites = {
  input_tokens: 12,
  output_tokens: 3,
  cache_read_input_tokens: 2_000,
  cache_creation_input_tokens: 1_500,
  cache_creation: { ephemeral_5m_input_tokens: 300, ephemeral_1h_input_tokens: 1_200 },
};

describe("usage maps cache writes by lifetime", () => {
  it("all writes are cacheWriteTokens, the one-hour ones also cacheWrite1hTokens, reads cachedInputTokens", () => {
    expect(toLlmResponse(messageWith(mixedWrites)).usage).toEqual({
      inputTokens: 12,
      outputTokens: 3,
      cachedInputTokens: 2_000,
      cacheWriteTokens: 1_500,
      cacheWrite1hTokens: 1_200,
    });
  });

  it("five-minute writes alone leave cacheWrite1hTokens unset", () => {
    const usage = toLlmResponse(
      messageWith({
        ...mixedWrites,
        cache_creation_input_tokens: 300,
        cache_creation: { ephemeral_5m_input_tokens: 300, ephemeral_1h_input_tokens: 0 },
      }),
    ).usage;
    expect(usage.cacheWriteTokens).toBe(300);
    expect("cacheWrite1hTokens" in usage).toBe(false);
  });

  it.each([
    ["missing", undefined],
    ["null", null],
    ["with null counts", { ephemeral_5m_input_tokens: null, ephemeral_1h_input_tokens: null }],
  ])(
    "a breakdown %s reports every write as cacheWriteTokens and none as one-hour",
    (_case, cacheCreation) => {
      const usage = toLlmResponse(
        messageWith({ ...mixedWrites, cache_creation: cacheCreation }),
      ).usage;
      expect(usage).toEqual({
        inputTokens: 12,
        outputTokens: 3,
        cachedInputTokens: 2_000,
        cacheWriteTokens: 1_500,
      });
    },
  );

  it("a breakdown without the total still reports every write", () => {
    const usage = toLlmResponse(
      messageWith({ ...mixedWrites, cache_creation_input_tokens: null }),
    ).usage;
    expect(usage).toMatchObject({ cacheWriteTokens: 1_500, cacheWrite1hTokens: 1_200 });
  });

  it.each([
    ["a negative count", { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: -1 }],
    ["a fractional count", { ephemeral_5m_input_tokens: 0.5, ephemeral_1h_input_tokens: 0 }],
    ["a count as text", { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: "1200" }],
    ["a breakdown that is not an object", "1200"],
    [
      "more one-hour writes than writes",
      { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 1_501 },
    ],
  ])("refuses %s as not the wire format, naming the step", (_case, cacheCreation) => {
    const whole = failureOf(() =>
      toLlmResponse(messageWith({ ...mixedWrites, cache_creation: cacheCreation })),
    );
    expect(ExternalServiceError.isInstance(whole)).toBe(true);
    expect(whole).toMatchObject({ service: "anthropic", step: "messages" });
    const streamed = failureOf(() => {
      const { accumulator } = run(streamWith({ ...mixedWrites, cache_creation: cacheCreation }));
      accumulator.finish();
    });
    expect(ExternalServiceError.isInstance(streamed)).toBe(true);
    expect(streamed).toMatchObject({ service: "anthropic", step: "stream" });
  });
});

describe("streamed usage maps cache writes by lifetime", () => {
  it("message_start's breakdown stands when message_delta sends none (the SDK's delta has none)", () => {
    const { accumulator } = run(
      streamWith(mixedWrites, {
        cache_creation_input_tokens: 1_500,
        cache_read_input_tokens: 2_000,
      }),
    );
    expect(accumulator.finish().usage).toEqual({
      inputTokens: 12,
      outputTokens: 3,
      cachedInputTokens: 2_000,
      cacheWriteTokens: 1_500,
      cacheWrite1hTokens: 1_200,
    });
  });

  it("a breakdown on message_delta is cumulative and wins over message_start's", () => {
    const { accumulator } = run(
      streamWith(
        { input_tokens: 12, output_tokens: 1, cache_creation: null },
        {
          cache_creation_input_tokens: 900,
          cache_creation: { ephemeral_5m_input_tokens: 0, ephemeral_1h_input_tokens: 900 },
        },
      ),
    );
    expect(accumulator.finish().usage).toMatchObject({
      cacheWriteTokens: 900,
      cacheWrite1hTokens: 900,
    });
  });

  it("a stream without any breakdown reports no one-hour writes", () => {
    const { accumulator } = run(
      streamWith({ input_tokens: 12, output_tokens: 1, cache_creation_input_tokens: 40 }),
    );
    const usage = accumulator.finish().usage;
    expect(usage).toEqual({ inputTokens: 12, outputTokens: 3, cacheWriteTokens: 40 });
  });
});
