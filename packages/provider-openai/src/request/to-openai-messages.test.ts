import { Parts } from "@nucleo/conversation";
import { describe, expect, it } from "vitest";
import { toOpenAiMessages } from "./to-openai-messages.js";

describe("toOpenAiMessages", () => {
  it("puts the system content first as a system message and sends one text part as a plain string", () => {
    const messages = toOpenAiMessages({
      system: { text: "Be brief." },
      messages: [{ role: "user", parts: [Parts.text("hi")] }],
    });
    expect(messages).toEqual([
      { role: "system", content: "Be brief." },
      { role: "user", content: "hi" },
    ]);
  });

  it("leaves out an empty system content", () => {
    expect(
      toOpenAiMessages({
        system: { text: "" },
        messages: [{ role: "user", parts: [Parts.text("hi")] }],
      }),
    ).toEqual([{ role: "user", content: "hi" }]);
  });

  it("sends base64 images as data URLs, URL images as given, and files as file_data", () => {
    const turn = {
      role: "user" as const,
      parts: [
        Parts.text("compare"),
        Parts.image("image/png", { kind: "base64", data: "iVBORw0KGgo=" }),
        Parts.image("image/jpeg", { kind: "url", url: "https://example.com/a.jpg" }),
        Parts.file("application/pdf", "claims.pdf", "JVBERi0x"),
      ],
    };
    expect(toOpenAiMessages({ system: { text: "" }, messages: [turn] })).toEqual([
      {
        role: "user",
        content: [
          { type: "text", text: "compare" },
          { type: "image_url", image_url: { url: "data:image/png;base64,iVBORw0KGgo=" } },
          { type: "image_url", image_url: { url: "https://example.com/a.jpg" } },
          {
            type: "file",
            file: { filename: "claims.pdf", file_data: "data:application/pdf;base64,JVBERi0x" },
          },
        ],
      },
    ]);
  });

  it("sends an assistant's tool calls with their arguments as JSON text, content null when it said nothing", () => {
    const turn = {
      role: "assistant" as const,
      parts: [Parts.toolCall("call_1", "lookup", { id: 7 })],
    };
    expect(toOpenAiMessages({ system: { text: "" }, messages: [turn] })).toEqual([
      {
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "call_1", type: "function", function: { name: "lookup", arguments: '{"id":7}' } },
        ],
      },
    ]);
  });

  it("sends back unreadable tool-call arguments as {} so the conversation stays valid", () => {
    const unreadable = {
      type: "tool_call" as const,
      id: "call_1",
      name: "lookup",
      arguments: {},
      text: '{"id": 7',
    };
    const [message] = toOpenAiMessages({
      system: { text: "" },
      messages: [{ role: "assistant", parts: [unreadable] }],
    });
    expect(message).toMatchObject({ tool_calls: [{ function: { arguments: "{}" } }] });
  });

  it("splits a turn of tool results into one tool message per result, before the turn's other parts; a failed call says so", () => {
    const turn = {
      role: "user" as const,
      parts: [
        Parts.toolResult("call_1", "lookup", "found"),
        Parts.toolResult("call_2", "fetch", "404", true),
        Parts.text("go on"),
      ],
    };
    expect(toOpenAiMessages({ system: { text: "" }, messages: [turn] })).toEqual([
      { role: "tool", tool_call_id: "call_1", content: "found" },
      { role: "tool", tool_call_id: "call_2", content: "Error: 404" },
      { role: "user", content: "go on" },
    ]);
  });

  it("drops thinking parts: OpenAI takes no reasoning back", () => {
    const turn = {
      role: "assistant" as const,
      parts: [Parts.thinking("hmm", "sig"), Parts.text("4")],
    };
    expect(toOpenAiMessages({ system: { text: "" }, messages: [turn] })).toEqual([
      { role: "assistant", content: "4" },
    ]);
  });

  it("gives an assistant turn with neither text nor tool calls an empty content, which the API requires", () => {
    const turn = { role: "assistant" as const, parts: [Parts.thinking("hmm")] };
    expect(toOpenAiMessages({ system: { text: "" }, messages: [turn] })).toEqual([
      { role: "assistant", content: "" },
    ]);
  });
});
