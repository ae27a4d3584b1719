// Stream control the mock server cannot script (a stream that pauses mid-answer, an error event
// mid-stream), driven through the real SDK with an injected `fetch` that serves the SSE body.
import type { LlmDelta, LlmResponse } from "@nucleo/conversation";
import { ExternalServiceError, ThrottleSignal } from "@nucleo/core";
import { describe, expect, it } from "vitest";
import { AnthropicClient } from "./anthropic-client.js";
import { anthropicEntry, bindingFor, textRequest } from "./test-support/bindings.js";

const binding = bindingFor(anthropicEntry({ nativeThinking: false }), "STANDARD");
const request = textRequest("Hello?");

const opening = [
  `event: message_start\ndata: ${JSON.stringify({ type: "message_start", message: { id: "msg_1", type: "message", role: "assistant", model: "claude-test-sonnet", content: [], stop_reason: null, usage: { input_tokens: 9, output_tokens: 1 } } })}\n\n`,
  `event: content_block_start\ndata: ${JSON.stringify({ type: "content_block_start", index: 0, content_block: { type: "text", text: "" } })}\n\n`,
  `event: content_block_delta\ndata: ${JSON.stringify({ type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Hel" } })}\n\n`,
];

/** A `fetch` whose SSE body sends `chunks` and then stays open; it reports a cancel and honours the abort. */
function pausingFetch(chunks: readonly string[], seen: { cancelled: boolean }): typeof fetch {
  return async (_input, init) => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
        init?.signal?.addEventListener(
          "abort",
          () => controller.error(new DOMException("aborted", "AbortError")),
          { once: true },
        );
      },
      cancel() {
        seen.cancelled = true;
      },
    });
    return new Response(body, {
      status: 200,
      headers: { "content-type": "text/event-stream", "request-id": "req_fake1" },
    });
  };
}

async function failureOf(stream: AsyncGenerator<LlmDelta, LlmResponse, void>): Promise<unknown> {
  try {
    for await (const delta of stream) void delta;
  } catch (error) {
    return error;
  }
  return undefined;
}

describe("AnthropicClient stream control", () => {
  it("stopping a stream early cancels the response body", async () => {
    const seen = { cancelled: false };
    const client = new AnthropicClient({
      apiKey: "sk-ant-test",
      fetch: pausingFetch(opening, seen),
    });
    const stream = client.stream(request, binding, new AbortController().signal);
    expect(await stream.next()).toEqual({ done: false, value: { type: "text", text: "Hel" } });
    await stream.return(undefined as never);
    expect(seen.cancelled).toBe(true);
  });

  it("aborting mid-stream rethrows the abort's reason instead of reporting a cut stream", async () => {
    const seen = { cancelled: false };
    const client = new AnthropicClient({
      apiKey: "sk-ant-test",
      fetch: pausingFetch(opening, seen),
    });
    const controller = new AbortController();
    const reason = new Error("the job timed out");
    const stream = client.stream(request, binding, controller.signal);
    await stream.next();
    controller.abort(reason);
    expect(await failureOf(stream)).toBe(reason);
  });

  it("an overloaded_error event mid-stream is a ThrottleSignal, another error event an ExternalServiceError", async () => {
    const event = (type: string) =>
      `event: error\ndata: ${JSON.stringify({ type: "error", error: { type, message: "sk-ant-never-repeated" } })}\n\n`;
    const seen = { cancelled: false };
    const overloaded = new AnthropicClient({
      apiKey: "sk-ant-test",
      fetch: pausingFetch([...opening, event("overloaded_error")], seen),
    });
    expect(
      await failureOf(overloaded.stream(request, binding, new AbortController().signal)),
    ).toBeInstanceOf(ThrottleSignal);
    const failing = new AnthropicClient({
      apiKey: "sk-ant-test",
      fetch: pausingFetch([...opening, event("api_error")], seen),
    });
    const failure = await failureOf(failing.stream(request, binding, new AbortController().signal));
    expect(ExternalServiceError.isInstance(failure)).toBe(true);
    expect(failure).toMatchObject({
      service: "anthropic",
      step: "stream",
      message: expect.stringContaining("an error event (api_error)"),
    });
    expect(String(failure)).not.toContain("sk-ant-never-repeated");
  });
});
