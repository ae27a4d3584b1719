// A tool loop whose turns each add more blocks than the cache's 20-block lookback (a reply with
// 12 parallel tool calls and their 12 results), against the mock server's prompt-cache model
// through the real SDK: the breakpoint on the block the previous call marked is what lets each
// turn read the whole prefix the previous one wrote instead of writing it again.
import { Parts, toolDefinition, type LlmRequest, type LlmResponse } from "@nucleo/conversation";
import { MockProviderServer } from "@nucleo/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AnthropicClient } from "./anthropic-client.js";
import { anthropicEntry, bindingFor } from "./test-support/bindings.js";

let server: MockProviderServer;
const live = () => new AbortController().signal;
const lookup = toolDefinition("lookup", "Looks a word up.", {
  type: "object",
  properties: { word: { type: "string" } },
  required: ["word"],
});
const binding = bindingFor(anthropicEntry({ nativeThinking: false }), "STANDARD");
/** More parallel tool calls than fit, with their results, in the 20-block lookback. */
const PARALLEL_CALLS = 12;
/** The mock's lookback, in blocks before a breakpoint. */
const LOOKBACK_BLOCKS = 20;
// Well over 1,024 tokens by the mock's count (a token per four characters).
const system = `You are a careful analyst of word origins. ${"Check every claim against the dictionary before you answer. ".repeat(100)}`;
const first: LlmRequest = {
  system: { text: system },
  messages: [{ role: "user", parts: [Parts.text("Where do these twelve words come from?")] }],
  tools: [lookup],
};

/** A reply that looks up `PARALLEL_CALLS` words at once. */
function parallelLookups(turn: number) {
  return {
    kind: "answer" as const,
    text: `Looking up batch ${turn}.`,
    toolCalls: Array.from({ length: PARALLEL_CALLS }, (_, index) => ({
      name: "lookup",
      arguments: { word: `word-${turn}-${index}` },
    })),
  };
}

/** `request` followed by the model's reply and one result per tool call it made. */
function nextTurn(request: LlmRequest, reply: LlmResponse): LlmRequest {
  return {
    ...request,
    messages: [
      ...request.messages,
      { role: "assistant", parts: [Parts.text(reply.content), ...reply.toolCalls] },
      {
        role: "user",
        parts: reply.toolCalls.map((call) =>
          Parts.toolResult(call.id, call.name, `The origin of ${JSON.stringify(call.arguments)}.`),
        ),
      },
    ],
  };
}

/** How many blocks carry `cache_control` in a request body the server received. */
function breakpointCount(body: unknown): number {
  if (typeof body !== "object" || body === null) return 0;
  return Object.entries(body).reduce(
    (count, [key, child]) => count + (key === "cache_control" ? 1 : breakpointCount(child)),
    0,
  );
}

/** How many content blocks the messages after the first `from` carry, as the server saw them. */
function blocksAfter(body: Record<string, unknown>, from: number): number {
  const messages = body.messages as Array<{ content: unknown[] | string }>;
  return messages
    .slice(from)
    .reduce((count, { content }) => count + (typeof content === "string" ? 1 : content.length), 0);
}

beforeEach(async () => {
  server = await MockProviderServer.start();
});
afterEach(async () => {
  await server.stop();
});

describe("a tool loop whose turns outgrow the cache's lookback", () => {
  it("with a turn adding 12 parallel tool calls, turn 2 still reads the whole prefix turn 1 wrote", async () => {
    server.script(parallelLookups(1), { kind: "answer", text: "All twelve are Latin." });
    const client = new AnthropicClient({ apiKey: "sk-ant-test", baseURL: server.anthropicBaseUrl });
    const called = await client.send(first, binding, live());
    expect(called.usage.cacheWriteTokens ?? 0).toBeGreaterThan(1_024);

    const answered = await client.send(nextTurn(first, called), binding, live());
    // The turn put its newest breakpoint past the lookback from turn 1's...
    expect(blocksAfter(server.requests[1]!.body, 1)).toBeGreaterThan(LOOKBACK_BLOCKS);
    // ...and still reads everything turn 1 wrote, writing only what it added.
    expect(answered.usage.cachedInputTokens).toBe(called.usage.cacheWriteTokens);
    expect(answered.usage.cacheWriteTokens ?? 0).toBeGreaterThan(0);
    expect(breakpointCount(server.requests[1]!.body)).toBe(3);
  });

  it("reads each turn's whole prefix on the next through a long loop, never past four breakpoints", async () => {
    const turns = 6;
    server.script(...Array.from({ length: turns }, (_, turn) => parallelLookups(turn + 1)), {
      kind: "answer",
      text: "Done.",
    });
    const client = new AnthropicClient({ apiKey: "sk-ant-test", baseURL: server.anthropicBaseUrl });
    let request = first;
    let previous = await client.send(request, binding, live());
    for (let turn = 1; turn <= turns; turn++) {
      request = nextTurn(request, previous);
      const response = await client.send(request, binding, live());
      const written = (previous.usage.cachedInputTokens ?? 0) + previous.usage.cacheWriteTokens!;
      expect(response.usage.cachedInputTokens, `turn ${turn + 1}`).toBe(written);
      previous = response;
    }
    expect(server.requests).toHaveLength(turns + 1);
    for (const { body } of server.requests) expect(breakpointCount(body)).toBeLessThanOrEqual(4);
  });
});
