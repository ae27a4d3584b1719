import { ExternalServiceError } from "@nucleo/core";
import { describe, expect, it } from "vitest";
import { failureOf, run } from "../test-support/run-accumulator.js";
import { cutStream, events } from "../test-support/stream-events.js";

// The order the wire format allows: nothing but ping after message_stop, one content block open at
// a time, and no block left open unless the output was cut.
describe("StreamAccumulator", () => {
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
