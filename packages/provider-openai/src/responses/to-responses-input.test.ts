import { Parts, type Turn } from "@nucleo/conversation";
import { describe, expect, it } from "vitest";
import { toResponsesInput } from "./to-responses-input.js";

/** A call the model made on the Responses API: its part carries the item's id. */
const openAiCall = (id: string, itemId: string) => ({
  ...Parts.toolCall(id, "lookup", { id: 7 }),
  itemId,
});
const reasoningPart = (itemId: string, signature?: string) => ({
  type: "thinking" as const,
  text: "",
  itemId,
  ...(signature === undefined ? {} : { signature }),
});
/** An answer's text as the conversation keeps it: with the message item that carried it. */
const answerText = (text: string, itemId: string, phase?: string) => ({
  ...Parts.text(text),
  itemId,
  ...(phase === undefined ? {} : { phase }),
});
const wireCall = (callId: string, itemId?: string) => ({
  type: "function_call",
  ...(itemId === undefined ? {} : { id: itemId }),
  call_id: callId,
  name: "lookup",
  arguments: '{"id":7}',
});
const wireReasoning = (id: string, encrypted: string, summary?: string) => ({
  type: "reasoning",
  id,
  summary: summary === undefined ? [] : [{ type: "summary_text", text: summary }],
  encrypted_content: encrypted,
});
const wireMessage = (id: string, text: string, phase?: string) => ({
  type: "message",
  id,
  role: "assistant",
  status: "completed",
  content: [{ type: "output_text", text, annotations: [] }],
  ...(phase === undefined ? {} : { phase }),
});

describe("toResponsesInput", () => {
  it("sends one text part as a plain string, and images and files as input parts", () => {
    const turn: Turn = {
      role: "user",
      parts: [
        Parts.text("compare"),
        Parts.image("image/png", { kind: "base64", data: "iVBORw0KGgo=" }),
        Parts.image("image/jpeg", { kind: "url", url: "https://example.com/a.jpg" }),
        Parts.file("application/pdf", "claims.pdf", "JVBERi0x"),
      ],
    };
    expect(toResponsesInput([{ role: "user", parts: [Parts.text("hi")] }])).toEqual([
      { role: "user", content: "hi" },
    ]);
    expect(toResponsesInput([turn])).toEqual([
      {
        role: "user",
        content: [
          { type: "input_text", text: "compare" },
          { type: "input_image", image_url: "data:image/png;base64,iVBORw0KGgo=", detail: "auto" },
          { type: "input_image", image_url: "https://example.com/a.jpg", detail: "auto" },
          {
            type: "input_file",
            filename: "claims.pdf",
            file_data: "data:application/pdf;base64,JVBERi0x",
          },
        ],
      },
    ]);
  });

  it("sends tool results first as function_call_output items, a failure marked in its text", () => {
    const turn: Turn = {
      role: "user",
      parts: [
        Parts.text("and then?"),
        Parts.toolResult("call_a", "lookup", "Ada"),
        Parts.toolResult("call_b", "lookup", "no such id", true),
      ],
    };
    expect(toResponsesInput([turn])).toEqual([
      { type: "function_call_output", call_id: "call_a", output: "Ada" },
      { type: "function_call_output", call_id: "call_b", output: "Error: no such id" },
      { role: "user", content: "and then?" },
    ]);
  });

  it("sends a reasoned answer whole: reasoning with its encrypted content, then its text as the output message it came in (id and phase), then its calls with their ids", () => {
    const turn: Turn = {
      role: "assistant",
      parts: [
        { ...reasoningPart("rs_1", "gAAAA-enc"), text: "Look it up first." },
        answerText("Let me check.", "msg_1", "commentary"),
        openAiCall("call_a", "fc_a"),
      ],
    };
    expect(toResponsesInput([turn])).toEqual([
      wireReasoning("rs_1", "gAAAA-enc", "Look it up first."),
      wireMessage("msg_1", "Let me check.", "commentary"),
      wireCall("call_a", "fc_a"),
    ]);
  });

  it("drops Anthropic thinking (no itemId): OpenAI cannot read it", () => {
    const turn: Turn = {
      role: "assistant",
      parts: [Parts.thinking("Claude's thought.", "anthropic-signature"), Parts.text("Hi.")],
    };
    expect(toResponsesInput([turn])).toEqual([{ role: "assistant", content: "Hi." }]);
  });

  it("sends a call whose arguments were unreadable as {} so the conversation stays valid", () => {
    const broken: Turn = {
      role: "assistant",
      parts: [{ type: "tool_call", id: "call_x", name: "lookup", arguments: {}, text: '{"id":' }],
    };
    expect(toResponsesInput([broken])).toEqual([
      { type: "function_call", call_id: "call_x", name: "lookup", arguments: "{}" },
    ]);
  });

  it("joins an assistant turn's consecutive text parts into one message", () => {
    const turn: Turn = { role: "assistant", parts: [Parts.text("Hello, "), Parts.text("world.")] };
    expect(toResponsesInput([turn])).toEqual([{ role: "assistant", content: "Hello, world." }]);
  });

  it("sends a call with its item id (fc_…) right after the reasoning item that preceded it", () => {
    const turn: Turn = {
      role: "assistant",
      parts: [reasoningPart("rs_1", "gAAAA-enc"), openAiCall("call_a", "fc_a")],
    };
    expect(toResponsesInput([turn])).toEqual([
      wireReasoning("rs_1", "gAAAA-enc"),
      wireCall("call_a", "fc_a"),
    ]);
  });

  it("sends a tool call part without itemId (Anthropic's, or one the runtime minted) without id", () => {
    const anthropic: Turn = {
      role: "assistant",
      parts: [
        Parts.thinking("Claude's thought.", "sig"),
        Parts.toolCall("toolu_1", "lookup", { id: 7 }),
      ],
    };
    expect(toResponsesInput([anthropic])).toEqual([wireCall("toolu_1")]);
  });

  it("never sends a reasoning item by id alone: a turn with one lacking its encrypted content goes without its reasoning, its calls without their ids", () => {
    const storedTurn: Turn = {
      role: "assistant",
      parts: [
        reasoningPart("rs_1", "gAAAA-enc"),
        reasoningPart("rs_2"),
        answerText("Let me check.", "msg_1"),
        openAiCall("call_a", "fc_a"),
        openAiCall("call_b", "fc_b"),
      ],
    };
    expect(toResponsesInput([storedTurn])).toEqual([
      { role: "assistant", content: "Let me check." },
      wireCall("call_a"),
      wireCall("call_b"),
    ]);
  });

  it("a reasoning item goes only followed by its message, id and all: text kept without its message id (an older turn) leaves the turn's reasoning out", () => {
    const older: Turn = {
      role: "assistant",
      parts: [
        reasoningPart("rs_1", "gAAAA-enc"),
        Parts.text("Let me check."),
        openAiCall("call_a", "fc_a"),
      ],
    };
    expect(toResponsesInput([older])).toEqual([
      { role: "assistant", content: "Let me check." },
      wireCall("call_a"),
    ]);
  });

  it("a reasoning item with nothing after it (its answer's message was empty) is left out", () => {
    const turn: Turn = { role: "assistant", parts: [reasoningPart("rs_1", "gAAAA-enc")] };
    expect(toResponsesInput([turn])).toEqual([]);
  });

  it("sends a text part with its message id as that output message even without reasoning before it", () => {
    const turn: Turn = { role: "assistant", parts: [answerText("Four.", "msg_1")] };
    expect(toResponsesInput([turn])).toEqual([wireMessage("msg_1", "Four.")]);
  });

  it("keeps texts of different message items apart", () => {
    const turn: Turn = {
      role: "assistant",
      parts: [answerText("One.", "msg_1"), answerText("Two.", "msg_2")],
    };
    expect(toResponsesInput([turn])).toEqual([
      wireMessage("msg_1", "One."),
      wireMessage("msg_2", "Two."),
    ]);
  });

  it("keeps a turn's parts in their order: reasoning interleaved with calls goes interleaved, each call after its reasoning", () => {
    const turn: Turn = {
      role: "assistant",
      parts: [
        reasoningPart("rs_1", "enc-1"),
        openAiCall("call_a", "fc_a"),
        reasoningPart("rs_2", "enc-2"),
        openAiCall("call_b", "fc_b"),
      ],
    };
    expect(toResponsesInput([turn])).toEqual([
      wireReasoning("rs_1", "enc-1"),
      wireCall("call_a", "fc_a"),
      wireReasoning("rs_2", "enc-2"),
      wireCall("call_b", "fc_b"),
    ]);
  });
});
