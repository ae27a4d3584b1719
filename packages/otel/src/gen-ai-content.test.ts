import type { ContentField, ModelCallContent } from "@nucleo/core";
import { describe, expect, it } from "vitest";
import { GenAiContent } from "./gen-ai-content.js";

describe("GenAiContent", () => {
  it("a model's answer re-sent in a later request is told to the hook as a response, as the recorder tells it", () => {
    const seen: { text: string; field: ContentField }[] = [];
    const content = new GenAiContent({
      mode: "full",
      redact: (text, field) => {
        seen.push({ text, field });
        return text;
      },
    });
    const answer = "The claim is novel.";
    const first: ModelCallContent = {
      system: "",
      messages: [{ role: "user", parts: [{ type: "text", text: "Is it novel?" }] }],
      tools: [],
      response: { text: answer, toolCalls: [], thinking: [] },
    };
    const second: ModelCallContent = {
      ...first,
      messages: [
        ...first.messages,
        { role: "assistant", parts: [{ type: "text", text: answer }] },
        { role: "user", parts: [{ type: "text", text: "Why?" }] },
      ],
    };
    content.outputMessages(first, "end");
    content.inputMessages(second);
    expect(seen.filter((piece) => piece.text === answer).map((piece) => piece.field)).toEqual([
      "response",
      "response",
    ]);
  });
});
