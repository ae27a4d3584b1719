import { drainStream as drain } from "./drain-stream.js";
import { ExternalServiceError, SystemError, ThrottleSignal } from "@nucleo/core";
import { Parts, toolDefinition } from "@nucleo/conversation";
import { describe, expect, it } from "vitest";
import { testBinding, testEntry } from "../fixtures/test-entry.js";
import { testRequest } from "../fixtures/test-request.js";
import { ScriptedLlmClient } from "./scripted-llm-client.js";

const signal = () => new AbortController().signal;

describe("ScriptedLlmClient", () => {
  it("answers the scripted turns in order and records every request with its binding", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.answer("one"),
      ScriptedLlmClient.answer("two"),
    ]);
    const binding = testBinding();
    const first = await client.send(testRequest("a"), binding, signal());
    const second = await client.send(testRequest("b"), binding, signal());
    expect([first.content, second.content]).toEqual(["one", "two"]);
    expect(client.requests.map((call) => call.request.messages[0]!.parts[0]!.text)).toEqual([
      "a",
      "b",
    ]);
    expect(client.requests[0]!.binding).toBe(binding);
    expect(client.remaining).toBe(0);
  });

  it("fills in a response's defaults: stop reason, counted usage and the binding's model", async () => {
    const client = new ScriptedLlmClient([ScriptedLlmClient.answer("12345678")]);
    const request = testRequest("Hello");
    const response = await client.send(
      request,
      testBinding({ entry: testEntry({ model: "gpt-test" }) }),
      signal(),
    );
    const prompt = [request.system.text, "Hello"].join("\n");
    expect(response).toEqual({
      content: "12345678",
      toolCalls: [],
      thinking: [],
      usage: { inputTokens: Math.ceil(prompt.length / 4), outputTokens: 2 },
      stopReason: "end",
      providerModel: "gpt-test",
    });
  });

  it("usage given in the script replaces the counted fields it names", async () => {
    const client = new ScriptedLlmClient(
      [{ content: "x", usage: { inputTokens: 1_000, cachedInputTokens: 200 } }],
      { countTokens: () => 7 },
    );
    const { usage } = await client.send(testRequest(), testBinding(), signal());
    expect(usage).toEqual({ inputTokens: 1_000, cachedInputTokens: 200, outputTokens: 7 });
  });

  it("tool calls become tool-call parts with minted ids unless given, and stop with tool_calls", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.toolCall("search", { query: "pgvector" }),
      ScriptedLlmClient.toolCalls(
        { name: "a", arguments: {} },
        { id: "given", name: "b", arguments: { n: 1 } },
      ),
    ]);
    const first = await client.send(testRequest(), testBinding(), signal());
    const second = await client.send(testRequest(), testBinding(), signal());
    expect(first.stopReason).toBe("tool_calls");
    expect(first.toolCalls).toEqual([Parts.toolCall("call_1", "search", { query: "pgvector" })]);
    expect(second.toolCalls.map((call) => call.id)).toEqual(["call_2", "given"]);
  });

  it("json, truncated and thinking read as they say", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.json({ answer: 42 }),
      ScriptedLlmClient.truncated("The answer is"),
      { content: "Done", thinking: ["plain", { text: "signed", signature: "sig" }] },
    ]);
    expect(JSON.parse((await client.send(testRequest(), testBinding(), signal())).content)).toEqual(
      { answer: 42 },
    );
    expect((await client.send(testRequest(), testBinding(), signal())).stopReason).toBe(
      "max_tokens",
    );
    const thought = await client.send(testRequest(), testBinding(), signal());
    expect(thought.thinking).toEqual([Parts.thinking("plain"), Parts.thinking("signed", "sig")]);
    expect(thought.usage.reasoningTokens).toBe(Math.ceil("plainsigned".length / 4));
  });

  it("a scripted fault is thrown as it is: throttle, external service error, any error", async () => {
    const plain = new Error("boom");
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.throttle(1_500),
      ScriptedLlmClient.failure("HTTP 503"),
      plain,
    ]);
    const throttle = await client
      .send(testRequest(), testBinding(), signal())
      .catch((error: unknown) => error);
    expect(ThrottleSignal.isInstance(throttle)).toBe(true);
    expect((throttle as ThrottleSignal).retryAfterMs).toBe(1_500);
    const failure = await client
      .send(testRequest(), testBinding(), signal())
      .catch((error: unknown) => error);
    expect(ExternalServiceError.isInstance(failure) && failure.message).toContain("HTTP 503");
    await expect(client.send(testRequest(), testBinding(), signal())).rejects.toBe(plain);
    expect(client.requests).toHaveLength(3);
  });

  it("a function turn decides from the request, the binding and the call number", async () => {
    const client = new ScriptedLlmClient([
      (request, binding, { call }) =>
        ScriptedLlmClient.answer(
          `${call}: ${request.tools.length} tools at ${binding.maxOutputTokens}`,
        ),
      async () => ScriptedLlmClient.throttle(),
    ]);
    const tools = [toolDefinition("add", "Adds.", { type: "object" })];
    expect(
      (
        await client.send(
          testRequest("x", { tools }),
          testBinding({ maxOutputTokens: 99 }),
          signal(),
        )
      ).content,
    ).toBe("1: 1 tools at 99");
    await expect(client.send(testRequest(), testBinding(), signal())).rejects.toSatisfy(
      ThrottleSignal.isInstance,
    );
  });

  it("once the script runs out, every call takes the `otherwise` turn", async () => {
    const client = new ScriptedLlmClient([ScriptedLlmClient.answer("scripted")], {
      otherwise: (_request, binding, { call }) =>
        ScriptedLlmClient.answer(`${binding.entry.id} answers call ${call}`),
    });
    expect((await client.send(testRequest(), testBinding(), signal())).content).toBe("scripted");
    expect((await client.send(testRequest(), testBinding(), signal())).content).toBe(
      `${testBinding().entry.id} answers call 2`,
    );
    expect((await client.send(testRequest(), testBinding(), signal())).content).toBe(
      `${testBinding().entry.id} answers call 3`,
    );
  });

  it("a call past the end of the script fails with a SystemError naming the call", async () => {
    const client = new ScriptedLlmClient([ScriptedLlmClient.answer("only")]);
    await client.send(testRequest(), testBinding(), signal());
    const error = await client
      .send(testRequest(), testBinding(), signal())
      .catch((caught: unknown) => caught);
    expect(SystemError.isInstance(error)).toBe(true);
    expect((error as Error).message).toBe(
      "ScriptedLlmClient: call 2 has no scripted turn (the script held 1).",
    );
    client.script(ScriptedLlmClient.answer("more"));
    expect((await client.send(testRequest(), testBinding(), signal())).content).toBe("more");
  });

  it("an already-aborted signal is refused before a turn is used or the call recorded", async () => {
    const client = new ScriptedLlmClient([ScriptedLlmClient.answer("kept")]);
    const reason = new Error("cancelled by the test");
    await expect(client.send(testRequest(), testBinding(), AbortSignal.abort(reason))).rejects.toBe(
      reason,
    );
    await expect(
      drain(client.stream(testRequest(), testBinding(), AbortSignal.abort(reason))),
    ).rejects.toBe(reason);
    expect(client.requests).toHaveLength(0);
    expect(client.remaining).toBe(1);
  });

  it("requests keeps only the most recent calls, 1,000 by default, so a soak test's memory stays flat", async () => {
    const client = new ScriptedLlmClient([], {
      otherwise: (_request, _binding, { call }) => ScriptedLlmClient.answer(`answer ${call}`),
    });
    for (let call = 1; call <= 1_005; call++)
      await client.send(testRequest(`question ${call}`), testBinding(), signal());
    expect(client.requests).toHaveLength(1_000);
    expect(client.requests[0]!.request.messages[0]!.parts[0]!.text).toBe("question 6");
    expect(client.requests.at(-1)!.request.messages[0]!.parts[0]!.text).toBe("question 1005");
    expect(client.callCount).toBe(1_005);
  });

  it("keepRequests sets how many calls requests keeps; Infinity keeps them all, 0 none", async () => {
    const texts = (client: ScriptedLlmClient) =>
      client.requests.map((call) => call.request.messages[0]!.parts[0]!.text);
    const sendFive = async (client: ScriptedLlmClient) => {
      for (const text of ["a", "b", "c", "d", "e"])
        await client.send(testRequest(text), testBinding(), signal());
      return client;
    };
    const otherwise = ScriptedLlmClient.answer("ok");
    expect(
      texts(await sendFive(new ScriptedLlmClient([], { otherwise, keepRequests: 2 }))),
    ).toEqual(["d", "e"]);
    expect(
      texts(
        await sendFive(
          new ScriptedLlmClient([], { otherwise, keepRequests: Number.POSITIVE_INFINITY }),
        ),
      ),
    ).toEqual(["a", "b", "c", "d", "e"]);
    expect(
      texts(await sendFive(new ScriptedLlmClient([], { otherwise, keepRequests: 0 }))),
    ).toEqual([]);
    expect(() => new ScriptedLlmClient([], { keepRequests: -1 })).toThrow(
      /"keepRequests" \(got "-1"\)/,
    );
    expect(() => new ScriptedLlmClient([], { keepRequests: 1.5 })).toThrow(/"keepRequests"/);
  });

  it("clearRequests forgets the recorded calls, and call numbers carry on", async () => {
    const client = new ScriptedLlmClient([
      ScriptedLlmClient.answer("one"),
      ScriptedLlmClient.answer("two"),
    ]);
    await client.send(testRequest("a"), testBinding(), signal());
    await client.send(testRequest("b"), testBinding(), signal());
    client.clearRequests();
    expect(client.requests).toHaveLength(0);
    const error = await client
      .send(testRequest("c"), testBinding(), signal())
      .catch((caught: Error) => caught.message);
    expect(error).toBe("ScriptedLlmClient: call 3 has no scripted turn (the script held 2).");
    expect(client.requests.map((call) => call.request.messages[0]!.parts[0]!.text)).toEqual(["c"]);
    expect(client.callCount).toBe(3);
  });

  it("stream yields thinking, then the text in a few pieces, then the tool calls, and returns what send would", async () => {
    const answer = {
      content: "Hello streaming world",
      thinking: ["Let me think"],
      toolCalls: [{ id: "c1", name: "search", arguments: { q: "x" } }],
    };
    const streamed = await drain(
      new ScriptedLlmClient([answer]).stream(testRequest(), testBinding(), signal()),
    );
    const sent = await new ScriptedLlmClient([answer]).send(testRequest(), testBinding(), signal());
    expect(streamed.response).toEqual(sent);
    expect(streamed.deltas.map((delta) => delta.type)).toEqual([
      "thinking",
      "thinking",
      "text",
      "text",
      "text",
      "tool_call",
    ]);
    expect(
      streamed.deltas
        .filter((delta) => delta.type === "text")
        .map((delta) => delta.text)
        .join(""),
    ).toBe("Hello streaming world");
    expect(streamed.deltas.at(-1)).toEqual({ type: "tool_call", call: sent.toolCalls[0] });
  });

  it("a stream aborted midway stops with the signal's reason", async () => {
    const controller = new AbortController();
    const stream = new ScriptedLlmClient([
      ScriptedLlmClient.answer("Hello streaming world"),
    ]).stream(testRequest(), testBinding(), controller.signal);
    expect((await stream.next()).value).toEqual({ type: "text", text: "Hello s" });
    controller.abort(new Error("stop"));
    await expect(stream.next()).rejects.toThrow("stop");
  });
});
