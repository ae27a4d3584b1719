import type { LlmCallEvent, RunEvent } from "@nucleo/core";
import { describe, expect, it } from "vitest";
import { Parts } from "../model/parts.js";
import { FakeClient } from "../test-support/fake-client.js";
import { conversationTestRuntime } from "../test-support/conversation-test-runtime.js";
import { LLMCall } from "./llm-call.js";

const SEAT = { grade: "MEDIUM", depth: "STANDARD", output: "COMPACT" } as const;

async function twoCalls(wantsContent: boolean) {
  const client = new FakeClient([
    {
      content: "",
      thinking: [Parts.thinking("look it up")],
      toolCalls: [Parts.toolCall("c1", "lookup", { q: "hinge" })],
    },
    { content: "Probably novel." },
  ]);
  const runtime = conversationTestRuntime(client);
  const conversation = await runtime.service.obtain({ seat: SEAT });
  conversation.putMainObjective("Judge claim 1.").addUser("Claim 1: a widget with a hinge.");
  const events: RunEvent[] = [];
  runtime.dispatcher.observe({ wantsContent, onEvent: (event) => events.push(event) });
  const { dispatcher, environment } = runtime;
  await dispatcher.submit(new LLMCall({ conversation, environment }), undefined);
  conversation.addToolResults([Parts.toolResult("c1", "lookup", "no prior art")]);
  await dispatcher.submit(new LLMCall({ conversation, environment }), undefined);
  const calls = events.filter((event): event is LlmCallEvent => event.type === "llm.call");
  return { calls, client, events };
}

describe("a model call's content on its event", () => {
  it("a model call reports the request exactly as rendered and the response, when an observer wants content", async () => {
    const { calls, client } = await twoCalls(true);
    const [first, second] = calls.map((call) => call.content!);
    const sent = client.calls[1]!.request;
    expect(second!.system).toBe(sent.system.text);
    expect(second!.system).toContain("Judge claim 1.");
    expect(second!.messages).toBe(sent.messages);
    expect(second!.messages.map((message) => message.role)).toEqual(["user", "assistant", "user"]);
    expect(first!.response).toEqual({
      text: "",
      thinking: [Parts.thinking("look it up")],
      toolCalls: [Parts.toolCall("c1", "lookup", { q: "hinge" })],
    });
    expect(second!.response.text).toBe("Probably novel.");
  });

  it("a turn re-sent in a later call is the same object, so observers derive from it once", async () => {
    const { calls } = await twoCalls(true);
    const [first, second] = calls.map((call) => call.content!);
    expect(second!.messages[0]).toBe(first!.messages[0]);
  });

  it("a model call's event carries no content while no observer wants it", async () => {
    const { calls } = await twoCalls(false);
    expect(calls).toHaveLength(2);
    for (const call of calls) expect(call).not.toHaveProperty("content");
  });

  it("a model call is submitted with the model_call role", async () => {
    const { events } = await twoCalls(false);
    const submitted = events.filter((event) => event.type === "job.submitted");
    expect(submitted.map((event) => event.role)).toEqual(["model_call", "model_call"]);
  });
});
