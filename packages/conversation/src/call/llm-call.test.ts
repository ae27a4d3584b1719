import {
  ExternalServiceError,
  InvalidInputError,
  MAX_CORRECTIONS,
  SystemError,
  ThrottleSignal,
  type RunEvent,
} from "@nucleo/core";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { responseContract } from "../correction/response-contract.js";
import { toolDefinition } from "../model/tool-definition.js";
import { renderRequest } from "../render/render-request.js";
import { FakeClient } from "../test-support/fake-client.js";
import { entry, conversationTestRuntime } from "../test-support/conversation-test-runtime.js";
import { LLMCall } from "./llm-call.js";

const SEAT = { grade: "MEDIUM", depth: "STANDARD", output: "COMPACT" } as const;
const Verdict = responseContract("verdict", z.object({ novel: z.boolean(), reason: z.string() }));

async function started(client: FakeClient) {
  const runtime = conversationTestRuntime(client);
  const conversation = await runtime.service.obtain({ seat: SEAT });
  conversation
    .putMainObjective("Judge the novelty of claim 1.")
    .addUser("Claim 1: a widget with a hinge.");
  const events: RunEvent[] = [];
  runtime.dispatcher.observe({ onEvent: (event) => events.push(event) });
  return { ...runtime, conversation, events };
}

describe("LLMCall", () => {
  it("prices its seat from exactly the request the wire will carry, plus the output budget", async () => {
    const client = new FakeClient([{ content: "Probably novel." }]);
    const { dispatcher, environment, conversation, events, catalog } = await started(client);
    const expectedInput = environment.tokens.countRequest(
      catalog.get("medium-a"),
      renderRequest(conversation, catalog.get("medium-a")),
    );
    await dispatcher.submit(new LLMCall({ conversation, environment }), undefined);
    const seat = events.find((event) => event.type === "seat.reserved");
    expect(seat).toMatchObject({
      entryId: "medium-a",
      inputTokens: expectedInput,
      maxOutputTokens: 4_096,
    });
    expect(client.calls[0]!.request.system.text).toContain("Judge the novelty");
  });

  it("reports the call with exact cost and appends the answer to the conversation", async () => {
    const client = new FakeClient([
      {
        content: "Probably novel.",
        usage: { inputTokens: 1_000, cachedInputTokens: 2_000, outputTokens: 300 },
      },
    ]);
    const { dispatcher, environment, conversation, events, ledger } = await started(client);
    const handle = dispatcher.submit(new LLMCall({ conversation, environment }), undefined);
    const output = await handle;
    expect(output).toMatchObject({
      text: "Probably novel.",
      entryId: "medium-a",
      stopReason: "end",
      valid: true,
    });
    const call = events.find((event) => event.type === "llm.call");
    expect(call).toMatchObject({
      entryId: "medium-a",
      cost: "0.0054",
      currency: "USD",
      stopReason: "end",
      attempt: 1,
      corrections: 0,
    }); // 1k×2 + 2k×0.5 + 300×8
    // What an OpenTelemetry exporter or a recorder needs beside it: provider, requested model, the seat's words.
    expect(call).toMatchObject({
      provider: expect.any(String),
      requestModel: expect.any(String),
      grade: "MEDIUM",
      depth: "STANDARD",
    });
    expect(ledger.totalFor(handle.id).cost.get("USD")?.toString()).toBe("0.0054");
    expect(conversation.turns().at(-1)).toEqual({
      role: "assistant",
      parts: [{ type: "text", text: "Probably novel." }],
    });
  });

  it("a max_tokens stop escalates once: the same request re-sent with the entry's output ceiling", async () => {
    const client = new FakeClient([
      { content: "Cut off mid", stopReason: "max_tokens" },
      { content: "Complete answer." },
    ]);
    const { dispatcher, environment, conversation } = await started(client);
    const output = await dispatcher.submit(new LLMCall({ conversation, environment }), undefined);
    expect(output.text).toBe("Complete answer.");
    expect(client.calls.map((call) => call.binding.maxOutputTokens)).toEqual([4_096, 32_000]);
    expect(client.calls[1]!.request.messages).toEqual(client.calls[0]!.request.messages);
  });

  it("a second max_tokens stop at the ceiling fails the call", async () => {
    const client = new FakeClient([{ stopReason: "max_tokens" }, { stopReason: "max_tokens" }]);
    const { dispatcher, environment, conversation } = await started(client);
    const error = await dispatcher
      .submit(new LLMCall({ conversation, environment }), undefined)
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(SystemError.isInstance(error) && error.code).toBe("truncated");
  });

  it("a provider throttle cools the entry and the retry goes to a sibling entry of the grade", async () => {
    const client = new FakeClient([
      new ThrottleSignal({ service: "openai", retryAfterMs: 20_000 }),
      { content: "served" },
    ]);
    const { dispatcher, environment, conversation, admission } = await started(client);
    const output = await dispatcher.submit(new LLMCall({ conversation, environment }), undefined);
    expect(output.entryId).toBe("medium-b");
    expect(admission.coolingUntil("medium-a")).toBeGreaterThan(0);
  });

  it("a provider fault fails the call and returns its seat", async () => {
    const client = new FakeClient([
      new ExternalServiceError({ service: "openai", step: "chat completion", detail: "HTTP 500" }),
    ]);
    const { dispatcher, environment, conversation, admission } = await started(client);
    await expect(
      dispatcher.submit(new LLMCall({ conversation, environment }), undefined),
    ).rejects.toThrow(/openai service failed/);
    expect(admission.usage("medium-a").map((limit) => limit.used)).toEqual([0, 0]);
  });

  it("streams: deltas are handed over as they arrive, and the result is the same", async () => {
    const client = new FakeClient([{ content: "one two three" }]);
    const { dispatcher, environment, conversation } = await started(client);
    const deltas: string[] = [];
    const output = await dispatcher.submit(
      new LLMCall({
        conversation,
        environment,
        onDelta: (delta) => delta.type === "text" && deltas.push(delta.text),
      }),
      undefined,
    );
    expect(deltas).toEqual(["one ", "two ", "three"]);
    expect(output.text).toBe("one two three");
  });

  it("tools without native calling travel as text and come back as tool calls with minted ids", async () => {
    const client = new FakeClient([
      {
        content:
          '```json\n{"tool_calls": [{"name": "search", "arguments": {"query": "hinge"}}]}\n```',
      },
    ]);
    const { dispatcher, environment, conversation } = await started(client);
    conversation.setTools([
      toolDefinition("search", "Search.", {
        type: "object",
        properties: { query: { type: "string" } },
      }),
    ]);
    const output = await dispatcher.submit(
      new LLMCall({ conversation, environment, pin: "textual" }),
      undefined,
    );
    expect(client.calls[0]!.request.tools).toEqual([]);
    expect(output.toolCalls).toHaveLength(1);
    expect(output.toolCalls[0]).toMatchObject({
      type: "tool_call",
      name: "search",
      arguments: { query: "hinge" },
    });
    expect(output.toolCalls[0]!.id).toMatch(/^call_/);
    expect(output.stopReason).toBe("tool_calls");
  });
});

describe("response correction", () => {
  it("an unparseable answer goes back as a correction turn and the same call re-runs on the grown conversation", async () => {
    const client = new FakeClient([
      { content: "I think it is novel." },
      { content: '{"novel": true, "reason": "no hinge in D1"}' },
    ]);
    const { dispatcher, environment, conversation, events } = await started(client);
    const output = await dispatcher.submit(
      new LLMCall({ conversation, environment, contract: Verdict }),
      undefined,
    );
    expect(output).toMatchObject({
      valid: true,
      answer: { novel: true, reason: "no hinge in D1" },
    });
    expect(client.calls[1]!.request.messages.length).toBe(
      client.calls[0]!.request.messages.length + 2,
    );
    expect(client.calls[1]!.request.messages.at(-1)!.parts[0]!.text).toMatch(
      /^Your last answer was not one JSON object\./,
    );
    expect(
      events
        .filter((event) => event.type === "llm.call")
        .map((event) => (event as { corrections: number }).corrections),
    ).toEqual([0, 1]);
  });

  it("a missing or mistyped field is named with its expected type, and the model's value is never echoed", async () => {
    const canary = "CANARY-VALUE-7731";
    const client = new FakeClient([
      { content: JSON.stringify({ novel: canary }) },
      { content: '{"novel": false, "reason": "D1 shows it"}' },
    ]);
    const { dispatcher, environment, conversation } = await started(client);
    await dispatcher.submit(
      new LLMCall({ conversation, environment, contract: Verdict }),
      undefined,
    );
    const correction = client.calls[1]!.request.messages.at(-1)!.parts[0]!.text;
    expect(correction).toContain('field "novel": expected boolean');
    expect(correction).not.toContain(canary);
  });

  it(`gives up after MAX_CORRECTIONS (${MAX_CORRECTIONS}): a parse failure surfaces`, async () => {
    const client = new FakeClient(
      Array.from({ length: MAX_CORRECTIONS + 1 }, () => ({ content: "prose, not JSON" })),
    );
    const { dispatcher, environment, conversation } = await started(client);
    const error = await dispatcher
      .submit(new LLMCall({ conversation, environment, contract: Verdict }), undefined)
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(InvalidInputError.isInstance(error) && error.parameter).toBe("answer");
    expect(client.calls).toHaveLength(MAX_CORRECTIONS + 1);
  });

  it("gives up after MAX_CORRECTIONS: an invalid answer is returned as it is, marked invalid", async () => {
    const client = new FakeClient(
      Array.from({ length: MAX_CORRECTIONS + 1 }, () => ({ content: '{"novel": true}' })),
    );
    const { dispatcher, environment, conversation } = await started(client);
    const output = await dispatcher.submit(
      new LLMCall({ conversation, environment, contract: Verdict }),
      undefined,
    );
    expect(output).toMatchObject({
      valid: false,
      answer: { novel: true },
      problem: 'field "reason": expected string, received undefined',
    });
  });
});

describe("routing a grade's seats", () => {
  it("seats spread over a grade's entries instead of piling onto the first", async () => {
    const client = new FakeClient([{ content: "a" }, { content: "b" }]);
    const runtime = conversationTestRuntime(client, [
      entry({ id: "medium-a", limits: { tokensPerMinute: 6_000 } }),
      entry({ id: "medium-b", limits: { tokensPerMinute: 6_000 } }),
    ]);
    const conversations = [];
    for (let index = 0; index < 2; index++) {
      const conversation = await runtime.service.obtain({
        seat: { grade: "MEDIUM", depth: "QUICK", output: { tokens: 4_000 } },
      });
      conversations.push(conversation.putMainObjective("Say one letter.").addUser("Go."));
    }
    // Submitted together: each entry can hold one 4,000-token seat at a time.
    for (const conversation of conversations)
      void runtime.dispatcher
        .submit(new LLMCall({ conversation, environment: runtime.environment }), undefined)
        .catch(() => {});
    for (let index = 0; index < 20; index++) await Promise.resolve();
    // Priced before picking, the second seat goes to the sibling; unpriced, it queued on medium-a.
    expect(client.calls.map((call) => call.binding.entry.id).sort()).toEqual([
      "medium-a",
      "medium-b",
    ]);
  });
});
