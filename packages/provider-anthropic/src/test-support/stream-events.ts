// Messages API event sequences shared by the StreamAccumulator tests. Not exported from the package.

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
  { type: "content_block_start", index: 0, content_block: { type: "thinking", thinking: "" } },
  {
    type: "content_block_delta",
    index: 0,
    delta: { type: "thinking_delta", thinking: "Which word? " },
  },
  {
    type: "content_block_delta",
    index: 0,
    delta: { type: "thinking_delta", thinking: "Look it up." },
  },
  {
    type: "content_block_delta",
    index: 0,
    delta: { type: "signature_delta", signature: "EqQBCgIYAhIM" },
  },
  { type: "content_block_stop", index: 0 },
  { type: "ping" },
  { type: "content_block_start", index: 1, content_block: { type: "text", text: "" } },
  { type: "content_block_delta", index: 1, delta: { type: "text_delta", text: "Let me " } },
  { type: "content_block_delta", index: 1, delta: { type: "text_delta", text: "check." } },
  { type: "content_block_stop", index: 1 },
  {
    type: "content_block_start",
    index: 2,
    content_block: {
      type: "tool_use",
      id: "toolu_01T1x1fJ34qAmk2tNTrN7Up6",
      name: "lookup",
      input: {},
    },
  },
  { type: "content_block_delta", index: 2, delta: { type: "input_json_delta", partial_json: "" } },
  {
    type: "content_block_delta",
    index: 2,
    delta: { type: "input_json_delta", partial_json: '{"word": "nu' },
  },
  {
    type: "content_block_delta",
    index: 2,
    delta: { type: "input_json_delta", partial_json: 'cleo"}' },
  },
  { type: "content_block_stop", index: 2 },
  {
    type: "message_delta",
    delta: { stop_reason: "tool_use", stop_sequence: null },
    usage: { output_tokens: 89 },
  },
  { type: "message_stop" },
];

/** A stream whose one tool call carries `json` as its input, then stops for `stopReason`. */
export function toolStream(json: string, stopReason: string): unknown[] {
  return [
    events[0],
    { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
    { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: "Searching." } },
    { type: "content_block_stop", index: 0 },
    {
      type: "content_block_start",
      index: 1,
      content_block: { type: "tool_use", id: "toolu_3", name: "search", input: {} },
    },
    {
      type: "content_block_delta",
      index: 1,
      delta: { type: "input_json_delta", partial_json: json },
    },
    { type: "content_block_stop", index: 1 },
    {
      type: "message_delta",
      delta: { stop_reason: stopReason, stop_sequence: null },
      usage: { output_tokens: 64 },
    },
    { type: "message_stop" },
  ];
}

/**
 * A stream of `thinking`, `text`, then a `tool_use` block, cut while the block at `openIndex`
 * streams: that block is never closed and the ones after it never start.
 */
export function cutStream(openIndex: 0 | 1 | 2, stopReason = "max_tokens"): unknown[] {
  const open = (index: number) => index === openIndex;
  const block = (index: number, start: unknown, deltas: unknown[]) =>
    index > openIndex
      ? []
      : [
          { type: "content_block_start", index, content_block: start },
          ...deltas.map((delta) => ({ type: "content_block_delta", index, delta })),
          ...(open(index) ? [] : [{ type: "content_block_stop", index }]),
        ];
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
    {
      type: "message_delta",
      delta: { stop_reason: stopReason, stop_sequence: null },
      usage: { output_tokens: 64 },
    },
    { type: "message_stop" },
  ];
}
