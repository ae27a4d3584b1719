import { ExternalServiceError, InvalidInputError, ThrottleSignal } from "@nucleo/core";
import type { LlmDelta } from "@nucleo/conversation";
import { describe, expect, it } from "vitest";
import {
  functionCallItem,
  messageItem,
  reasoningItem,
  responseBody,
} from "../test-support/responses-wire.js";
import { ResponsesStreamAssembler } from "./responses-stream.js";

const where = { service: "openai", step: "stream" };
let sequence = 0;
const event = (type: string, fields: Record<string, unknown> = {}) => ({
  type,
  sequence_number: sequence++,
  ...fields,
});
const textDelta = (delta: string) =>
  event("response.output_text.delta", {
    item_id: "msg_1",
    output_index: 1,
    content_index: 0,
    delta,
  });
const summaryDelta = (delta: string) =>
  event("response.reasoning_summary_text.delta", {
    item_id: "rs_1",
    output_index: 0,
    summary_index: 0,
    delta,
  });
const itemDone = (item: unknown, outputIndex = 0) =>
  event("response.output_item.done", { output_index: outputIndex, item });

function run(events: readonly unknown[]) {
  const assembler = new ResponsesStreamAssembler(where);
  const deltas: LlmDelta[] = events.flatMap((raw) => assembler.push(raw));
  return { deltas, assembler };
}

describe("ResponsesStreamAssembler", () => {
  it("yields reasoning summaries as thinking and text as text, then returns the completed response", () => {
    const final = responseBody([reasoningItem("rs_1", ["Think."], "enc"), messageItem("Hello")]);
    const { deltas, assembler } = run([
      event("response.created", { response: { ...final, status: "in_progress", output: [] } }),
      summaryDelta("Thi"),
      summaryDelta("nk."),
      itemDone(reasoningItem("rs_1", ["Think."], "enc")),
      textDelta("Hel"),
      textDelta(""),
      textDelta("lo"),
      itemDone(messageItem("Hello"), 1),
      event("response.completed", { response: final }),
    ]);
    expect(deltas).toEqual([
      { type: "thinking", text: "Thi" },
      { type: "thinking", text: "nk." },
      { type: "text", text: "Hel" },
      { type: "text", text: "lo" },
    ]);
    expect(assembler.finish()).toMatchObject({
      content: "Hello",
      thinking: [{ type: "thinking", text: "Think.", signature: "enc", itemId: "rs_1" }],
      stopReason: "end",
    });
  });

  it("yields a tool call once its function_call item is done, the item's id as its itemId", () => {
    const call = functionCallItem("call_a", "lookup", '{"id":7}');
    const { deltas, assembler } = run([
      event("response.function_call_arguments.delta", {
        item_id: "fc_call_a",
        output_index: 0,
        delta: '{"id"',
      }),
      itemDone(call),
      event("response.completed", { response: responseBody([call]) }),
    ]);
    expect(deltas).toEqual([
      {
        type: "tool_call",
        call: {
          type: "tool_call",
          id: "call_a",
          name: "lookup",
          arguments: { id: 7 },
          text: '{"id":7}',
          itemId: "fc_call_a",
        },
      },
    ]);
    expect(assembler.finish()).toMatchObject({
      stopReason: "tool_calls",
      toolCalls: [{ id: "call_a", itemId: "fc_call_a" }],
    });
  });

  it("streams a refusal's text as text", () => {
    const { deltas } = run([event("response.refusal.delta", { delta: "I can't." })]);
    expect(deltas).toEqual([{ type: "text", text: "I can't." }]);
  });

  it("response.incomplete at max_output_tokens finishes with stop reason max_tokens", () => {
    const { assembler } = run([
      textDelta("cut"),
      event("response.incomplete", {
        response: responseBody([messageItem("cut")], { incomplete: "max_output_tokens" }),
      }),
    ]);
    expect(assembler.finish()).toMatchObject({ stopReason: "max_tokens", content: "cut" });
  });

  it.each([
    ["rate_limit_exceeded", ThrottleSignal],
    ["invalid_image", InvalidInputError],
    ["server_error", ExternalServiceError],
    [undefined, ExternalServiceError],
  ] as const)("response.failed with code %s is a %s", (code, kind) => {
    const failed = event("response.failed", {
      response: responseBody([], {
        status: "failed",
        error: { code, message: "quoted sk-secret" },
      }),
    });
    const error = catchError(() => run([textDelta("par"), failed]));
    expect(error).toBeInstanceOf(kind);
    expect((error as Error).message).not.toContain("sk-secret");
  });

  it.each([
    ["rate_limit_exceeded", ThrottleSignal],
    ["server_error", ExternalServiceError],
  ] as const)("an error event with code %s is a %s", (code, kind) => {
    const error = catchError(() => run([event("error", { code, message: "boom", param: null })]));
    expect(error).toBeInstanceOf(kind);
  });

  it("a stream that ends before the response completes is an ExternalServiceError on step stream", () => {
    const { assembler } = run([textDelta("Hel")]);
    expect(() => assembler.finish()).toThrow(ExternalServiceError);
    expect(() => assembler.finish()).toThrow("the stream ended before the response completed");
  });

  it("separates an item's summaries by a blank line, so the thinking deltas add up to the part's text", () => {
    const item = reasoningItem("rs_1", ["One.", "Two."]);
    const part = (index: number) =>
      event("response.reasoning_summary_part.added", { item_id: "rs_1", summary_index: index });
    const { deltas, assembler } = run([
      part(0),
      summaryDelta("One."),
      part(1),
      summaryDelta("Two."),
      itemDone(item),
      event("response.completed", { response: responseBody([item]) }),
    ]);
    const streamed = deltas.map((delta) => (delta.type === "thinking" ? delta.text : "")).join("");
    expect(streamed).toBe("One.\n\nTwo.");
    expect(assembler.finish().thinking[0]?.text).toBe(streamed);
  });

  it.each([
    ["an event without a type", { delta: "x" }, "a stream event has no type"],
    ["a text delta without its delta", event("response.output_text.delta"), "has no delta"],
    [
      "a done function call without a call_id",
      itemDone({ type: "function_call", name: "x", arguments: "{}" }, 3),
      "output item 3",
    ],
    [
      "a done function call whose id is empty",
      itemDone({ ...functionCallItem("call_a", "lookup", "{}"), id: "" }, 2),
      "output item 2",
    ],
    [
      "a completed event whose response has no usage",
      event("response.completed", { response: responseBody([], { usage: null }) }),
      "the response reports no usage",
    ],
  ])("%s is an ExternalServiceError on step stream", (_name, raw, detail) => {
    const error = catchError(() => run([raw]));
    expect(ExternalServiceError.isInstance(error) && error).toMatchObject(where);
    expect((error as Error).message).toContain(detail);
  });
});

function catchError(runIt: () => unknown): unknown {
  try {
    runIt();
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}
