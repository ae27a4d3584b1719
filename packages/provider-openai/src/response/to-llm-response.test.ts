import { ExternalServiceError } from "@nucleo/core";
import { describe, expect, it } from "vitest";
import { fromCompletion } from "./to-llm-response.js";

const where = { service: "openai", step: "chat completion" };

/** A completion body in OpenAI's shape, as its API reference shows it. */
function completion(
  message: Record<string, unknown>,
  finishReason: string | null = "stop",
  usage: unknown = { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
) {
  return {
    id: "chatcmpl-123",
    object: "chat.completion",
    created: 1_700_000_000,
    model: "gpt-test-2025-01-01",
    choices: [
      {
        index: 0,
        message: { role: "assistant", content: null, refusal: null, ...message },
        logprobs: null,
        finish_reason: finishReason,
      },
    ],
    usage,
    system_fingerprint: "fp_1",
  };
}

describe("fromCompletion", () => {
  it("reads the content, the provider's model name and a plain stop", () => {
    expect(fromCompletion(completion({ content: "4" }), where)).toEqual({
      content: "4",
      toolCalls: [],
      thinking: [],
      usage: { inputTokens: 100, outputTokens: 20 },
      stopReason: "end",
      providerModel: "gpt-test-2025-01-01",
    });
  });

  it("takes cached, cache-write and reasoning tokens out of their totals", () => {
    const usage = {
      prompt_tokens: 1_000,
      completion_tokens: 500,
      total_tokens: 1_500,
      prompt_tokens_details: { cached_tokens: 600, cache_write_tokens: 100 },
      completion_tokens_details: { reasoning_tokens: 384 },
    };
    expect(fromCompletion(completion({ content: "4" }, "stop", usage), where).usage).toEqual({
      inputTokens: 300,
      cachedInputTokens: 600,
      cacheWriteTokens: 100,
      outputTokens: 116,
      reasoningTokens: 384,
    });
  });

  it("parses tool calls, keeping the model's argument text", () => {
    const toolCalls = [
      { id: "call_1", type: "function", function: { name: "lookup", arguments: '{"id": 7}' } },
    ];
    const response = fromCompletion(completion({ tool_calls: toolCalls }, "tool_calls"), where);
    expect(response.stopReason).toBe("tool_calls");
    expect(response.toolCalls).toEqual([
      { type: "tool_call", id: "call_1", name: "lookup", arguments: { id: 7 }, text: '{"id": 7}' },
    ]);
  });

  it("keeps a tool call whose arguments are not a JSON object, with {} for arguments and the raw text", () => {
    const toolCalls = [
      { id: "call_1", type: "function", function: { name: "lookup", arguments: '{"id": 7' } },
    ];
    expect(
      fromCompletion(completion({ tool_calls: toolCalls }, "tool_calls"), where).toolCalls[0],
    ).toMatchObject({ arguments: {}, text: '{"id": 7' });
  });

  it.each([
    ["stop", "end"],
    ["tool_calls", "tool_calls"],
    ["length", "max_tokens"],
    ["content_filter", "refusal"],
    ["function_call", "other"],
    ["something_new", "other"],
  ])("finish_reason %s is stop reason %s", (finishReason, stopReason) => {
    expect(fromCompletion(completion({ content: "x" }, finishReason), where).stopReason).toBe(
      stopReason,
    );
  });

  it("a tool call without an id (some compatible servers) gets one minted from its place", () => {
    const body = completion(
      { tool_calls: [{ type: "function", function: { name: "lookup", arguments: '{"q":"x"}' } }] },
      "tool_calls",
    );
    expect(fromCompletion(body, where).toolCalls.map((call) => call.id)).toEqual(["call_0"]);
  });

  it("tool calls behind a stop count as tool calls (compatible servers do this)", () => {
    const toolCalls = [
      { id: "c", type: "function", function: { name: "lookup", arguments: "{}" } },
    ];
    expect(fromCompletion(completion({ tool_calls: toolCalls }, "stop"), where).stopReason).toBe(
      "tool_calls",
    );
  });

  it("a refusal is stop reason refusal, its text standing in for the content", () => {
    const response = fromCompletion(completion({ refusal: "I can't help with that." }), where);
    expect(response).toMatchObject({ stopReason: "refusal", content: "I can't help with that." });
  });

  it.each([
    [
      "a body that is not JSON",
      "<html>Bad gateway</html>",
      "the response is not a chat completion",
    ],
    [
      "a body without choices",
      { ...completion({ content: "x" }), choices: [] },
      "the response has no choices",
    ],
    [
      "a body without usage",
      completion({ content: "x" }, "stop", null),
      "the response reports no usage",
    ],
  ])("%s is an ExternalServiceError naming the service and step", (_name, body, detail) => {
    const error = catchError(() => fromCompletion(body, where));
    expect(ExternalServiceError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ service: "openai", step: "chat completion" });
    expect((error as Error).message).toContain(detail);
  });
});

function catchError(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}
