import type { MockRequest } from "@nucleo/testing";
import { describe, expect, it } from "vitest";
import { replyTo, startMockProvider } from "./start-mock-provider.js";
import { readWireView } from "./wire-view.js";

const openai = (body: Record<string, unknown>): MockRequest => ({
  wire: "openai",
  path: "/v1/chat/completions",
  body,
  stream: false,
  apiKeyPresent: true,
  model: String(body.model),
});
const anthropic = (body: Record<string, unknown>): MockRequest => ({
  wire: "anthropic",
  path: "/v1/messages",
  body,
  stream: false,
  apiKeyPresent: true,
  model: String(body.model),
});

describe("the worker's mock provider", () => {
  it("reads both wires alike: system text, user turns, tool calls paired with their results, tools offered", () => {
    const fromOpenAi = readWireView(
      openai({
        model: "gpt-5",
        messages: [
          { role: "system", content: "Do it." },
          { role: "user", content: '{"x":1}' },
          {
            role: "assistant",
            content: null,
            tool_calls: [
              { id: "c1", type: "function", function: { name: "add", arguments: '{"a":1,"b":2}' } },
            ],
          },
          { role: "tool", tool_call_id: "c1", content: '{"sum":3}' },
        ],
        tools: [{ type: "function", function: { name: "add" } }],
      }),
    );
    const fromAnthropic = readWireView(
      anthropic({
        model: "claude",
        system: "Do it.",
        thinking: { type: "enabled", budget_tokens: 1024 },
        messages: [
          { role: "user", content: [{ type: "text", text: '{"x":1}' }] },
          {
            role: "assistant",
            content: [
              { type: "thinking", thinking: "t", signature: "s" },
              { type: "tool_use", id: "t1", name: "add", input: { a: 1, b: 2 } },
            ],
          },
          {
            role: "user",
            content: [{ type: "tool_result", tool_use_id: "t1", content: '{"sum":3}' }],
          },
        ],
        tools: [{ name: "add", input_schema: {} }],
      }),
    );
    for (const view of [fromOpenAi, fromAnthropic]) {
      expect(view).toMatchObject({
        system: "Do it.",
        userTexts: ['{"x":1}'],
        toolExchanges: [{ name: "add", arguments: { a: 1, b: 2 }, result: '{"sum":3}' }],
        tools: ["add"],
      });
    }
    expect([fromOpenAi.thinking, fromAnthropic.thinking]).toEqual([false, true]);
  });

  it("answers a request no registered workflow scripts with a plain refusal, and thinks when the request thinks", () => {
    const reply = replyTo(
      anthropic({
        model: "claude",
        system: "Unknown job.",
        thinking: { type: "enabled" },
        messages: [],
      }),
      { responders: [() => undefined], latencyMs: 25 },
    );
    expect(reply).toMatchObject({
      kind: "answer",
      delayMs: 25,
      thinking: [{ text: "Working through the request." }],
    });
    expect(reply.kind === "answer" && reply.text).toMatch(/no scripted turn/);
  });

  it("keeps a bounded log of the requests it served, so a worker in mock mode stays flat in memory however long it runs", async () => {
    const server = await startMockProvider({ responders: [] });
    try {
      expect(Number.isFinite(server.keepRequests)).toBe(true);
      expect(server.keepRequests).toBeGreaterThan(0);
    } finally {
      await server.stop();
    }
  });
});
