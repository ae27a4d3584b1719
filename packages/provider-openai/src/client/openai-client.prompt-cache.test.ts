import type { TokenUsage } from "@nucleo/core";
import { Parts, toolDefinition, type LlmRequest } from "@nucleo/conversation";
import { MockProviderServer } from "@nucleo/testing";
import { afterEach, describe, expect, it } from "vitest";
import { API_CASES } from "../test-support/api-cases.js";
import { bindingOf } from "../test-support/fixtures.js";
import { OpenAiClient } from "./openai-client.js";

// Thinker-style loops through the mock's model of OpenAI's caching: every prompt of 1,024
// tokens or more is cached, reads come in 128-token steps, and requests are routed to a cache
// machine by the start of the prompt and `prompt_cache_key`, a routing key taking about 15
// requests a minute before the rest overflow to other machines.

const CONVERSATIONS = 20; // past the routing limit when they share one system text
const READ_STEP = 128;
const system = { text: "You plan carefully, one tool call at a time. ".repeat(150) }; // ≈1,700 tokens
const lookup = toolDefinition("lookup", "Finds a record by id.", {
  type: "object",
  properties: { id: { type: "integer" } },
  required: ["id"],
});
let server: MockProviderServer | undefined;
afterEach(async () => {
  await server?.stop();
});

/** Every prompt token a call reported, cached or not. */
const promptTokens = (usage: TokenUsage) =>
  usage.inputTokens + (usage.cachedInputTokens ?? 0) + (usage.cacheWriteTokens ?? 0);

/**
 * Runs `CONVERSATIONS` two-turn loops on one system text, turn by turn across them (as a busy
 * worker does): each first turn calls a tool, each second turn sends its result. Returns each
 * loop's two usages.
 */
async function runLoops(client: OpenAiClient, binding: ReturnType<typeof bindingOf>) {
  const signal = new AbortController().signal;
  const firsts = Array.from(
    { length: CONVERSATIONS },
    (_, index): LlmRequest => ({
      system,
      messages: [
        {
          role: "user",
          parts: [Parts.text(`Case ${index}: ${"the facts of this case. ".repeat(60)}`)],
        },
      ],
      tools: [lookup],
      cacheKey: `nucleo-conversation-${index}`,
    }),
  );
  const called = [];
  for (const [index, first] of firsts.entries()) {
    server!.script({
      kind: "answer",
      toolCalls: [{ id: `call_${index}`, name: "lookup", arguments: { id: index } }],
    });
    called.push(await client.send(first, binding, signal));
  }
  const loops = [];
  for (const [index, first] of firsts.entries()) {
    const answer = called[index]!;
    server!.script({ kind: "answer", text: `Case ${index} is settled.` });
    const second = await client.send(
      {
        ...first,
        messages: [
          ...first.messages,
          { role: "assistant", parts: [...answer.thinking, ...answer.toolCalls] },
          { role: "user", parts: [Parts.toolResult(`call_${index}`, "lookup", "found")] },
        ],
      },
      binding,
      signal,
    );
    loops.push({ first: answer.usage, second: second.usage });
  }
  return loops;
}

describe.each(API_CASES)("prompt caching through the mock ($api)", (wire) => {
  const binding = bindingOf(wire.entry());
  const start = async () => {
    // A fixed clock: the routing window and the cache's lifetimes read it.
    server = await MockProviderServer.start({ clock: { now: () => 1_750_000_000_000 } });
    return server;
  };

  it("with caching on, every loop's second turn reads its whole first turn from the cache", async () => {
    const mock = await start();
    const client = new OpenAiClient({ apiKey: "sk-test", baseURL: mock.openaiBaseUrl });
    for (const { first, second } of await runLoops(client, binding)) {
      expect(second.cachedInputTokens).toBeGreaterThan(0);
      expect(second.cachedInputTokens).toBeGreaterThan(promptTokens(first) - READ_STEP);
    }
    expect(
      mock.requests.every((request) => typeof request.body.prompt_cache_key === "string"),
    ).toBe(true);
  });

  it("with the client's promptCache off, no key goes out, and second turns that overflow the routing limit read only the shared system text", async () => {
    const mock = await start();
    const client = new OpenAiClient({
      apiKey: "sk-test",
      baseURL: mock.openaiBaseUrl,
      promptCache: false,
    });
    const loops = await runLoops(client, binding);
    expect(mock.requests.some((request) => "prompt_cache_key" in request.body)).toBe(false);
    // OpenAI still caches the shared system text by itself: caching off only stops asking.
    expect(loops.every(({ second }) => (second.cachedInputTokens ?? 0) > 0)).toBe(true);
    const readOwnFirstTurn = loops.filter(
      ({ first, second }) => (second.cachedInputTokens ?? 0) > promptTokens(first) - READ_STEP,
    );
    expect(readOwnFirstTurn.length).toBeLessThan(CONVERSATIONS);
  });
});
