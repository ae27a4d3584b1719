import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openaiBody, post, readEvents } from "../test-support/wire-client.js";
import { MockProviderServer } from "./mock-provider-server.js";

let server: MockProviderServer;
const completions = () => `${server.openaiBaseUrl}/chat/completions`;

beforeEach(async () => {
  server = await MockProviderServer.start();
});
afterEach(async () => {
  await server.stop();
});

describe("the OpenAI wire, as JSON", () => {
  it("an answer is a chat.completion with the text, finish_reason stop and usage", async () => {
    server.script({ kind: "answer", text: "Hi!", usage: { inputTokens: 12, outputTokens: 2 } });
    const response = await post(completions(), openaiBody());
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.headers.get("x-request-id")).toMatch(/^req_/);
    const body = await response.json();
    expect(body).toMatchObject({
      id: expect.stringMatching(/^chatcmpl-/),
      object: "chat.completion",
      created: expect.any(Number),
      model: "gpt-test",
      choices: [
        {
          index: 0,
          message: { role: "assistant", content: "Hi!", refusal: null },
          logprobs: null,
          finish_reason: "stop",
        },
      ],
      usage: { prompt_tokens: 12, completion_tokens: 2, total_tokens: 14 },
    });
    expect(body.choices[0].message).not.toHaveProperty("tool_calls");
  });

  it("tool calls are function calls with JSON-text arguments, minted ids and finish_reason tool_calls", async () => {
    server.script({
      kind: "answer",
      toolCalls: [
        { name: "search", arguments: { query: "pgvector" } },
        { id: "call_given", name: "fetch", arguments: { url: "https://example.org" } },
      ],
    });
    const body = await (await post(completions(), openaiBody())).json();
    expect(body.choices[0].finish_reason).toBe("tool_calls");
    expect(body.choices[0].message.content).toBeNull();
    expect(body.choices[0].message.tool_calls).toEqual([
      {
        id: expect.stringMatching(/^call_/),
        type: "function",
        function: { name: "search", arguments: '{"query":"pgvector"}' },
      },
      {
        id: "call_given",
        type: "function",
        function: { name: "fetch", arguments: '{"url":"https://example.org"}' },
      },
    ]);
  });

  it("cached and reasoning tokens are inside the totals and broken out in the details", async () => {
    server.script({
      kind: "answer",
      text: "x",
      usage: { inputTokens: 100, cachedInputTokens: 40, outputTokens: 10, reasoningTokens: 30 },
    });
    const { usage } = await (await post(completions(), openaiBody())).json();
    expect(usage).toEqual({
      prompt_tokens: 140,
      completion_tokens: 40,
      total_tokens: 180,
      prompt_tokens_details: { cached_tokens: 40, audio_tokens: 0 },
      completion_tokens_details: {
        reasoning_tokens: 30,
        audio_tokens: 0,
        accepted_prediction_tokens: 0,
        rejected_prediction_tokens: 0,
      },
    });
  });

  it("a max_tokens stop is finish_reason length", async () => {
    server.script({ kind: "answer", text: "Cut", stopReason: "max_tokens" });
    const body = await (await post(completions(), openaiBody())).json();
    expect(body.choices[0].finish_reason).toBe("length");
  });

  it("thinking never shows on the OpenAI wire; its tokens are reported as reasoning tokens", async () => {
    server.script({ kind: "answer", text: "42", thinking: [{ text: "sixteen chars!!!" }] });
    const text = await (await post(completions(), openaiBody())).text();
    expect(text).not.toContain("sixteen");
    expect(JSON.parse(text).usage.completion_tokens_details.reasoning_tokens).toBe(4);
  });

  it("default usage counts the prompt (messages and tools) and the answer at four characters a token", async () => {
    server.script({ kind: "answer", text: "12345678" });
    const request = openaiBody();
    const { usage } = await (await post(completions(), request)).json();
    expect(usage.prompt_tokens).toBe(
      Math.ceil(JSON.stringify([null, request.messages, []]).length / 4),
    );
    expect(usage.completion_tokens).toBe(2);
  });

  it("the request's model is echoed unless the server was told its own", async () => {
    await server.stop();
    server = await MockProviderServer.start({ model: "gpt-test-2026-01-01" });
    const body = await (await post(completions(), openaiBody())).json();
    expect(body.model).toBe("gpt-test-2026-01-01");
  });
});

describe("the OpenAI wire, streamed", () => {
  it("a stream is chat.completion.chunk events: role first, text pieces, finish reason, then [DONE]", async () => {
    server.script({ kind: "answer", text: "Hello streaming world" });
    const response = await post(completions(), openaiBody({ stream: true }));
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const { events, failure } = await readEvents(response);
    expect(failure).toBeNull();
    expect(events.every((event) => event.event === undefined)).toBe(true);
    expect(events.at(-1)!.data).toBe("[DONE]");
    const chunks = events.slice(0, -1).map((event) => event.json);
    expect(
      chunks.every(
        (chunk) =>
          chunk.object === "chat.completion.chunk" &&
          chunk.id === chunks[0].id &&
          !("usage" in chunk),
      ),
    ).toBe(true);
    expect(chunks[0].choices[0].delta).toEqual({ role: "assistant", content: "", refusal: null });
    const text = chunks.map((chunk) => chunk.choices[0].delta.content ?? "").join("");
    expect(text).toBe("Hello streaming world");
    expect(chunks.filter((chunk) => chunk.choices[0].delta.content).length).toBeGreaterThan(1);
    expect(chunks.map((chunk) => chunk.choices[0].finish_reason)).toEqual([
      ...Array(chunks.length - 1).fill(null),
      "stop",
    ]);
  });

  it("streamed tool calls carry index, id, type and name first, then the arguments in pieces", async () => {
    server.script({
      kind: "answer",
      toolCalls: [
        { id: "call_a", name: "search", arguments: { query: "rolling windows" } },
        { id: "call_b", name: "noop", arguments: {} },
      ],
    });
    const { events } = await readEvents(await post(completions(), openaiBody({ stream: true })));
    const deltas = events
      .slice(0, -1)
      .flatMap((event) => event.json.choices[0].delta.tool_calls ?? []);
    expect(deltas[0]).toEqual({
      index: 0,
      id: "call_a",
      type: "function",
      function: { name: "search", arguments: "" },
    });
    const argumentsOf = (index: number) =>
      deltas
        .filter((delta: { index: number }) => delta.index === index)
        .map((delta: { function: { arguments: string } }) => delta.function.arguments)
        .join("");
    expect(JSON.parse(argumentsOf(0))).toEqual({ query: "rolling windows" });
    expect(JSON.parse(argumentsOf(1))).toEqual({});
    expect(
      deltas
        .slice(1)
        .every((delta: Record<string, unknown>) => delta.index === 1 || !("id" in delta)),
    ).toBe(true);
    expect(events.at(-2)!.json.choices[0].finish_reason).toBe("tool_calls");
  });

  it("with stream_options.include_usage, every chunk has usage null and a last chunk with empty choices carries it", async () => {
    server.script({
      kind: "answer",
      text: "Hi",
      usage: { inputTokens: 5, outputTokens: 1, cachedInputTokens: 2, reasoningTokens: 3 },
    });
    const { events } = await readEvents(
      await post(
        completions(),
        openaiBody({ stream: true, stream_options: { include_usage: true } }),
      ),
    );
    const chunks = events.slice(0, -1).map((event) => event.json);
    const last = chunks.at(-1);
    expect(last.choices).toEqual([]);
    expect(last.usage).toMatchObject({
      prompt_tokens: 7,
      completion_tokens: 4,
      total_tokens: 11,
      prompt_tokens_details: { cached_tokens: 2 },
      completion_tokens_details: { reasoning_tokens: 3 },
    });
    expect(chunks.slice(0, -1).every((chunk) => chunk.usage === null)).toBe(true);
    expect(chunks.at(-2).choices[0].finish_reason).toBe("stop");
  });
});
