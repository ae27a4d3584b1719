import { ExternalServiceError } from "@nucleo/core";
import { toolDefinition } from "@nucleo/conversation";
import { MockProviderServer } from "@nucleo/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_CASES } from "../test-support/api-cases.js";
import { drain, rejectionOf } from "../test-support/collect.js";
import { bindingOf, requestOf } from "../test-support/fixtures.js";
import { OpenAiClient } from "./openai-client.js";

let server: MockProviderServer;
let client: OpenAiClient;
const signal = (): AbortSignal => new AbortController().signal;

beforeAll(async () => {
  server = await MockProviderServer.start();
  client = new OpenAiClient({ apiKey: "sk-test", baseURL: server.openaiBaseUrl });
});
afterAll(async () => {
  await server.stop();
});

describe.each(API_CASES)("OpenAiClient.stream over the official SDK ($api)", (wire) => {
  const binding = bindingOf(wire.entry());

  it("yields text deltas as they arrive, then returns the response send would", async () => {
    const answer = {
      kind: "answer",
      text: "Streaming works fine.",
      usage: { inputTokens: 40, cachedInputTokens: 8, outputTokens: 6 },
    } as const;
    server.script(answer, answer);
    const sent = await client.send(requestOf(), binding, signal());
    const { deltas, response } = await drain(client.stream(requestOf(), binding, signal()));
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.every((delta) => delta.type === "text")).toBe(true);
    expect(deltas.map((delta) => (delta.type === "text" ? delta.text : "")).join("")).toBe(
      "Streaming works fine.",
    );
    // The same answer, but another answer's message item: its item id differs.
    expect(response).toEqual({ ...sent, ...wire.answerItem });
    expect(server.requests.at(-1)).toMatchObject({ path: wire.path, body: wire.streamBody });
  });

  it("yields each tool call once, complete, and returns them in order", async () => {
    const lookup = toolDefinition("lookup", "Finds a record.", {
      type: "object",
      properties: { id: { type: "integer" } },
      required: ["id"],
    });
    server.script({
      kind: "answer",
      toolCalls: [
        { id: "call_a", name: "lookup", arguments: { id: 7 } },
        { id: "call_b", name: "lookup", arguments: { id: 8 } },
      ],
    });
    const { deltas, response } = await drain(
      client.stream(requestOf({ tools: [lookup] }), binding, signal()),
    );
    expect(deltas).toEqual([
      {
        type: "tool_call",
        call: {
          type: "tool_call",
          id: "call_a",
          name: "lookup",
          arguments: { id: 7 },
          text: '{"id":7}',
          ...wire.callItem,
        },
      },
      {
        type: "tool_call",
        call: {
          type: "tool_call",
          id: "call_b",
          name: "lookup",
          arguments: { id: 8 },
          text: '{"id":8}',
          ...wire.callItem,
        },
      },
    ]);
    expect(response).toMatchObject({
      stopReason: "tool_calls",
      toolCalls: [{ id: "call_a" }, { id: "call_b" }],
    });
  });

  it("reports a length stop as max_tokens", async () => {
    server.script({ kind: "answer", text: "cut here", stopReason: "max_tokens" });
    expect((await drain(client.stream(requestOf(), binding, signal()))).response.stopReason).toBe(
      "max_tokens",
    );
  });

  it.each([
    ["a stream cut mid-answer", { kind: "cut-stream", afterEvents: 3 }],
    ["a stream that ends without usage", { kind: "no-usage", text: "no usage here" }],
    ["a stream of garbage", { kind: "garbage" }],
  ] as const)(
    "%s is an ExternalServiceError naming openai and step stream",
    async (_name, reply) => {
      server.script(reply);
      const error = await rejectionOf(() => drain(client.stream(requestOf(), binding, signal())));
      expect(ExternalServiceError.isInstance(error) && error).toMatchObject({
        service: "openai",
        step: "stream",
      });
    },
  );

  it("an abort mid-stream rethrows the abort, never a partial response", async () => {
    server.script({ kind: "slow", delayMs: 10_000, reply: { kind: "answer", text: "too late" } });
    const controller = new AbortController();
    const reason = new Error("cancelled by the test");
    setTimeout(() => controller.abort(reason), 50);
    expect(
      await rejectionOf(() => drain(client.stream(requestOf(), binding, controller.signal))),
    ).toBe(reason);
  });

  it("breaking out of the loop cancels the request and leaves the client usable", async () => {
    server.script({ kind: "answer", text: "a long answer that the caller stops reading early" });
    for await (const delta of client.stream(requestOf(), binding, signal())) {
      expect(delta.type).toBe("text");
      break;
    }
    server.script({ kind: "answer", text: "next" });
    expect((await client.send(requestOf(), binding, signal())).content).toBe("next");
  });
});
