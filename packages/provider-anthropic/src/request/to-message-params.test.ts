import { Parts, toolDefinition, type LlmRequest } from "@nucleo/conversation";
import { type InvalidInputError, SystemError } from "@nucleo/core";
import { describe, expect, it } from "vitest";
import { anthropicEntry, bindingFor, textRequest } from "../test-support/bindings.js";
import { toMessageParams } from "./to-message-params.js";

const lookup = toolDefinition("lookup", "Looks a word up.", {
  type: "object",
  properties: { word: { type: "string" } },
  required: ["word"],
});

describe("toMessageParams", () => {
  it("carries the system text, the entry's model and the seat's max_tokens", () => {
    const params = toMessageParams(
      textRequest("Hi"),
      bindingFor(anthropicEntry({ nativeThinking: false }), "STANDARD", 1_000),
    );
    expect(params).toEqual({
      model: "claude-test-sonnet",
      max_tokens: 5_096,
      system: "Be brief.",
      messages: [{ role: "user", content: [{ type: "text", text: "Hi" }] }],
    });
  });

  it("leaves out an empty system text, empty text parts and turns that map to nothing", () => {
    const request: LlmRequest = {
      system: { text: "" },
      messages: [
        { role: "user", parts: [Parts.text("")] },
        { role: "user", parts: [Parts.text("Hi"), Parts.text("")] },
      ],
      tools: [],
    };
    const params = toMessageParams(request, bindingFor(anthropicEntry(), "IMMEDIATE"));
    expect(params.system).toBeUndefined();
    expect(params.messages).toEqual([{ role: "user", content: [{ type: "text", text: "Hi" }] }]);
  });

  it("leaves out whitespace-only text parts, as before a tool call", () => {
    const request = textRequest("", {
      messages: [
        { role: "user", parts: [Parts.text("Q"), Parts.text(" \t")] },
        {
          role: "assistant",
          parts: [Parts.text("\n\n"), Parts.toolCall("toolu_1", "lookup", { word: "a" })],
        },
        { role: "user", parts: [Parts.toolResult("toolu_1", "lookup", "found")] },
      ],
      tools: [lookup],
    });
    const params = toMessageParams(
      request,
      bindingFor(anthropicEntry({ nativeThinking: false }), "STANDARD"),
    );
    expect(params.messages.slice(0, 2)).toEqual([
      { role: "user", content: [{ type: "text", text: "Q" }] },
      {
        role: "assistant",
        content: [{ type: "tool_use", id: "toolu_1", name: "lookup", input: { word: "a" } }],
      },
    ]);
  });

  it("sends images inline or by URL, and PDFs and plain text as documents", () => {
    const request = textRequest("", {
      messages: [
        {
          role: "user",
          parts: [
            Parts.image("image/png", { kind: "base64", data: "iVBORw0KGgo=" }),
            Parts.image("image/jpeg", { kind: "url", url: "https://example.com/cat.jpg" }),
            Parts.file("application/pdf", "claims.pdf", "JVBERi0x"),
            Parts.file("text/plain", "notes.txt", Buffer.from("plain words").toString("base64")),
          ],
        },
      ],
    });
    expect(
      toMessageParams(request, bindingFor(anthropicEntry(), "IMMEDIATE")).messages[0]!.content,
    ).toEqual([
      { type: "image", source: { type: "base64", media_type: "image/png", data: "iVBORw0KGgo=" } },
      { type: "image", source: { type: "url", url: "https://example.com/cat.jpg" } },
      {
        type: "document",
        title: "claims.pdf",
        source: { type: "base64", media_type: "application/pdf", data: "JVBERi0x" },
      },
      {
        type: "document",
        title: "notes.txt",
        source: { type: "text", media_type: "text/plain", data: "plain words" },
      },
    ]);
  });

  it("refuses media the API cannot read, naming the part", () => {
    const image = textRequest("", {
      messages: [
        { role: "user", parts: [Parts.image("image/tiff", { kind: "base64", data: "AA==" })] },
      ],
    });
    const file = textRequest("", {
      messages: [{ role: "user", parts: [Parts.file("application/zip", "a.zip", "AA==")] }],
    });
    expect(() => toMessageParams(image, bindingFor(anthropicEntry(), "IMMEDIATE"))).toThrow(
      expect.objectContaining({ parameter: "image" }) as InvalidInputError,
    );
    expect(() => toMessageParams(file, bindingFor(anthropicEntry(), "IMMEDIATE"))).toThrow(
      expect.objectContaining({ parameter: "file" }) as InvalidInputError,
    );
  });

  it("sends tools, tool_use and tool_result blocks, with tool results first in their user message", () => {
    const request: LlmRequest = {
      system: { text: "Use tools." },
      messages: [
        { role: "user", parts: [Parts.text("Define 'nucleo'.")] },
        {
          role: "assistant",
          parts: [
            Parts.text("Looking it up."),
            Parts.toolCall("toolu_1", "lookup", { word: "nucleo" }),
          ],
        },
        {
          role: "user",
          parts: [
            Parts.text("Also be brief."),
            Parts.toolResult("toolu_1", "lookup", "not found", true),
          ],
        },
      ],
      tools: [lookup],
      toolChoice: "required",
    };
    const params = toMessageParams(
      request,
      bindingFor(anthropicEntry({ nativeThinking: false }), "STANDARD"),
    );
    expect(params.tools).toEqual([
      { name: "lookup", description: "Looks a word up.", input_schema: lookup.inputSchema },
    ]);
    expect(params.tool_choice).toEqual({ type: "any" });
    expect(params.messages.slice(1)).toEqual([
      {
        role: "assistant",
        content: [
          { type: "text", text: "Looking it up." },
          { type: "tool_use", id: "toolu_1", name: "lookup", input: { word: "nucleo" } },
        ],
      },
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "toolu_1", content: "not found", is_error: true },
          { type: "text", text: "Also be brief." },
        ],
      },
    ]);
  });

  it("maps tool choice auto and none, and sends no tools or tool choice when there are none", () => {
    const binding = bindingFor(anthropicEntry({ nativeThinking: false }), "STANDARD");
    expect(toMessageParams(textRequest("x", { tools: [lookup] }), binding).tool_choice).toEqual({
      type: "auto",
    });
    expect(
      toMessageParams(textRequest("x", { tools: [lookup], toolChoice: "none" }), binding)
        .tool_choice,
    ).toEqual({ type: "none" });
    const bare = toMessageParams(textRequest("x", { toolChoice: "required" }), binding);
    expect(bare.tools).toBeUndefined();
    expect(bare.tool_choice).toBeUndefined();
  });

  it("passes thinking blocks back unchanged, in place, and drops unsigned ones", () => {
    const redacted = { type: "thinking" as const, text: "", redacted: "EncryptedBlob==" };
    const request = textRequest("", {
      messages: [
        { role: "user", parts: [Parts.text("Q")] },
        {
          role: "assistant",
          parts: [
            Parts.thinking("Let me think.", "sig-1"),
            redacted,
            Parts.thinking("From elsewhere."),
            Parts.toolCall("toolu_2", "lookup", { word: "a" }),
          ],
        },
        { role: "user", parts: [Parts.toolResult("toolu_2", "lookup", "found")] },
      ],
      tools: [lookup],
    });
    expect(toMessageParams(request, bindingFor(anthropicEntry(), "STANDARD")).messages[1]).toEqual({
      role: "assistant",
      content: [
        { type: "thinking", thinking: "Let me think.", signature: "sig-1" },
        { type: "redacted_thinking", data: "EncryptedBlob==" },
        { type: "tool_use", id: "toolu_2", name: "lookup", input: { word: "a" } },
      ],
    });
  });

  it("leaves thinking off to continue a tool loop whose assistant turn has no signed thinking", () => {
    const loop = (assistant: LlmRequest["messages"][number]["parts"]): LlmRequest =>
      textRequest("", {
        messages: [
          { role: "user", parts: [Parts.text("Q")] },
          { role: "assistant", parts: assistant },
          { role: "user", parts: [Parts.toolResult("toolu_2", "lookup", "found")] },
        ],
        tools: [lookup],
      });
    const binding = bindingFor(anthropicEntry(), "STANDARD");
    const call = Parts.toolCall("toolu_2", "lookup", { word: "a" });
    // Another provider's turn: its thinking is unsigned, so it is left out.
    expect(
      toMessageParams(loop([Parts.thinking("From elsewhere."), call]), binding).thinking,
    ).toBeUndefined();
    expect(toMessageParams(loop([Parts.text("Looking."), call]), binding).thinking).toBeUndefined();
    // A signed turn, or a request outside a tool loop, keeps it.
    expect(toMessageParams(loop([Parts.thinking("Hm.", "sig-1"), call]), binding).thinking).toEqual(
      { type: "enabled", budget_tokens: 4_096 },
    );
    expect(
      toMessageParams(loop([{ type: "thinking", text: "", redacted: "Blob==" }, call]), binding)
        .thinking,
    ).toBeDefined();
    const closed = textRequest("", {
      messages: [
        ...loop([Parts.text("Looking."), call]).messages,
        { role: "assistant", parts: [Parts.text("Found.")] },
        { role: "user", parts: [Parts.text("Thanks")] },
      ],
    });
    expect(toMessageParams(closed, binding).thinking).toBeDefined();
  });

  it("enables thinking with the seat's reasoning tokens when thinkingActive holds", () => {
    const params = toMessageParams(textRequest("x"), bindingFor(anthropicEntry(), "STANDARD"));
    expect(params.thinking).toEqual({ type: "enabled", budget_tokens: 4_096 });
    expect(params.max_tokens).toBe(8_192);
  });

  it("sends no thinking below the minimum budget or for an entry without native thinking", () => {
    expect(
      toMessageParams(textRequest("x"), bindingFor(anthropicEntry(), "QUICK")).thinking,
    ).toBeUndefined();
    expect(
      toMessageParams(
        textRequest("x"),
        bindingFor(anthropicEntry({ nativeThinking: false }), "THOROUGH"),
      ).thinking,
    ).toBeUndefined();
  });

  it("keeps the promised thinking over forced tool use, which Anthropic refuses while thinking", () => {
    const params = toMessageParams(
      textRequest("x", { tools: [lookup], toolChoice: "required" }),
      bindingFor(anthropicEntry(), "STANDARD"),
    );
    expect(params.thinking).toEqual({ type: "enabled", budget_tokens: 4_096 });
    expect(params.tool_choice).toEqual({ type: "auto" });
  });

  it("refuses a hand-built binding that cannot carry the thinking its entry promises", () => {
    const entry = anthropicEntry();
    const binding = {
      entry,
      depth: "STANDARD" as const,
      reasoningTokens: 4_096,
      maxOutputTokens: 4_096,
    };
    expect(() => toMessageParams(textRequest("x"), binding)).toThrow(SystemError);
  });

  it("does not send responseFormat: the rendered contract carries the answer's shape", () => {
    const params = toMessageParams(
      textRequest("x", { responseFormat: { name: "answer", schema: { type: "object" } } }),
      bindingFor(anthropicEntry(), "IMMEDIATE"),
    );
    expect(Object.keys(params).sort()).toEqual(["max_tokens", "messages", "model", "system"]);
  });
});
