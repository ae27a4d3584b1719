import { Parts, type Turn } from "@nucleo/conversation";
import { describe, expect, it } from "vitest";
import { toResponsesInput } from "./to-responses-input.js";

const reasoned: Turn = {
  role: "assistant",
  parts: [
    { type: "thinking", text: "Look it up first.", signature: "gAAAA-enc", itemId: "rs_1" },
    { type: "thinking", text: "", itemId: "rs_2" },
    Parts.thinking("An Anthropic block.", "anthropic-signature"),
    Parts.text("Let me check."),
    Parts.toolCall("call_a", "lookup", { id: 7 }),
  ],
};

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
const wireCall = (callId: string, itemId?: string) => ({
  type: "function_call",
  ...(itemId === undefined ? {} : { id: itemId }),
  call_id: callId,
  name: "lookup",
  arguments: '{"id":7}',
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
    expect(toResponsesInput([{ role: "user", parts: [Parts.text("hi")] }], "stored")).toEqual([
      { role: "user", content: "hi" },
    ]);
    expect(toResponsesInput([turn], "stored")).toEqual([
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
    expect(toResponsesInput([turn], "stored")).toEqual([
      { type: "function_call_output", call_id: "call_a", output: "Ada" },
      { type: "function_call_output", call_id: "call_b", output: "Error: no such id" },
      { role: "user", content: "and then?" },
    ]);
  });

  it("stored: sends reasoning items back by id with their summary (and encrypted content when known), drops Anthropic thinking", () => {
    expect(toResponsesInput([reasoned], "stored")).toEqual([
      {
        type: "reasoning",
        id: "rs_1",
        summary: [{ type: "summary_text", text: "Look it up first." }],
        encrypted_content: "gAAAA-enc",
      },
      { type: "reasoning", id: "rs_2", summary: [] },
      { role: "assistant", content: "Let me check." },
      { type: "function_call", call_id: "call_a", name: "lookup", arguments: '{"id":7}' },
    ]);
  });

  it("encrypted (zero retention): sends only reasoning items that carry their encrypted content, never by id alone", () => {
    const items = toResponsesInput([reasoned], "encrypted");
    expect(items.filter((item) => "type" in item && item.type === "reasoning")).toEqual([
      {
        type: "reasoning",
        id: "rs_1",
        summary: [{ type: "summary_text", text: "Look it up first." }],
        encrypted_content: "gAAAA-enc",
      },
    ]);
  });

  it("sends a call whose arguments were unreadable as {} so the conversation stays valid", () => {
    const broken: Turn = {
      role: "assistant",
      parts: [{ type: "tool_call", id: "call_x", name: "lookup", arguments: {}, text: '{"id":' }],
    };
    expect(toResponsesInput([broken], "stored")).toEqual([
      { type: "function_call", call_id: "call_x", name: "lookup", arguments: "{}" },
    ]);
  });

  it("joins an assistant turn's consecutive text parts into one message", () => {
    const turn: Turn = { role: "assistant", parts: [Parts.text("Hello, "), Parts.text("world.")] };
    expect(toResponsesInput([turn], "stored")).toEqual([
      { role: "assistant", content: "Hello, world." },
    ]);
  });

  it("stored: sends a call with its item id (fc_…) right after the reasoning item that preceded it", () => {
    const turn: Turn = {
      role: "assistant",
      parts: [reasoningPart("rs_1"), openAiCall("call_a", "fc_a")],
    };
    expect(toResponsesInput([turn], "stored")).toEqual([
      { type: "reasoning", id: "rs_1", summary: [] },
      wireCall("call_a", "fc_a"),
    ]);
  });

  it("encrypted (zero retention): sends a call with its item id too, right after its reasoning item carried whole", () => {
    const turn: Turn = {
      role: "assistant",
      parts: [reasoningPart("rs_1", "gAAAA-enc"), openAiCall("call_a", "fc_a")],
    };
    expect(toResponsesInput([turn], "encrypted")).toEqual([
      { type: "reasoning", id: "rs_1", summary: [], encrypted_content: "gAAAA-enc" },
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
    for (const carry of ["stored", "encrypted"] as const)
      expect(toResponsesInput([anthropic], carry)).toEqual([wireCall("toolu_1")]);
  });

  it("encrypted: sends a turn's calls without their item ids when its reasoning item is left out, since a call's id demands its reasoning item", () => {
    const storedTurn: Turn = {
      role: "assistant",
      parts: [reasoningPart("rs_1"), openAiCall("call_a", "fc_a"), openAiCall("call_b", "fc_b")],
    };
    expect(toResponsesInput([storedTurn], "encrypted")).toEqual([
      wireCall("call_a"),
      wireCall("call_b"),
    ]);
  });

  it("keeps an answer's order: its reasoning, then its text, then its calls", () => {
    const turn: Turn = {
      role: "assistant",
      parts: [reasoningPart("rs_1"), Parts.text("Let me check."), openAiCall("call_a", "fc_a")],
    };
    expect(toResponsesInput([turn], "stored")).toEqual([
      { type: "reasoning", id: "rs_1", summary: [] },
      { role: "assistant", content: "Let me check." },
      wireCall("call_a", "fc_a"),
    ]);
  });

  it("keeps a turn's parts in their order: reasoning interleaved with calls goes interleaved, each call after its reasoning", () => {
    const turn: Turn = {
      role: "assistant",
      parts: [
        reasoningPart("rs_1"),
        openAiCall("call_a", "fc_a"),
        reasoningPart("rs_2"),
        openAiCall("call_b", "fc_b"),
      ],
    };
    expect(toResponsesInput([turn], "stored")).toEqual([
      { type: "reasoning", id: "rs_1", summary: [] },
      wireCall("call_a", "fc_a"),
      { type: "reasoning", id: "rs_2", summary: [] },
      wireCall("call_b", "fc_b"),
    ]);
  });
});
