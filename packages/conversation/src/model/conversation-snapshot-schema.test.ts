import { SystemError } from "@nucleo/core";
import { describe, expect, it } from "vitest";
import { Conversation } from "./conversation.js";
import { parseConversationSnapshot } from "./conversation-snapshot-schema.js";
import { Parts } from "./parts.js";

function conversationWithEveryPart(): Conversation {
  const conversation = new Conversation(
    "chat-1",
    { grade: "MEDIUM", depth: "STANDARD", output: { tokens: 900 } },
    false,
    128_000,
    0.92,
  );
  conversation.putObjective("task", "Answer the customer.");
  conversation.admitSkill("tone", "Be brief.");
  conversation.addUser([
    Parts.text("hello"),
    Parts.image("image/png", { kind: "url", url: "https://example.test/a.png" }),
    Parts.file("application/pdf", "a.pdf", "QUJD"),
  ]);
  conversation.addAssistant({
    thinking: [Parts.thinking("why", "sig")],
    content: "one moment",
    toolCalls: [Parts.toolCall("call-1", "lookup", { q: "x" })],
  });
  conversation.addToolResults([Parts.toolResult("call-1", "lookup", "found", false)]);
  return conversation;
}

describe("parseConversationSnapshot", () => {
  it("a snapshot survives JSON storage whole: every part type reads back equal", () => {
    const snapshot = conversationWithEveryPart().snapshot();
    const stored = JSON.parse(JSON.stringify(snapshot));
    expect(parseConversationSnapshot(stored, 'conversation "chat-1"')).toEqual(snapshot);
  });

  it("an answer's text keeps the message item that carried it (id and phase), through storage too", () => {
    const conversation = conversationWithEveryPart();
    conversation.addAssistant({
      thinking: [],
      content: "done",
      toolCalls: [],
      textItem: { id: "msg_1", phase: "final_answer" },
    });
    conversation.addUser("thanks");
    conversation.addAssistant({ thinking: [], content: "welcome", toolCalls: [] });
    const turns = conversation.turns();
    expect(turns.at(-3)?.parts).toEqual([
      { type: "text", text: "done", itemId: "msg_1", phase: "final_answer" },
    ]);
    expect(turns.at(-1)?.parts).toEqual([Parts.text("welcome")]);
    const snapshot = conversation.snapshot();
    const stored = JSON.parse(JSON.stringify(snapshot));
    expect(parseConversationSnapshot(stored, "conversation")).toEqual(snapshot);
  });

  it("a malformed snapshot is refused as corrupt, naming its source and the field, never the value", () => {
    const stored = JSON.parse(JSON.stringify(conversationWithEveryPart().snapshot()));
    stored.turns[1].parts[1].type = "secret customer text";
    const error = (() => {
      try {
        parseConversationSnapshot(stored, 'conversation "chat-1" in nucleo_conversations');
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(SystemError.isInstance(error)).toBe(true);
    expect((error as SystemError).code).toBe("corrupt_conversation");
    expect((error as Error).message).toContain('conversation "chat-1" in nucleo_conversations');
    expect((error as Error).message).toContain("turns[1].parts[1].type");
    expect((error as Error).message).not.toContain("secret customer text");
  });

  it("seat words outside the ladders are refused", () => {
    const stored = JSON.parse(JSON.stringify(conversationWithEveryPart().snapshot()));
    stored.seat.grade = "HUGE";
    expect(() => parseConversationSnapshot(stored, "conversation")).toThrow(/seat\.grade/);
  });

  it("something that is not an object at all is refused at the root", () => {
    expect(() => parseConversationSnapshot("[]", "conversation")).toThrow(/\(input\)/);
  });
});
