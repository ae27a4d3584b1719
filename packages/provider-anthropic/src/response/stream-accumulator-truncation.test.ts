import { ExternalServiceError } from "@nucleo/core";
import { describe, expect, it } from "vitest";
import { failureOf, run } from "../test-support/run-accumulator.js";
import { cutStream, toolStream } from "../test-support/stream-events.js";

// A stream cut by the output ceiling (or the context window) keeps what arrived whole and drops
// what was cut; a broken tool input under any other stop reason is refused.
describe("StreamAccumulator", () => {
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
});
