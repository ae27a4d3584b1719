// A two-turn tool loop against the mock server's prompt-cache model (breakpoints, minimum
// cacheable length, prefix match), through the real SDK over loopback: the breakpoints this
// client places are the ones that make the second turn read what the first one wrote.
import { Parts, toolDefinition, type LlmRequest, type LlmResponse } from "@nucleo/conversation";
import { drainStream as drain, MockProviderServer } from "@nucleo/testing";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AnthropicClient } from "./anthropic-client.js";
import { anthropicEntry, bindingFor, hourlyEntry } from "./test-support/bindings.js";

let server: MockProviderServer;
const live = () => new AbortController().signal;
const lookup = toolDefinition("lookup", "Looks a word up.", {
  type: "object",
  properties: { word: { type: "string" } },
  required: ["word"],
});
const plain = anthropicEntry({ nativeThinking: false });
// Well over 1,024 tokens by the mock's count (a token per four characters).
const system = `You are a careful analyst of word origins. ${"Check every claim against the dictionary before you answer. ".repeat(100)}`;
// The question carries a document of some 500 tokens: written on turn 1 only if the newest
// message carries a breakpoint, billed as plain input otherwise.
const document = "A nucleus is the central and most important part of an object. ".repeat(32);
const first: LlmRequest = {
  system: { text: system },
  messages: [{ role: "user", parts: [Parts.text(`${document}\nWhere does 'nucleo' come from?`)] }],
  tools: [lookup],
};
/** What the mock bills as plain input around the cached blocks (the prompt's framing). */
const FRAMING_TOKENS = 100;

/** The second turn of the loop: the first, the model's tool call, and its result. */
function secondTurn(called: LlmResponse): LlmRequest {
  const call = called.toolCalls[0]!;
  return {
    ...first,
    messages: [
      ...first.messages,
      { role: "assistant", parts: called.toolCalls },
      { role: "user", parts: [Parts.toolResult(call.id, call.name, "Latin nucleus, a kernel.")] },
    ],
  };
}

beforeEach(async () => {
  server = await MockProviderServer.start();
  server.script(
    { kind: "answer", toolCalls: [{ name: "lookup", arguments: { word: "nucleo" } }] },
    { kind: "answer", text: "From the Latin nucleus." },
  );
});
afterEach(async () => {
  await server.stop();
});

describe("a tool loop over the prompt cache", () => {
  it("writes the system text and first turn on turn 1, and reads them on turn 2", async () => {
    const client = new AnthropicClient({ apiKey: "sk-ant-test", baseURL: server.anthropicBaseUrl });
    const binding = bindingFor(plain, "STANDARD");
    const called = await client.send(first, binding, live());
    // The whole prompt, question included, is written: the conversation breakpoint is on it.
    expect(called.usage.cacheWriteTokens ?? 0).toBeGreaterThan(1_024 + 400);
    expect(called.usage.inputTokens).toBeLessThan(FRAMING_TOKENS);
    expect(called.usage.cachedInputTokens ?? 0).toBe(0);

    const { response } = await drain(client.stream(secondTurn(called), binding, live()));
    expect(response.content).toBe("From the Latin nucleus.");
    // Turn 2 reads everything turn 1 wrote, and writes only what it added.
    expect(response.usage.cachedInputTokens).toBe(called.usage.cacheWriteTokens);
    expect(response.usage.cacheWriteTokens ?? 0).toBeLessThan(FRAMING_TOKENS);
    expect(response.usage.inputTokens).toBeLessThan(FRAMING_TOKENS);
    expect(response.usage.cacheWrite1hTokens).toBeUndefined();
  });

  it("still reads the system text and tools after the conversation is compacted", async () => {
    const client = new AnthropicClient({ apiKey: "sk-ant-test", baseURL: server.anthropicBaseUrl });
    const binding = bindingFor(plain, "STANDARD");
    const called = await client.send(first, binding, live());
    const compacted: LlmRequest = {
      ...first,
      messages: [{ role: "user", parts: [Parts.text("Summary so far: nothing looked up yet.")] }],
    };
    const answered = await client.send(compacted, binding, live());
    // The system-and-tools breakpoint's prefix: over the minimum, short of what turn 1 wrote.
    expect(answered.usage.cachedInputTokens ?? 0).toBeGreaterThan(1_024);
    expect(answered.usage.cachedInputTokens ?? 0).toBeLessThan(
      called.usage.cacheWriteTokens! - 400,
    );
  });

  it("writes for an hour on a one-hour entry: every write is a one-hour write", async () => {
    const hourly = hourlyEntry();
    const client = new AnthropicClient({ apiKey: "sk-ant-test", baseURL: server.anthropicBaseUrl });
    const called = await client.send(first, bindingFor(hourly, "STANDARD"), live());
    expect(called.usage.cacheWrite1hTokens).toBe(called.usage.cacheWriteTokens);
    const answered = await client.send(secondTurn(called), bindingFor(hourly, "STANDARD"), live());
    expect(answered.usage.cachedInputTokens).toBe(called.usage.cacheWriteTokens);
  });

  it("reports no cache reads or writes with the client's promptCache off", async () => {
    const client = new AnthropicClient({
      apiKey: "sk-ant-test",
      baseURL: server.anthropicBaseUrl,
      promptCache: false,
    });
    const binding = bindingFor(plain, "STANDARD");
    const called = await client.send(first, binding, live());
    const answered = await client.send(secondTurn(called), binding, live());
    for (const usage of [called.usage, answered.usage]) {
      expect(usage.cachedInputTokens ?? 0).toBe(0);
      expect(usage.cacheWriteTokens ?? 0).toBe(0);
    }
    expect(server.counts.cachedInputTokens + server.counts.cacheWriteTokens).toBe(0);
  });
});
