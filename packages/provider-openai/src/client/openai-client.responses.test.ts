import {
  Parts,
  toolDefinition,
  type LlmRequest,
  type LlmResponse,
  type Turn,
} from "@nucleo/conversation";
import { MockProviderServer } from "@nucleo/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drain } from "../test-support/collect.js";
import { bindingOf, entryOf, requestOf } from "../test-support/fixtures.js";
import { OpenAiClient } from "./openai-client.js";

// What the Responses API adds to the shared contract: reasoning items carried from turn to
// turn, and zero retention. The contract itself is pinned for both APIs by the send, stream,
// errors and canary suites.

let server: MockProviderServer;
let client: OpenAiClient;
const signal = (): AbortSignal => new AbortController().signal;
const lastBody = () => server.requests.at(-1)!.body;
const reasoner = { api: "responses", reasoningTokens: { STANDARD: 4_096 } } as const;
const stored = bindingOf(entryOf(reasoner));
const zero = bindingOf(entryOf({ ...reasoner, compliance: { retention: "zero" } }));
const lookup = toolDefinition("lookup", "Finds a record by id.", {
  type: "object",
  properties: { id: { type: "integer" } },
  required: ["id"],
});
const callingAnswer = {
  kind: "answer",
  thinking: [{ text: "I should look record 7 up.", signature: "enc-reasoning-1" }],
  toolCalls: [{ id: "call_a", name: "lookup", arguments: { id: 7 } }],
} as const;

beforeAll(async () => {
  server = await MockProviderServer.start();
  client = new OpenAiClient({ apiKey: "sk-test", baseURL: server.openaiBaseUrl });
});
afterAll(async () => {
  await server.stop();
});

/** The answer as the conversation appends it: thinking, text (with its message item), calls. */
function assistantTurn(answer: LlmResponse): Turn {
  const text =
    answer.content === ""
      ? []
      : [{ ...Parts.text(answer.content), ...(answer.textItem && { itemId: answer.textItem.id }) }];
  return { role: "assistant", parts: [...answer.thinking, ...text, ...answer.toolCalls] };
}

/** The request of the turn after `first`: its answer, then the tool's result (or `reply`). */
function nextTurn(first: LlmRequest, answer: LlmResponse, reply?: string): LlmRequest {
  return {
    ...first,
    messages: [
      ...first.messages,
      assistantTurn(answer),
      {
        role: "user",
        parts: [
          reply === undefined ? Parts.toolResult("call_a", "lookup", "Ada") : Parts.text(reply),
        ],
      },
    ],
  };
}

const wireMessage = (id: string | undefined, text: string) => ({
  type: "message",
  id,
  role: "assistant",
  status: "completed",
  content: [{ type: "output_text", text, annotations: [] }],
});

const reasoningItems = (body: Record<string, unknown>) =>
  (body.input as Array<Record<string, unknown>>).filter((item) => item.type === "reasoning");

describe("OpenAiClient on the Responses API: reasoning from turn to turn", () => {
  it("returns reasoning items as thinking parts with their encrypted content, and sends them back whole on the next turn, before their call", async () => {
    const first = requestOf({ tools: [lookup] });
    server.script(callingAnswer, { kind: "answer", text: "Ada." });
    const called = await client.send(first, stored, signal());
    // Asked for in both storage modes: a turn must not depend on OpenAI still holding it.
    expect(lastBody()).toMatchObject({ include: ["reasoning.encrypted_content"] });
    expect(lastBody()).not.toHaveProperty("store");
    expect(called.thinking).toEqual([
      {
        type: "thinking",
        text: "I should look record 7 up.",
        signature: "enc-reasoning-1",
        itemId: expect.stringMatching(/^rs_/),
      },
    ]);

    const answered = await client.send(nextTurn(first, called), stored, signal());
    expect(answered.content).toBe("Ada.");
    const input = lastBody().input as Array<Record<string, unknown>>;
    expect(input.slice(1, 3)).toEqual([
      {
        type: "reasoning",
        id: called.thinking[0]!.itemId,
        summary: [{ type: "summary_text", text: "I should look record 7 up." }],
        encrypted_content: "enc-reasoning-1",
      },
      {
        type: "function_call",
        id: called.toolCalls[0]!.itemId,
        call_id: "call_a",
        name: "lookup",
        arguments: '{"id":7}',
      },
    ]);
  });

  it.each([
    ["stored", stored],
    ["zero retention", zero],
  ] as const)(
    "a reasoning item goes back followed by its message, id and all (%s): an answer that reasoned, wrote and called continues",
    async (_mode, binding) => {
      const first = requestOf({ tools: [lookup] });
      server.script(
        { ...callingAnswer, text: "Let me check." },
        { kind: "answer", thinking: [{ text: "", signature: "enc-2" }], text: "It is Ada." },
        { kind: "answer", text: "You're welcome." },
      );
      const called = await client.send(first, binding, signal());
      expect(called.textItem).toEqual({ id: expect.stringMatching(/^msg_/) });
      const second = nextTurn(first, called);
      const answered = await client.send(second, binding, signal());
      expect((lastBody().input as unknown[]).slice(1, 4)).toEqual([
        expect.objectContaining({ type: "reasoning", id: called.thinking[0]!.itemId }),
        wireMessage(called.textItem!.id, "Let me check."),
        expect.objectContaining({ type: "function_call", id: called.toolCalls[0]!.itemId }),
      ]);
      // A reasoned answer of text only: its reasoning item goes back right before its message.
      const thanked = await client.send(nextTurn(second, answered, "Thanks."), binding, signal());
      expect(thanked.content).toBe("You're welcome.");
      expect((lastBody().input as unknown[]).slice(5, 7)).toEqual([
        expect.objectContaining({ type: "reasoning", id: answered.thinking[0]!.itemId }),
        wireMessage(answered.textItem!.id, "It is Ada."),
      ]);
    },
  );

  it("streams the reasoning summary as thinking deltas and returns the same parts send would", async () => {
    server.script(callingAnswer, callingAnswer);
    const sent = await client.send(requestOf({ tools: [lookup] }), stored, signal());
    const { deltas, response } = await drain(
      client.stream(requestOf({ tools: [lookup] }), stored, signal()),
    );
    const thinking = deltas.flatMap((delta) => (delta.type === "thinking" ? [delta.text] : []));
    expect(thinking.length).toBeGreaterThan(1);
    expect(thinking.join("")).toBe("I should look record 7 up.");
    // The same call, but another answer's item: its item id differs.
    const sameCall = { ...sent.toolCalls[0], itemId: expect.stringMatching(/^fc_/) };
    expect(deltas.at(-1)).toEqual({ type: "tool_call", call: sameCall });
    expect(response).toMatchObject({
      stopReason: "tool_calls",
      toolCalls: [sameCall],
      thinking: [{ text: "I should look record 7 up.", itemId: expect.stringMatching(/^rs_/) }],
    });
  });

  it("drops Anthropic thinking blocks (no itemId): OpenAI cannot read them", async () => {
    const request: LlmRequest = {
      ...requestOf(),
      messages: [
        ...requestOf().messages,
        { role: "assistant", parts: [Parts.thinking("Claude's thought.", "sig"), Parts.text("4")] },
        { role: "user", parts: [Parts.text("And 3 + 3?")] },
      ],
    };
    await client.send(request, stored, signal());
    expect(reasoningItems(lastBody())).toEqual([]);
  });
});

describe("OpenAiClient on the Responses API: zero retention", () => {
  it("stores nothing, asks for the encrypted reasoning, and carries it whole to the next turn", async () => {
    const first = requestOf({ tools: [lookup] });
    server.script(callingAnswer, { kind: "answer", text: "Ada." });
    const called = await client.send(first, zero, signal());
    expect(lastBody()).toMatchObject({ store: false, include: ["reasoning.encrypted_content"] });
    expect(called.thinking[0]).toMatchObject({ signature: "enc-reasoning-1" });

    // The mock refuses (404) a reasoning item without its encrypted content when nothing is stored.
    const answered = await client.send(nextTurn(first, called), zero, signal());
    expect(answered.content).toBe("Ada.");
    const input = lastBody().input as Array<Record<string, unknown>>;
    expect(input.slice(1, 3)).toEqual([
      expect.objectContaining({ type: "reasoning", encrypted_content: "enc-reasoning-1" }),
      expect.objectContaining({ type: "function_call", id: called.toolCalls[0]!.itemId }),
    ]);
  });
});

describe("OpenAiClient on the Responses API: reasoning known by id only", () => {
  it.each([
    ["stored", stored],
    ["zero retention", zero],
  ] as const)(
    "leaves out a reasoning item without its encrypted content (a turn from before it was asked for), never sending an id alone (%s)",
    async (_mode, binding) => {
      const first = requestOf({ tools: [lookup] });
      server.script(callingAnswer, { kind: "answer", text: "Ada." });
      const called = await client.send(first, binding, signal());
      const { signature: _signature, ...idOnly } = called.thinking[0]!;
      const older = { ...called, thinking: [idOnly] };
      const answered = await client.send(nextTurn(first, older), binding, signal());
      expect(answered.content).toBe("Ada.");
      expect(reasoningItems(lastBody())).toEqual([]);
      // Its call goes without its item id: the API refuses a call's id without its reasoning item.
      const input = lastBody().input as Array<Record<string, unknown>>;
      expect(input.find((item) => item.type === "function_call")).not.toHaveProperty("id");
    },
  );
});
