import { ExternalServiceError } from "@nucleo/core";
import { describe, expect, it } from "vitest";
import { toLlmResponse, toStopReason } from "./to-llm-response.js";

// Shaped like the Messages API reference's example response.
const message = {
  id: "msg_01XFDUDYJgAACzvnptvVoYEL",
  type: "message",
  role: "assistant",
  model: "claude-test-sonnet-20250101",
  content: [
    {
      type: "thinking",
      thinking: "The user wants a word.",
      signature: "EqQBCgIYAhIM1gbcDa9GJwZA2b3h",
    },
    { type: "redacted_thinking", data: "EmwKAhgBEgy3va3pzix/LafPsn4a" },
    { type: "text", text: "Let me ", citations: null },
    { type: "text", text: "look.", citations: null },
    {
      type: "tool_use",
      id: "toolu_01A09q90qw90lq917835lq9",
      name: "lookup",
      input: { word: "nucleo" },
      caller: { type: "direct" },
    },
    { type: "server_tool_use", id: "srvtoolu_1", name: "web_search", input: {} },
  ],
  stop_reason: "tool_use",
  stop_sequence: null,
  usage: {
    input_tokens: 2095,
    output_tokens: 503,
    cache_read_input_tokens: 1800,
    cache_creation_input_tokens: 120,
    service_tier: "standard",
  },
};

describe("toLlmResponse", () => {
  it("maps content, thinking with signature and redacted data, tool calls, usage, stop reason and model", () => {
    expect(toLlmResponse(message)).toEqual({
      content: "Let me look.",
      thinking: [
        {
          type: "thinking",
          text: "The user wants a word.",
          signature: "EqQBCgIYAhIM1gbcDa9GJwZA2b3h",
        },
        { type: "thinking", text: "", redacted: "EmwKAhgBEgy3va3pzix/LafPsn4a" },
      ],
      toolCalls: [
        {
          type: "tool_call",
          id: "toolu_01A09q90qw90lq917835lq9",
          name: "lookup",
          arguments: { word: "nucleo" },
          text: '{"word":"nucleo"}',
        },
      ],
      usage: {
        inputTokens: 2095,
        outputTokens: 503,
        cachedInputTokens: 1800,
        cacheWriteTokens: 120,
      },
      stopReason: "tool_calls",
      providerModel: "claude-test-sonnet-20250101",
    });
  });

  it("leaves reasoning tokens and absent cache counts undefined (Anthropic bills thinking as output)", () => {
    const usage = toLlmResponse({
      ...message,
      usage: { input_tokens: 10, output_tokens: 5, cache_read_input_tokens: null },
    }).usage;
    expect(usage).toEqual({ inputTokens: 10, outputTokens: 5 });
    expect("reasoningTokens" in usage).toBe(false);
  });

  it.each([
    ["not an object", "Service Unavailable"],
    ["missing usage", { ...message, usage: undefined }],
    ["missing content", { ...message, content: undefined }],
    [
      "a tool_use without an object input",
      { ...message, content: [{ type: "tool_use", id: "t", name: "n", input: "{}" }] },
    ],
    [
      "a thinking block without its signature",
      { ...message, content: [{ type: "thinking", thinking: "x" }] },
    ],
  ])(
    "refuses a body that is not the wire format (%s), naming anthropic and the step",
    (_case, body) => {
      const error = (() => {
        try {
          toLlmResponse(body);
        } catch (caught) {
          return caught;
        }
        return undefined;
      })();
      expect(ExternalServiceError.isInstance(error)).toBe(true);
      expect(error).toMatchObject({ service: "anthropic", step: "messages" });
    },
  );
});

describe("toStopReason", () => {
  it.each([
    ["end_turn", "end"],
    ["stop_sequence", "end"],
    ["tool_use", "tool_calls"],
    ["max_tokens", "max_tokens"],
    ["refusal", "refusal"],
    ["pause_turn", "other"],
    ["model_context_window_exceeded", "other"],
    [null, "other"],
  ] as const)("%s -> %s", (wire, ours) => {
    expect(toStopReason(wire)).toBe(ours);
  });
});
