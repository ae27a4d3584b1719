import { TRUNCATION_MARKER, WITHHELD_TEXT, type ContentField } from "@nucleo/core";
import type { ReadableSpan } from "@opentelemetry/sdk-trace";
import { describe, expect, it } from "vitest";
import { GenAiTraceObserver } from "./gen-ai-trace-observer.js";
import { PROMPT, tracedRun } from "./test-support/traced-run.js";

const CONTENT_ATTRIBUTES = [
  "gen_ai.system_instructions",
  "gen_ai.input.messages",
  "gen_ai.output.messages",
  "gen_ai.tool.definitions",
  "gen_ai.tool.call.arguments",
  "gen_ai.tool.call.result",
];

function contentKeys(spans: readonly ReadableSpan[]): string[] {
  return spans.flatMap((span) =>
    Object.keys(span.attributes).filter((key) => CONTENT_ATTRIBUTES.includes(key)),
  );
}

/** A content attribute of the `index`-th span named `name`, parsed from its JSON text. */
function said(spans: readonly ReadableSpan[], name: string, key: string, index = 0): unknown {
  const span = spans.filter((candidate) => candidate.name === name)[index];
  const value = span?.attributes[key];
  return typeof value === "string" ? JSON.parse(value) : value;
}

describe("GenAiTraceObserver: what was said, only as the content policy allows", () => {
  it("by default (metadata) no span carries what was said, and the observer asks events for none", async () => {
    const { spans, events, observer } = await tracedRun();
    expect(observer.wantsContent).toBe(false);
    expect(contentKeys(spans)).toEqual([]);
    expect(events.some((event) => event.type === "llm.call" && event.content !== undefined)).toBe(
      false,
    );
  });

  it("content another observer asked events for never reaches a span under the metadata policy", async () => {
    const { spans, events } = await tracedRun({ content: "metadata" }, [
      { onEvent: () => {}, wantsContent: true },
    ]);
    expect(events.some((event) => event.type === "llm.call" && event.content !== undefined)).toBe(
      true,
    );
    expect(contentKeys(spans)).toEqual([]);
  });

  it("under full, spans carry the conventions' opt-in attributes in their JSON forms (role + parts)", async () => {
    const { spans, observer } = await tracedRun({ content: "full" });
    expect(observer.wantsContent).toBe(true);
    const system = said(spans, "chat medium", "gen_ai.system_instructions") as unknown[];
    expect(system).toEqual([{ type: "text", content: expect.stringMatching(/^Answer the user/) }]);
    expect(said(spans, "chat medium", "gen_ai.tool.definitions")).toEqual([
      { type: "function", name: "sub_thinker" },
      { type: "function", name: "shout" },
      { type: "function", name: "quick_llm_question" },
    ]);
    // The planner's second turn: its request as sent (tool results in the `tool` role) and answer.
    expect(said(spans, "chat medium", "gen_ai.input.messages", 1)).toEqual([
      { role: "user", parts: [{ type: "text", content: PROMPT }] },
      {
        role: "assistant",
        parts: [
          { type: "tool_call", id: "call_shout", name: "shout", arguments: { message: "hello" } },
        ],
      },
      {
        role: "tool",
        parts: [{ type: "tool_call_response", id: "call_shout", response: { message: "HELLO" } }],
      },
    ]);
    expect(said(spans, "chat medium", "gen_ai.output.messages", 1)).toEqual([
      {
        role: "assistant",
        parts: [
          {
            type: "tool_call",
            id: "call_quick",
            name: "quick_llm_question",
            arguments: { question: "What is 2 + 2?", grade: "SMALL" },
          },
        ],
        finish_reason: "tool_call",
      },
    ]);
    // The delegate's retried turn: native thinking first, as a reasoning part.
    expect(said(spans, "chat medium", "gen_ai.output.messages", 4)).toEqual([
      {
        role: "assistant",
        parts: [
          { type: "reasoning", content: "Shouting as asked." },
          { type: "tool_call", id: "call_fail", name: "shout", arguments: { message: "fail" } },
        ],
        finish_reason: "tool_call",
      },
    ]);
    // A failed tool's result, as the model read it.
    expect((said(spans, "chat medium", "gen_ai.input.messages", 5) as unknown[]).at(-1)).toEqual({
      role: "tool",
      parts: [
        {
          type: "tool_call_response",
          id: "call_fail",
          response: 'The megaphone service failed during "shout": HTTP 503.',
          is_error: true,
        },
      ],
    });
    // Tools: arguments and, when they succeeded, their result.
    const shouts = spans.filter((span) => span.name === "execute_tool shout");
    expect(shouts.map((span) => span.attributes["gen_ai.tool.call.arguments"])).toEqual([
      '{"message":"hello"}',
      '{"message":"fail"}',
    ]);
    expect(shouts.map((span) => span.attributes["gen_ai.tool.call.result"])).toEqual([
      '{"message":"HELLO"}',
      undefined,
    ]);
    // Agents: what they were given and what they answered, as one message each.
    expect(said(spans, "invoke_agent planner", "gen_ai.input.messages")).toEqual([
      { role: "user", parts: [{ type: "text", content: JSON.stringify({ message: PROMPT }) }] },
    ]);
    expect(said(spans, "invoke_agent planner", "gen_ai.output.messages")).toEqual([
      {
        role: "assistant",
        parts: [{ type: "text", content: "HELLO, 4, and the helper could not shout." }],
        finish_reason: "stop",
      },
    ]);
  });

  it("redaction and the size cap apply before anything becomes an attribute", async () => {
    const { spans } = await tracedRun({
      content: {
        mode: "full",
        redact: (text) => text.replaceAll(/hello/gi, "[masked]"),
        maxFieldChars: 200,
      },
    });
    const exported = spans.flatMap((span) =>
      CONTENT_ATTRIBUTES.map((key) => span.attributes[key]).filter((value) => value !== undefined),
    );
    expect(exported.length).toBeGreaterThan(0);
    expect(exported.filter((value) => /hello/i.test(String(value)))).toEqual([]);
    const system = said(spans, "chat medium", "gen_ai.system_instructions") as [
      { content: string },
    ];
    expect(system[0].content).toContain(TRUNCATION_MARKER);
    expect(system[0].content.length).toBeLessThan(260);
    expect(spans.find((span) => span.name === "execute_tool shout")!.attributes).toMatchObject({
      "gen_ai.tool.call.arguments": '{"message":"[masked]"}',
      "gen_ai.tool.call.result": '{"message":"[masked]"}',
    });
  });

  it("a redaction hook that throws gets the text withheld, never exported as it was", async () => {
    const { spans } = await tracedRun({
      content: {
        mode: "full",
        redact: () => {
          throw new Error("hook broke");
        },
      },
    });
    expect(said(spans, "chat medium", "gen_ai.input.messages")).toEqual([
      { role: "user", parts: [{ type: "text", content: WITHHELD_TEXT }] },
    ]);
    expect(JSON.stringify(spans.map((span) => span.attributes))).not.toContain(PROMPT);
  });

  it("a message a loop re-sends every turn is redacted once, not once per turn", async () => {
    const seen: { text: string; field: ContentField }[] = [];
    await tracedRun({
      content: {
        mode: "full",
        redact: (text, field) => {
          seen.push({ text, field });
          return text;
        },
      },
    });
    // The prompt is in all four of the planner's requests; it is redacted once as a message
    // (and once more as the agent's input, a different field).
    expect(seen.filter((piece) => piece.text === PROMPT).map((piece) => piece.field)).toEqual([
      "input",
      "message",
    ]);
  });

  it("the content option is checked at construction, naming it", () => {
    expect(() => new GenAiTraceObserver({ content: "fulll" as "full" })).toThrow(
      "GenAiTraceObserver options.content",
    );
    expect(() => new GenAiTraceObserver({ content: { mode: "full", maxFieldChars: 3 } })).toThrow(
      "GenAiTraceObserver options.content.maxFieldChars",
    );
  });
});
