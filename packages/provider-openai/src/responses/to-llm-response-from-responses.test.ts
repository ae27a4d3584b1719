import { ExternalServiceError, InvalidInputError, ThrottleSignal } from "@nucleo/core";
import { describe, expect, it } from "vitest";
import {
  functionCallItem,
  messageItem,
  reasoningItem,
  responseBody,
  wireUsage,
} from "../test-support/responses-wire.js";
import { fromResponse } from "./to-llm-response-from-responses.js";

const where = { service: "openai", step: "response" };

describe("fromResponse", () => {
  it("reads the output text joined, the provider's model name and a completed stop", () => {
    expect(fromResponse(responseBody([messageItem("4", "2")]), where)).toEqual({
      content: "42",
      toolCalls: [],
      thinking: [],
      usage: { inputTokens: 100, cachedInputTokens: 0, outputTokens: 20, reasoningTokens: 0 },
      stopReason: "end",
      providerModel: "gpt-test-2025-01-01",
      textItem: { id: "msg_1" },
    });
  });

  it("keeps the message item that carried the text (id and phase) as textItem, to send it back after its reasoning", () => {
    const response = fromResponse(
      responseBody([
        reasoningItem("rs_1", [], "enc"),
        { ...messageItem("Let me check."), phase: "commentary" },
        functionCallItem("call_1", "lookup", "{}"),
      ]),
      where,
    );
    expect(response.textItem).toEqual({ id: "msg_1", phase: "commentary" });
  });

  it("gives no textItem when no one message item carried the text: none, or several", () => {
    const calling = responseBody([functionCallItem("call_1", "lookup", "{}")]);
    expect(fromResponse(calling, where)).not.toHaveProperty("textItem");
    const split = responseBody([messageItem("One."), { ...messageItem("Two."), id: "msg_2" }]);
    expect(fromResponse(split, where)).not.toHaveProperty("textItem");
  });

  it("takes cached, cache-write and reasoning tokens out of their totals", () => {
    const usage = wireUsage(1_000, 500, { cached: 600, cacheWrite: 100, reasoning: 384 });
    expect(fromResponse(responseBody([messageItem("x")], { usage }), where).usage).toEqual({
      inputTokens: 300,
      cachedInputTokens: 600,
      cacheWriteTokens: 100,
      outputTokens: 116,
      reasoningTokens: 384,
    });
  });

  it("reads function calls with call_id as the id and the item's id as itemId, keeping the model's argument text", () => {
    const response = fromResponse(
      responseBody([functionCallItem("call_1", "lookup", '{"id": 7}')]),
      where,
    );
    expect(response.stopReason).toBe("tool_calls");
    expect(response.toolCalls).toEqual([
      {
        type: "tool_call",
        id: "call_1",
        name: "lookup",
        arguments: { id: 7 },
        text: '{"id": 7}',
        itemId: "fc_call_1",
      },
    ]);
  });

  it.each([
    ["absent", undefined],
    ["null", null],
  ])("a function_call item whose id is %s gives a call without itemId", (_name, id) => {
    const item = { ...functionCallItem("call_1", "lookup", "{}"), id };
    const [call] = fromResponse(responseBody([item]), where).toolCalls;
    expect(call).toMatchObject({ id: "call_1" });
    expect(call).not.toHaveProperty("itemId");
  });

  it("keeps a function call whose arguments are not a JSON object, with {} and the raw text", () => {
    const body = responseBody([functionCallItem("call_1", "lookup", '{"id": 7')]);
    expect(fromResponse(body, where).toolCalls[0]).toMatchObject({
      arguments: {},
      text: '{"id": 7',
    });
  });

  it("reads reasoning items as thinking parts: summaries joined, encrypted content as signature, id as itemId", () => {
    const body = responseBody([
      reasoningItem("rs_1", ["First I", "then I"], "gAAAA-encrypted"),
      reasoningItem("rs_2", []),
      messageItem("done"),
    ]);
    expect(fromResponse(body, where).thinking).toEqual([
      { type: "thinking", text: "First I\n\nthen I", signature: "gAAAA-encrypted", itemId: "rs_1" },
      { type: "thinking", text: "", itemId: "rs_2" },
    ]);
  });

  it.each([
    ["completed", undefined, "end"],
    ["incomplete", "max_output_tokens", "max_tokens"],
    ["incomplete", "content_filter", "refusal"],
    ["incomplete", "something_new", "other"],
    ["in_progress", undefined, "other"],
  ])("status %s (%s) is stop reason %s", (status, incomplete, stopReason) => {
    const body = responseBody([messageItem("x")], {
      status,
      ...(incomplete === undefined ? {} : { incomplete }),
    });
    expect(fromResponse(body, where).stopReason).toBe(stopReason);
  });

  it("an answer cut at max_output_tokens is max_tokens even when it called tools, so the caller escalates", () => {
    const body = responseBody([functionCallItem("c", "lookup", "{")], {
      incomplete: "max_output_tokens",
    });
    expect(fromResponse(body, where).stopReason).toBe("max_tokens");
  });

  it("a refusal part is stop reason refusal, its text standing in for the content", () => {
    const body = responseBody([messageItem({ refusal: "I can't help with that." })]);
    expect(fromResponse(body, where)).toMatchObject({
      stopReason: "refusal",
      content: "I can't help with that.",
    });
  });

  it.each([
    ["rate_limit_exceeded", ThrottleSignal],
    ["invalid_prompt", InvalidInputError],
    ["server_error", ExternalServiceError],
  ] as const)("a failed response with code %s is a %s", (code, kind) => {
    const body = responseBody([], {
      status: "failed",
      error: { code, message: "sk-secret-looking words" },
    });
    const error = catchError(() => fromResponse(body, where));
    expect(error).toBeInstanceOf(kind);
    expect(String((error as Error).message)).not.toContain("sk-secret");
  });

  it.each([
    [
      "a body that is not JSON",
      "<html>Bad gateway</html>",
      "the response is not a Responses API response",
    ],
    [
      "a body without output",
      { ...responseBody([]), output: undefined },
      "the response is not a Responses API response",
    ],
    [
      "a body without usage",
      responseBody([messageItem("x")], { usage: null }),
      "the response reports no usage",
    ],
    [
      "a function call without a call_id",
      responseBody([{ type: "function_call", name: "lookup", arguments: "{}" }]),
      "output item 0 is not a well-formed item of its type",
    ],
    [
      "a function call whose id is empty",
      responseBody([{ ...functionCallItem("c", "lookup", "{}"), id: "" }]),
      "output item 0 is not a well-formed item of its type",
    ],
    [
      "a function call whose id is not a string",
      responseBody([messageItem("x"), { ...functionCallItem("c", "lookup", "{}"), id: 7 }]),
      "output item 1 is not a well-formed item of its type",
    ],
    [
      "a message whose content is not a list",
      responseBody([reasoningItem("rs_1", []), { type: "message", content: "hi" }]),
      "output item 1 is not a well-formed item of its type",
    ],
  ])("%s is an ExternalServiceError naming the service and step", (_name, body, detail) => {
    const error = catchError(() => fromResponse(body, where));
    expect(ExternalServiceError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ service: "openai", step: "response" });
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
