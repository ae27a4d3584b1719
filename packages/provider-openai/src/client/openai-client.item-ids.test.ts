import {
  Parts,
  toolDefinition,
  type LlmRequest,
  type LlmResponse,
  type Part,
} from "@nucleo/conversation";
import { MockProviderServer } from "@nucleo/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drain } from "../test-support/collect.js";
import { bindingOf, entryOf, requestOf } from "../test-support/fixtures.js";
import { OpenAiClient } from "./openai-client.js";

// A call's item id (`fc_…`) from one answer to the next request. With a stored response, the
// Responses API pairs a reasoning item with the item that followed it by that id, and refuses
// a reasoning item whose following call comes back with its `call_id` only.

let server: MockProviderServer;
let client: OpenAiClient;
const signal = (): AbortSignal => new AbortController().signal;
type Item = Record<string, unknown>;
const lastBody = () => server.requests.at(-1)!.body;
const inputOf = (body: Item) => body.input as Item[];
const lookup = toolDefinition("lookup", "Finds a record by id.", {
  type: "object",
  properties: { id: { type: "integer" } },
  required: ["id"],
});
const stored = bindingOf(entryOf({ api: "responses", reasoningTokens: { STANDARD: 4_096 } }));
const chatCompletions = bindingOf(entryOf());
const first = requestOf({ tools: [lookup] });
const callingAnswer = {
  kind: "answer",
  thinking: [{ text: "I should look record 7 up.", signature: "enc-1" }],
  toolCalls: [{ id: "call_a", name: "lookup", arguments: { id: 7 } }],
} as const;

beforeAll(async () => {
  server = await MockProviderServer.start();
  client = new OpenAiClient({ apiKey: "sk-test", baseURL: server.openaiBaseUrl });
});
afterAll(async () => {
  await server.stop();
});

/** `first`, then an assistant turn of `parts` and the result of its call `callId`. */
function afterCall(parts: readonly Part[], callId = "call_a"): LlmRequest {
  return {
    ...first,
    messages: [
      ...first.messages,
      { role: "assistant", parts: [...parts] },
      { role: "user", parts: [Parts.toolResult(callId, "lookup", "Ada")] },
    ],
  };
}

/** An answer's parts as the conversation appends them: its thinking, then its tool calls. */
const turnOf = (answer: LlmResponse): Part[] => [...answer.thinking, ...answer.toolCalls];

const answerBy = {
  send: (request: LlmRequest) => client.send(request, stored, signal()),
  stream: async (request: LlmRequest) =>
    (await drain(client.stream(request, stored, signal()))).response,
};

describe("OpenAiClient on the Responses API: a call's item id", () => {
  it.each(["send", "stream"] as const)(
    "%s: the answer's call keeps its item id, and the next request sends it (id fc_…) right after its reasoning item",
    async (how) => {
      server.script(callingAnswer, { kind: "answer", text: "Ada." });
      const called = await answerBy[how](first);
      const [call] = called.toolCalls;
      expect(call?.itemId).toMatch(/^fc_/);

      await client.send(afterCall(turnOf(called)), stored, signal());
      const input = inputOf(lastBody());
      const reasoningAt = input.findIndex((item) => item.type === "reasoning");
      expect(input[reasoningAt]).toMatchObject({ id: called.thinking[0]!.itemId });
      expect(input[reasoningAt + 1]).toEqual({
        type: "function_call",
        id: call!.itemId,
        call_id: "call_a",
        name: "lookup",
        arguments: '{"id":7}',
      });
    },
  );

  it("a call without an item id (made by Anthropic, or minted by the runtime) goes without id", async () => {
    server.script({ kind: "answer", text: "Ada." });
    await client.send(
      afterCall([Parts.toolCall("toolu_1", "lookup", { id: 7 })], "toolu_1"),
      stored,
      signal(),
    );
    const call = inputOf(lastBody()).find((item) => item.type === "function_call");
    expect(call).toMatchObject({ call_id: "toolu_1" });
    expect(call).not.toHaveProperty("id");
  });
});

describe("OpenAiClient on Chat Completions: item ids", () => {
  it("never sends a call's item id: a Responses call goes as a plain tool call", async () => {
    server.script(callingAnswer, { kind: "answer", text: "Ada." });
    const called = await client.send(first, stored, signal());
    const itemId = called.toolCalls[0]!.itemId!;
    expect(itemId).toMatch(/^fc_/);

    await client.send(afterCall(turnOf(called)), chatCompletions, signal());
    const body = lastBody();
    expect(server.requests.at(-1)!.path).toBe("/v1/chat/completions");
    expect((body.messages as Item[]).find((message) => message.role === "assistant")).toEqual({
      role: "assistant",
      content: null,
      tool_calls: [
        { id: "call_a", type: "function", function: { name: "lookup", arguments: '{"id":7}' } },
      ],
    });
    expect(JSON.stringify(body)).not.toContain(itemId);
  });
});
