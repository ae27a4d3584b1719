import { drainStream as drain } from "@nucleo/testing";
import { Parts, toolDefinition, type LlmRequest } from "@nucleo/conversation";
import { SystemError } from "@nucleo/core";
import { MockProviderServer } from "@nucleo/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AnthropicClient } from "./anthropic-client.js";
import { anthropicEntry, bindingFor, textRequest } from "./test-support/bindings.js";

let server: MockProviderServer;
let client: AnthropicClient;
const live = () => new AbortController().signal;
const lookup = toolDefinition("lookup", "Looks a word up.", {
  type: "object",
  properties: { word: { type: "string" } },
  required: ["word"],
});
const plain = anthropicEntry({ nativeThinking: false });
const thinker = anthropicEntry();

beforeEach(async () => {
  server = await MockProviderServer.start();
  client = new AnthropicClient({ apiKey: "sk-ant-test", baseURL: server.anthropicBaseUrl });
});
afterEach(async () => {
  await server.stop();
});

describe("AnthropicClient over the Messages API", () => {
  it("a plain answer carries content, usage with cache reads and writes, the stop reason and the provider's model", async () => {
    server.script({
      kind: "answer",
      text: "Paris.",
      usage: { inputTokens: 40, cachedInputTokens: 1_200, cacheWriteTokens: 300, outputTokens: 3 },
    });
    const response = await client.send(
      textRequest("Capital of France?"),
      bindingFor(plain, "STANDARD"),
      live(),
    );
    expect(response).toEqual({
      content: "Paris.",
      toolCalls: [],
      thinking: [],
      usage: { inputTokens: 40, cachedInputTokens: 1_200, cacheWriteTokens: 300, outputTokens: 3 },
      stopReason: "end",
      providerModel: "claude-test-sonnet",
    });
    const [sent] = server.requests;
    expect(sent).toMatchObject({
      wire: "anthropic",
      path: "/v1/messages",
      stream: false,
      apiKeyPresent: true,
      model: "claude-test-sonnet",
    });
    // Caching is on by default: the system text and the newest message carry the breakpoints.
    expect(sent!.body).toEqual({
      model: "claude-test-sonnet",
      max_tokens: 4_096 + 4_096,
      system: [{ type: "text", text: "Be brief.", cache_control: { type: "ephemeral" } }],
      messages: [
        {
          role: "user",
          content: [
            { type: "text", text: "Capital of France?", cache_control: { type: "ephemeral" } },
          ],
        },
      ],
      stream: false,
    });
  });

  it("a max_tokens stop is a normal response with stop reason max_tokens", async () => {
    server.script({ kind: "answer", text: "The first part of a long", stopReason: "max_tokens" });
    const response = await client.send(
      textRequest("Write at length."),
      bindingFor(plain, "IMMEDIATE", 16),
      live(),
    );
    expect(response.stopReason).toBe("max_tokens");
    expect(response.content).toBe("The first part of a long");
  });

  it("a non-streamed call at the output ceiling (a truncation re-run) is sent, not refused by the SDK's long-request guard", async () => {
    server.script({ kind: "answer", text: "Long answer." });
    const escalated = { ...bindingFor(plain, "STANDARD"), maxOutputTokens: plain.outputCeiling };
    expect((await client.send(textRequest("Write at length."), escalated, live())).content).toBe(
      "Long answer.",
    );
    expect(server.requests[0]!.body.max_tokens).toBe(64_000);
  });

  it("native tool calls round trip: tools offered, tool_use read, tool_result sent back with is_error", async () => {
    server.script(
      {
        kind: "answer",
        toolCalls: [{ id: "toolu_01", name: "lookup", arguments: { word: "nucleo" } }],
      },
      { kind: "answer", text: "It is not in the dictionary." },
    );
    const first: LlmRequest = { ...textRequest("Define nucleo."), tools: [lookup] };
    const called = await client.send(first, bindingFor(plain, "STANDARD"), live());
    expect(called.stopReason).toBe("tool_calls");
    expect(called.toolCalls).toEqual([Parts.toolCall("toolu_01", "lookup", { word: "nucleo" })]);

    const second: LlmRequest = {
      ...first,
      messages: [
        ...first.messages,
        { role: "assistant", parts: called.toolCalls },
        { role: "user", parts: [Parts.toolResult("toolu_01", "lookup", "no such word", true)] },
      ],
    };
    const answered = await client.send(second, bindingFor(plain, "STANDARD"), live());
    expect(answered.content).toBe("It is not in the dictionary.");
    expect(server.requests[0]!.body.tools).toEqual([
      { name: "lookup", description: "Looks a word up.", input_schema: lookup.inputSchema },
    ]);
    expect(server.requests[0]!.body.tool_choice).toEqual({ type: "auto" });
    // The question carries the previous call's breakpoint, the tool result the newest one.
    expect(server.requests[1]!.body.messages).toEqual([
      {
        role: "user",
        content: [{ type: "text", text: "Define nucleo.", cache_control: { type: "ephemeral" } }],
      },
      {
        role: "assistant",
        content: [{ type: "tool_use", id: "toolu_01", name: "lookup", input: { word: "nucleo" } }],
      },
      {
        role: "user",
        content: [
          {
            type: "tool_result",
            tool_use_id: "toolu_01",
            content: "no such word",
            is_error: true,
            cache_control: { type: "ephemeral" },
          },
        ],
      },
    ]);
  });

  it("thinking is enabled with the depth's budget, and thinking blocks come back with their signatures", async () => {
    server.script({
      kind: "answer",
      text: "42.",
      thinking: [{ text: "Six times seven.", signature: "c2lnbmF0dXJlLTE=" }],
    });
    const response = await client.send(
      textRequest("6 x 7?"),
      bindingFor(thinker, "STANDARD"),
      live(),
    );
    expect(server.requests[0]!.body.thinking).toEqual({ type: "enabled", budget_tokens: 4_096 });
    expect(server.requests[0]!.body.max_tokens).toBe(8_192);
    expect(response.thinking).toEqual([Parts.thinking("Six times seven.", "c2lnbmF0dXJlLTE=")]);
    expect(response.content).toBe("42.");
    expect(response.usage.reasoningTokens).toBeUndefined();
  });

  it("no thinking is asked for below Anthropic's minimum budget", async () => {
    server.script({ kind: "answer", text: "Yes." });
    await client.send(textRequest("Quick?"), bindingFor(thinker, "QUICK"), live());
    expect(server.requests[0]!.body.thinking).toBeUndefined();
  });

  it("a tool loop under thinking sends the assistant's thinking back first and unchanged, as the API requires", async () => {
    server.script(
      {
        kind: "answer",
        thinking: [{ text: "I should look it up." }],
        toolCalls: [{ name: "lookup", arguments: { word: "a" } }],
      },
      { kind: "answer", text: "Done." },
    );
    const first: LlmRequest = { ...textRequest("Define a."), tools: [lookup] };
    const called = await client.send(first, bindingFor(thinker, "STANDARD"), live());
    const call = called.toolCalls[0]!;
    const second: LlmRequest = {
      ...first,
      messages: [
        ...first.messages,
        { role: "assistant", parts: [...called.thinking, ...called.toolCalls] },
        { role: "user", parts: [Parts.toolResult(call.id, call.name, "the first letter")] },
      ],
    };
    expect((await client.send(second, bindingFor(thinker, "STANDARD"), live())).content).toBe(
      "Done.",
    );
    const assistant = (server.requests[1]!.body.messages as Array<{ content: unknown[] }>)[1]!;
    expect(assistant.content[0]).toEqual({
      type: "thinking",
      thinking: "I should look it up.",
      signature: called.thinking[0]!.signature,
    });
  });

  it("a tool loop under thinking whose last turn ran elsewhere (unsigned thinking) is sent with thinking off, not refused", async () => {
    server.script({ kind: "answer", text: "Found it." });
    const request: LlmRequest = {
      ...textRequest("Define nucleo."),
      tools: [lookup],
      messages: [
        ...textRequest("Define nucleo.").messages,
        {
          role: "assistant",
          parts: [
            Parts.thinking("From another provider."),
            Parts.text("\n\n"),
            Parts.toolCall("toolu_01", "lookup", { word: "nucleo" }),
          ],
        },
        { role: "user", parts: [Parts.toolResult("toolu_01", "lookup", "a word")] },
      ],
    };
    const response = await client.send(request, bindingFor(thinker, "STANDARD"), live());
    expect(response.content).toBe("Found it.");
    expect(server.requests[0]!.body.thinking).toBeUndefined();
  });

  it("streaming yields thinking and text deltas, then each tool call, and returns what send returns", async () => {
    const reply = {
      kind: "answer",
      text: "Let me check that for you.",
      thinking: [{ text: "Look the word up first.", signature: "c2lnLTI=" }],
      toolCalls: [{ id: "toolu_02", name: "lookup", arguments: { word: "nucleo", strict: true } }],
      usage: {
        inputTokens: 50,
        cachedInputTokens: 10,
        cacheWriteTokens: 5,
        outputTokens: 20,
        reasoningTokens: 7,
      },
    } as const;
    server.script(reply, reply);
    const request: LlmRequest = { ...textRequest("Define nucleo."), tools: [lookup] };
    const { deltas, response } = await drain(
      client.stream(request, bindingFor(thinker, "STANDARD"), live()),
    );
    const sent = await client.send(request, bindingFor(thinker, "STANDARD"), live());

    expect(server.requests[0]!.stream).toBe(true);
    expect(deltas.filter((delta) => delta.type === "thinking").length).toBeGreaterThan(1);
    expect(deltas.filter((delta) => delta.type === "text").length).toBeGreaterThan(1);
    expect(
      deltas
        .filter((delta) => delta.type === "thinking")
        .map((delta) => (delta as { text: string }).text)
        .join(""),
    ).toBe("Look the word up first.");
    expect(
      deltas
        .filter((delta) => delta.type === "text")
        .map((delta) => (delta as { text: string }).text)
        .join(""),
    ).toBe("Let me check that for you.");
    expect(deltas.at(-1)).toEqual({
      type: "tool_call",
      call: Parts.toolCall("toolu_02", "lookup", { word: "nucleo", strict: true }),
    });
    expect(response).toEqual(sent);
    expect(response.usage).toEqual({
      inputTokens: 50,
      cachedInputTokens: 10,
      cacheWriteTokens: 5,
      outputTokens: 27,
    });
  });

  it("a missing key is refused at construction, naming the variable", () => {
    const saved = process.env.ANTHROPIC_API_KEY;
    delete process.env.ANTHROPIC_API_KEY;
    try {
      expect(() => new AnthropicClient({ baseURL: server.anthropicBaseUrl })).toThrow(SystemError);
      expect(() => new AnthropicClient()).toThrow(/ANTHROPIC_API_KEY/);
      expect(() => new AnthropicClient({ apiKey: "" })).toThrow(/ANTHROPIC_API_KEY/);
    } finally {
      if (saved !== undefined) process.env.ANTHROPIC_API_KEY = saved;
    }
  });

  it("reads the key from ANTHROPIC_API_KEY when none is given", async () => {
    const saved = process.env.ANTHROPIC_API_KEY;
    process.env.ANTHROPIC_API_KEY = "sk-ant-from-env";
    try {
      await new AnthropicClient({ baseURL: server.anthropicBaseUrl }).send(
        textRequest("Hi"),
        bindingFor(plain, "IMMEDIATE"),
        live(),
      );
      expect(server.requests[0]!.apiKeyPresent).toBe(true);
    } finally {
      if (saved === undefined) delete process.env.ANTHROPIC_API_KEY;
      else process.env.ANTHROPIC_API_KEY = saved;
    }
  });
});
