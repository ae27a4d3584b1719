import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { post, readEvents, responsesBody } from "../test-support/wire-client.js";
import { MockProviderServer } from "./mock-provider-server.js";

let server: MockProviderServer;
const responses = () => `${server.openaiBaseUrl}/responses`;

beforeEach(async () => {
  server = await MockProviderServer.start();
});
afterEach(async () => {
  await server.stop();
});

const thinkingAnswer = {
  kind: "answer",
  thinking: [{ text: "Look it up first." }, { text: "Then answer.", signature: "enc-given" }],
  text: "Searching.",
  toolCalls: [
    { name: "search", arguments: { query: "pgvector" } },
    { id: "call_given", name: "noop", arguments: {} },
  ],
} as const;

describe("the Responses wire, as JSON", () => {
  it("an answer is a completed response whose output is one message with its output_text", async () => {
    server.script({ kind: "answer", text: "Hi!", usage: { inputTokens: 12, outputTokens: 2 } });
    const response = await post(responses(), responsesBody(), { authorization: "Bearer k" });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toMatch(/^req_/);
    const body = await response.json();
    expect(body).toMatchObject({
      id: expect.stringMatching(/^resp_/),
      object: "response",
      created_at: expect.any(Number),
      status: "completed",
      error: null,
      incomplete_details: null,
      instructions: "Be brief.",
      model: "gpt-test",
      store: true,
      output: [
        {
          id: expect.stringMatching(/^msg_/),
          type: "message",
          status: "completed",
          role: "assistant",
          content: [{ type: "output_text", text: "Hi!", annotations: [] }],
        },
      ],
    });
    expect(body.usage).toEqual({
      input_tokens: 12,
      input_tokens_details: { cached_tokens: 0, cache_write_tokens: 0 },
      output_tokens: 2,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: 14,
    });
    expect(server.requests[0]).toMatchObject({ wire: "openai-responses", path: "/v1/responses" });
    expect(server.counts.byWire).toEqual({ openai: 0, "openai-responses": 1, anthropic: 0 });
  });

  it("thinking is reasoning items first (rs_ ids, summary text), tool calls are function_call items with call ids and JSON-text arguments", async () => {
    server.script(thinkingAnswer);
    const { output } = await (await post(responses(), responsesBody())).json();
    expect(output).toEqual([
      {
        id: expect.stringMatching(/^rs_/),
        type: "reasoning",
        summary: [{ type: "summary_text", text: "Look it up first." }],
      },
      {
        id: expect.stringMatching(/^rs_/),
        type: "reasoning",
        summary: [{ type: "summary_text", text: "Then answer." }],
      },
      expect.objectContaining({
        type: "message",
        content: [expect.objectContaining({ text: "Searching." })],
      }),
      {
        id: expect.stringMatching(/^fc_/),
        type: "function_call",
        status: "completed",
        call_id: expect.stringMatching(/^call_/),
        name: "search",
        arguments: '{"query":"pgvector"}',
      },
      expect.objectContaining({ type: "function_call", call_id: "call_given", arguments: "{}" }),
    ]);
    expect(new Set(output.map((item: { id: string }) => item.id)).size).toBe(5);
  });

  it("encrypted_content comes only when include asks for reasoning.encrypted_content: the scripted signature, else a minted one", async () => {
    server.script(thinkingAnswer, thinkingAnswer);
    const plain = await (await post(responses(), responsesBody())).json();
    expect(plain.output[0]).not.toHaveProperty("encrypted_content");
    const included = await (
      await post(
        responses(),
        responsesBody({ store: false, include: ["reasoning.encrypted_content"] }),
      )
    ).json();
    expect(included.output[0].encrypted_content).toEqual(expect.stringMatching(/.+/));
    expect(included.output[1].encrypted_content).toBe("enc-given");
  });

  it("an answer that only calls tools has no message item", async () => {
    server.script({ kind: "answer", toolCalls: [{ name: "search", arguments: {} }] });
    const { output } = await (await post(responses(), responsesBody())).json();
    expect(output.map((item: { type: string }) => item.type)).toEqual(["function_call"]);
  });

  it("a max_tokens stop is status incomplete with reason max_output_tokens and an incomplete message", async () => {
    server.script({ kind: "answer", text: "Cut", stopReason: "max_tokens" });
    const body = await (await post(responses(), responsesBody())).json();
    expect(body.status).toBe("incomplete");
    expect(body.incomplete_details).toEqual({ reason: "max_output_tokens" });
    expect(body.completed_at).toBeNull();
    expect(body.output[0].status).toBe("incomplete");
  });

  it("input includes cached and written tokens, output includes reasoning, each broken out in the details", async () => {
    server.script({
      kind: "answer",
      text: "x",
      usage: {
        inputTokens: 100,
        cachedInputTokens: 40,
        cacheWriteTokens: 7,
        outputTokens: 10,
        reasoningTokens: 30,
      },
    });
    const { usage } = await (await post(responses(), responsesBody())).json();
    expect(usage).toEqual({
      input_tokens: 147,
      input_tokens_details: { cached_tokens: 40, cache_write_tokens: 7 },
      output_tokens: 40,
      output_tokens_details: { reasoning_tokens: 30 },
      total_tokens: 187,
    });
  });

  it("default usage counts instructions, input and tools at four characters a token, and the thinking as reasoning", async () => {
    server.script({ kind: "answer", text: "12345678", thinking: [{ text: "sixteen chars!!!" }] });
    const request = responsesBody();
    const { usage } = await (await post(responses(), request)).json();
    expect(usage.input_tokens).toBe(
      Math.ceil(JSON.stringify([request.instructions, request.input, []]).length / 4),
    );
    expect(usage.output_tokens_details.reasoning_tokens).toBe(4);
    expect(usage.output_tokens).toBe(6);
  });

  it("the request's settings are echoed: tools, tool_choice, text format, store, cache key and retention", async () => {
    const settings = {
      tools: [{ type: "function", name: "search", parameters: { type: "object" }, strict: true }],
      tool_choice: "required",
      text: { format: { type: "json_schema", name: "answer", schema: { type: "object" } } },
      store: false,
      prompt_cache_key: "conversation-1",
      prompt_cache_retention: "24h",
      max_output_tokens: 512,
    };
    const body = await (await post(responses(), responsesBody(settings))).json();
    expect(body).toMatchObject(settings);
  });
});

describe("the Responses wire, streamed", () => {
  it("events are named after their type, numbered from 0, and run created, in_progress, each item's events, completed", async () => {
    server.script(thinkingAnswer, thinkingAnswer);
    const response = await post(responses(), responsesBody({ stream: true }));
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const { events, failure } = await readEvents(response);
    expect(failure).toBeNull();
    expect(events.every((event) => event.json.type === event.event)).toBe(true);
    expect(events.map((event) => event.json.sequence_number)).toEqual(events.map((_, i) => i));
    const names = events.map((event) => event.event!.replace(/^response\./, ""));
    expect(names.filter((name, index) => name !== names[index - 1])).toEqual([
      "created",
      "in_progress",
      ...["output_item.added", "reasoning_summary_part.added", "reasoning_summary_text.delta"],
      ...["reasoning_summary_text.done", "reasoning_summary_part.done", "output_item.done"],
      ...["output_item.added", "reasoning_summary_part.added", "reasoning_summary_text.delta"],
      ...["reasoning_summary_text.done", "reasoning_summary_part.done", "output_item.done"],
      ...["output_item.added", "content_part.added", "output_text.delta", "output_text.done"],
      ...["content_part.done", "output_item.done"],
      ...["output_item.added", "function_call_arguments.delta", "function_call_arguments.done"],
      "output_item.done",
      ...["output_item.added", "function_call_arguments.delta", "function_call_arguments.done"],
      "output_item.done",
      "completed",
    ]);
    expect(events[0]!.json.response).toMatchObject({
      status: "in_progress",
      output: [],
      usage: null,
    });
    const joined = (type: string) =>
      events
        .filter((event) => event.event === `response.${type}`)
        .map((event) => event.json.delta)
        .join("");
    expect(joined("output_text.delta")).toBe("Searching.");
    expect(joined("reasoning_summary_text.delta")).toBe("Look it up first.Then answer.");
    const argumentsAt = (outputIndex: number) =>
      events
        .filter(
          (event) =>
            event.event === "response.function_call_arguments.delta" &&
            event.json.output_index === outputIndex,
        )
        .map((event) => event.json.delta)
        .join("");
    expect(JSON.parse(argumentsAt(3))).toEqual({ query: "pgvector" });
    expect(JSON.parse(argumentsAt(4))).toEqual({});
    const completed = events.at(-1)!.json.response;
    const json = await (await post(responses(), responsesBody())).json();
    const withoutIds = (output: Array<Record<string, unknown>>) =>
      output.map(({ id: _id, call_id: _callId, ...rest }) => rest);
    expect(withoutIds(completed.output)).toEqual(withoutIds(json.output));
    expect(completed.usage).toMatchObject({
      output_tokens_details: { reasoning_tokens: expect.any(Number) },
    });
  });

  it("each item is added unfinished and done whole; deltas name the item and its output index", async () => {
    server.script({
      kind: "answer",
      text: "Hi",
      toolCalls: [{ id: "call_1", name: "f", arguments: { a: 1 } }],
    });
    const { events } = await readEvents(await post(responses(), responsesBody({ stream: true })));
    const added = events.filter((event) => event.event === "response.output_item.added");
    expect(added.map((event) => event.json.item)).toEqual([
      {
        id: expect.stringMatching(/^msg_/),
        type: "message",
        status: "in_progress",
        role: "assistant",
        content: [],
      },
      {
        id: expect.stringMatching(/^fc_/),
        type: "function_call",
        status: "in_progress",
        call_id: "call_1",
        name: "f",
        arguments: "",
      },
    ]);
    const message = added[0]!.json.item.id;
    const text = events.find((event) => event.event === "response.output_text.done")!.json;
    expect(text).toMatchObject({ item_id: message, output_index: 0, content_index: 0, text: "Hi" });
    const args = events.find(
      (event) => event.event === "response.function_call_arguments.done",
    )!.json;
    expect(args).toMatchObject({ output_index: 1, arguments: '{"a":1}' });
  });

  it("a max_tokens stop ends with response.incomplete instead of response.completed", async () => {
    server.script({ kind: "answer", text: "Cut", stopReason: "max_tokens" });
    const { events } = await readEvents(await post(responses(), responsesBody({ stream: true })));
    expect(events.at(-1)!.event).toBe("response.incomplete");
    expect(events.at(-1)!.json.response.incomplete_details).toEqual({
      reason: "max_output_tokens",
    });
    expect(events.some((event) => event.event === "response.completed")).toBe(false);
  });
});
