import { createHash } from "node:crypto";
import { Conversation, Parts } from "@nucleo/conversation";
import { FULL_CONTENT, type LlmCallEvent, type RunEvent } from "@nucleo/core";
import { describe, expect, it } from "vitest";
import { buildBatchRows } from "./batch-rows.js";
import { MessageKeeper } from "./kept-message.js";
import { SaidContent } from "./said-content.js";
import { runToolLoop } from "./test-support/tool-loop.js";

const SEAT = { grade: "MEDIUM", depth: "STANDARD", output: "COMPACT" } as const;

describe("the kept form of a message", () => {
  it("keeps text, media without its bytes, thinking without signature or redacted data, tool calls and results", () => {
    const keeper = new MessageKeeper(FULL_CONTENT);
    const kept = keeper.message(
      {
        role: "user",
        parts: [
          Parts.text("Look at these."),
          Parts.image("image/png", { kind: "base64", data: "iVBORw0KGgo=" }),
          Parts.image("image/jpeg", { kind: "url", url: "https://example.com/a.jpg" }),
          Parts.file("application/pdf", "claim.pdf", "JVBERi0xLjQK"),
          Parts.toolResult("call_1", "lookup", "found", true),
        ],
      },
      "message",
    );
    expect(kept.role).toBe("user");
    expect(JSON.parse(kept.parts)).toEqual([
      { type: "text", text: "Look at these." },
      { type: "image", mediaType: "image/png", omittedChars: 12 },
      { type: "image", mediaType: "image/jpeg", url: "https://example.com/a.jpg" },
      { type: "file", mediaType: "application/pdf", name: "claim.pdf", omittedChars: 12 },
      { type: "tool_result", callId: "call_1", name: "lookup", text: "found", isError: true },
    ]);

    const answer = keeper.message(
      {
        role: "assistant",
        parts: [
          Parts.thinking("Hmm.", "opaque-signature"),
          { type: "thinking", text: "", redacted: "opaque-redacted-data" },
          Parts.toolCall("call_2", "lookup", { n: 2 }),
        ],
      },
      "message",
    );
    expect(JSON.parse(answer.parts)).toEqual([
      { type: "thinking", text: "Hmm." },
      { type: "thinking", text: "", redacted: true },
      { type: "tool_call", id: "call_2", name: "lookup", text: '{"n":2}' },
    ]);
    expect(answer.parts).not.toContain("opaque");
  });

  it("a message's hash is sha256 over its kept JSON ({role, parts}), the first 32 hex characters", () => {
    const kept = new MessageKeeper(FULL_CONTENT).message(
      { role: "user", parts: [Parts.text("Hi.")] },
      "message",
    );
    const json = JSON.stringify({ role: "user", parts: [{ type: "text", text: "Hi." }] });
    expect(kept.hash).toBe(createHash("sha256").update(json).digest("hex").slice(0, 32));
  });

  it("a response is kept as the assistant turn the conversation makes of it, so both hash alike", () => {
    const response = {
      text: "Checking.",
      toolCalls: [Parts.toolCall("call_1", "lookup", { n: 1 })],
      thinking: [Parts.thinking("First the register.", "sig")],
    };
    const conversation = new Conversation("c", SEAT, true, 128_000, 0.92);
    conversation.addAssistant({ ...response, content: response.text });
    const keeper = new MessageKeeper(FULL_CONTENT);
    const asResponse = keeper.response(response, "response");
    const asTurn = keeper.message(conversation.turns().at(-1)!, "message");
    expect(asResponse).toEqual(asTurn);
    expect(JSON.parse(asResponse.parts).map((part: { type: string }) => part.type)).toEqual([
      "thinking",
      "text",
      "tool_call",
    ]);
  });

  it("a loop's turns are each made (serialised and hashed) once, however many later requests re-send them", async () => {
    const turns = 50;
    // An observer that wants content, so the run's events carry it as they would for a recorder.
    const { events } = await runToolLoop({
      turns,
      observers: [{ wantsContent: true, onEvent() {} }],
    });
    const calls = events.filter((event): event is LlmCallEvent => event.type === "llm.call");
    const sentMessages = calls.reduce((sum, call) => sum + call.content!.messages.length, 0);
    expect(sentMessages).toBe(2_500); // call k re-sends its 2k - 1 turns

    const said = new SaidContent(FULL_CONTENT);
    // One batch per event, the worst case: nothing is shared between batches but the keeper.
    for (const event of events) expect(buildBatchRows([event], said).problems).toEqual([]);
    // One system text, the task, 49 answers re-sent as turns, 49 tool results, and 50 responses.
    expect(said.keeper.made).toBe(1 + 1 + (turns - 1) * 2 + turns);
  });

  it("what a call said is kept even when only its content differs from the call before", () => {
    const said = new SaidContent(FULL_CONTENT);
    const event = (text: string): RunEvent =>
      ({
        type: "llm.call",
        jobId: "j",
        rootId: "j",
        parentId: null,
        seq: text.length,
        at: 1,
        jobClass: "C",
        ancestors: [],
        entryId: "e",
        providerModel: "m",
        usage: { inputTokens: 1, outputTokens: 1 },
        cost: "0",
        currency: "USD",
        latencyMs: 1,
        stopReason: "end",
        attempt: 1,
        corrections: 0,
        content: {
          system: "S",
          messages: [{ role: "user", parts: [Parts.text(text)] }],
          tools: [],
          response: { text: "ok", toolCalls: [], thinking: [] },
        },
      }) as LlmCallEvent;
    const { rows } = buildBatchRows([event("a"), event("bb")], said);
    // System and the response once, each question its own message.
    expect(rows.messages).toHaveLength(4);
    expect(rows.callContent).toHaveLength(2);
  });
});
