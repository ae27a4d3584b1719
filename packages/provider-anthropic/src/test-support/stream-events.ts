// Messages API event sequences shared by the StreamAccumulator and client stream tests. Not
// exported from the package.
import type { WireEvent } from "./sse-body.js";

/**
 * One content block's events at `index`: its start, a `content_block_delta` per delta, then its
 * stop — unless `open`, the shape of a block a stop reason cut while it streamed.
 */
export function contentBlock(
  index: number,
  start: unknown,
  deltas: readonly unknown[],
  open = false,
): WireEvent[] {
  return [
    { type: "content_block_start", index, content_block: start },
    ...deltas.map((delta) => ({ type: "content_block_delta", index, delta })),
    ...(open ? [] : [{ type: "content_block_stop", index }]),
  ];
}

/** The close of a message: `message_delta` with `stopReason` and the output count, then `message_stop`. */
export function messageEnd(stopReason: string, outputTokens: number): WireEvent[] {
  return [
    {
      type: "message_delta",
      delta: { stop_reason: stopReason, stop_sequence: null },
      usage: { output_tokens: outputTokens },
    },
    { type: "message_stop" },
  ];
}

/**
 * The event sequence of the Messages API's streaming reference: a signed thinking block, a text
 * block, then a tool call, stopped for `tool_use`. Tests slice it to cut a stream short.
 */
export const events: unknown[] = [
  {
    type: "message_start",
    message: {
      id: "msg_1",
      type: "message",
      role: "assistant",
      model: "claude-test-sonnet-20250101",
      content: [],
      stop_reason: null,
      usage: {
        input_tokens: 472,
        output_tokens: 2,
        cache_read_input_tokens: 400,
        cache_creation_input_tokens: 0,
      },
    },
  },
  ...contentBlock(0, { type: "thinking", thinking: "" }, [
    { type: "thinking_delta", thinking: "Which word? " },
    { type: "thinking_delta", thinking: "Look it up." },
    { type: "signature_delta", signature: "EqQBCgIYAhIM" },
  ]),
  { type: "ping" },
  ...contentBlock(1, { type: "text", text: "" }, [
    { type: "text_delta", text: "Let me " },
    { type: "text_delta", text: "check." },
  ]),
  ...contentBlock(
    2,
    { type: "tool_use", id: "toolu_01T1x1fJ34qAmk2tNTrN7Up6", name: "lookup", input: {} },
    [
      { type: "input_json_delta", partial_json: "" },
      { type: "input_json_delta", partial_json: '{"word": "nu' },
      { type: "input_json_delta", partial_json: 'cleo"}' },
    ],
  ),
  ...messageEnd("tool_use", 89),
];

/** A stream whose one tool call carries `json` as its input, then stops for `stopReason`. */
export function toolStream(json: string, stopReason: string): unknown[] {
  return [
    events[0],
    ...contentBlock(0, { type: "text", text: "" }, [{ type: "text_delta", text: "Searching." }]),
    ...contentBlock(1, { type: "tool_use", id: "toolu_3", name: "search", input: {} }, [
      { type: "input_json_delta", partial_json: json },
    ]),
    ...messageEnd(stopReason, 64),
  ];
}

/**
 * A stream of `thinking`, `text`, then a `tool_use` block, cut while the block at `openIndex`
 * streams: that block is never closed and the ones after it never start.
 */
export function cutStream(openIndex: 0 | 1 | 2, stopReason = "max_tokens"): unknown[] {
  const open = (index: number) => index === openIndex;
  const block = (index: number, start: unknown, deltas: unknown[]) =>
    index > openIndex ? [] : contentBlock(index, start, deltas, open(index));
  return [
    events[0],
    ...block(0, { type: "thinking", thinking: "" }, [
      { type: "thinking_delta", thinking: "Plan: search." },
      ...(open(0) ? [] : [{ type: "signature_delta", signature: "c2ln" }]),
    ]),
    ...block(1, { type: "text", text: "" }, [
      { type: "text_delta", text: "Searching for " },
      { type: "text_delta", text: "it" },
    ]),
    ...block(2, { type: "tool_use", id: "toolu_4", name: "search", input: {} }, [
      { type: "input_json_delta", partial_json: '{"query": "pg' },
    ]),
    ...messageEnd(stopReason, 64),
  ];
}
