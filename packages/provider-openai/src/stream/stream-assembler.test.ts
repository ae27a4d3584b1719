import { ExternalServiceError } from "@nucleo/core";
import type { LlmDelta } from "@nucleo/conversation";
import { describe, expect, it } from "vitest";
import { StreamAssembler } from "./stream-assembler.js";

const where = { service: "openai", step: "stream" };
const usage = {
  prompt_tokens: 50,
  completion_tokens: 10,
  total_tokens: 60,
  prompt_tokens_details: { cached_tokens: 20 },
};

/** A chunk in OpenAI's shape. */
function chunk(delta: Record<string, unknown>, finishReason: string | null = null) {
  return {
    id: "chatcmpl-1",
    object: "chat.completion.chunk",
    created: 1,
    model: "gpt-test",
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
}
const usageChunk = {
  id: "chatcmpl-1",
  object: "chat.completion.chunk",
  created: 1,
  model: "gpt-test",
  choices: [],
  usage,
};

function run(chunks: readonly unknown[]): { deltas: LlmDelta[]; assembler: StreamAssembler } {
  const assembler = new StreamAssembler(where);
  const deltas = chunks.flatMap((raw) => assembler.push(raw));
  return { deltas, assembler };
}

describe("StreamAssembler", () => {
  it("yields text as it arrives and finishes with the response send would give", () => {
    const { deltas, assembler } = run([
      chunk({ role: "assistant", content: "" }),
      chunk({ content: "Hel" }),
      chunk({ content: "lo" }),
      chunk({}, "stop"),
      usageChunk,
    ]);
    expect(deltas).toEqual([
      { type: "text", text: "Hel" },
      { type: "text", text: "lo" },
    ]);
    expect(assembler.finish()).toEqual({
      content: "Hello",
      toolCalls: [],
      thinking: [],
      usage: { inputTokens: 30, cachedInputTokens: 20, outputTokens: 10 },
      stopReason: "end",
      providerModel: "gpt-test",
    });
  });

  it("yields each tool call once complete, its argument fragments joined by index", () => {
    const { deltas, assembler } = run([
      chunk({
        tool_calls: [
          { index: 0, id: "call_a", type: "function", function: { name: "lookup", arguments: "" } },
        ],
      }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '{"id"' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: ": 7}" } }] }),
    ]);
    expect(deltas).toEqual([]);
    const second = assembler.push(
      chunk({
        tool_calls: [
          {
            index: 1,
            id: "call_b",
            type: "function",
            function: { name: "fetch", arguments: "{}" },
          },
        ],
      }),
    );
    expect(second).toEqual([
      {
        type: "tool_call",
        call: {
          type: "tool_call",
          id: "call_a",
          name: "lookup",
          arguments: { id: 7 },
          text: '{"id": 7}',
        },
      },
    ]);
    expect(assembler.push(chunk({}, "tool_calls"))).toEqual([
      {
        type: "tool_call",
        call: { type: "tool_call", id: "call_b", name: "fetch", arguments: {}, text: "{}" },
      },
    ]);
    assembler.push(usageChunk);
    expect(assembler.finish()).toMatchObject({
      stopReason: "tool_calls",
      toolCalls: [{ id: "call_a" }, { id: "call_b" }],
    });
  });

  it("length is stop reason max_tokens", () => {
    const { assembler } = run([chunk({ content: "cut" }), chunk({}, "length"), usageChunk]);
    expect(assembler.finish().stopReason).toBe("max_tokens");
  });

  it.each([
    [
      "a stream that ends before the answer finishes",
      [chunk({ content: "Hel" })],
      "the stream ended before the answer finished",
    ],
    [
      "a stream without usage",
      [chunk({ content: "Hello" }, "stop")],
      "the stream ended without reporting usage",
    ],
  ])("%s is an ExternalServiceError on step stream", (_name, chunks, detail) => {
    const { assembler } = run(chunks);
    expect(() => assembler.finish()).toThrow(ExternalServiceError);
    expect(() => assembler.finish()).toThrow(detail);
  });

  it("a chunk that is not a chunk is an ExternalServiceError on step stream", () => {
    const assembler = new StreamAssembler(where);
    expect(() => assembler.push({ choices: "nope" })).toThrow(
      /openai service failed during "stream"/,
    );
  });
});
