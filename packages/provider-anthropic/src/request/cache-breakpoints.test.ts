import type { MessageParam } from "@anthropic-ai/sdk/resources/messages";
import { Parts, toolDefinition, type LlmRequest } from "@nucleo/conversation";
import { SystemError } from "@nucleo/core";
import { describe, expect, it } from "vitest";
import { anthropicEntry, bindingFor, textRequest, hourlyEntry } from "../test-support/bindings.js";
import { cacheControlFor, withCacheBreakpoints } from "./cache-breakpoints.js";
import { type MessageParams, toMessageParams } from "./to-message-params.js";

const FIVE_MINUTES = { type: "ephemeral" } as const;
const ONE_HOUR = { type: "ephemeral", ttl: "1h" } as const;
const lookup = toolDefinition("lookup", "Looks a word up.", { type: "object", properties: {} });
const define = toolDefinition("define", "Defines a word.", { type: "object", properties: {} });
const plain = anthropicEntry({ nativeThinking: false });

/** The body the client sends for `request` on `entry`, caching as the entry says. */
function body(request: LlmRequest, entry = plain, clientPromptCache = true): MessageParams {
  return withCacheBreakpoints(
    toMessageParams(request, bindingFor(entry, "STANDARD")),
    cacheControlFor(entry, clientPromptCache),
  );
}

/** Where `cache_control` appears in `value`, as sorted JSON paths (`(body)` for the top level). */
function breakpoints(value: unknown): string[] {
  return pathsOf(value, "").sort();
}

function pathsOf(value: unknown, path: string): string[] {
  if (typeof value !== "object" || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) =>
    key === "cache_control" ? [path || "(body)"] : pathsOf(child, path ? `${path}.${key}` : key),
  );
}

const loop: LlmRequest = textRequest("", {
  tools: [lookup, define],
  messages: [
    { role: "user", parts: [Parts.text("Define nucleo.")] },
    {
      role: "assistant",
      parts: [Parts.text("Looking."), Parts.toolCall("toolu_1", "lookup", { word: "nucleo" })],
    },
    {
      role: "user",
      parts: [Parts.toolResult("toolu_1", "lookup", "a kernel"), Parts.text("Be quick.")],
    },
  ],
});

describe("prompt-cache breakpoints", () => {
  it("mark the system text's last block and the newest message's last block, not the tools", () => {
    const params = body(loop);
    expect(params.system).toEqual([
      { type: "text", text: "Be brief.", cache_control: FIVE_MINUTES },
    ]);
    expect(params.messages.at(-1)!.content).toEqual([
      { type: "tool_result", tool_use_id: "toolu_1", content: "a kernel", is_error: false },
      { type: "text", text: "Be quick.", cache_control: FIVE_MINUTES },
    ]);
    expect(breakpoints(params)).toEqual([
      "messages.0.content.0",
      "messages.2.content.1",
      "system.0",
    ]);
  });

  it("mark the last tool when there is no system text: tools come first in the cached prefix", () => {
    const params = body({ ...loop, system: { text: "" } });
    expect(params.system).toBeUndefined();
    expect(params.tools!.map((tool) => "cache_control" in tool)).toEqual([false, true]);
    expect(breakpoints(params)).toEqual([
      "messages.0.content.0",
      "messages.2.content.1",
      "tools.1",
    ]);
  });

  it("mark only the conversation when there is neither system text nor tools", () => {
    expect(breakpoints(body(textRequest("Hi", { system: { text: "" } })))).toEqual([
      "messages.0.content.0",
    ]);
  });

  it("mark the last block of a system text sent as several blocks", () => {
    const params: MessageParams = {
      model: "m",
      max_tokens: 10,
      system: [
        { type: "text", text: "Rules." },
        { type: "text", text: "More rules." },
      ],
      messages: [{ role: "user", content: "Hi" }],
    };
    expect(breakpoints(withCacheBreakpoints(params, FIVE_MINUTES))).toEqual([
      "messages.0.content.0",
      "system.1",
    ]);
  });

  it("walk back past thinking, redacted thinking and empty text to the last block that may carry one", () => {
    const messages: MessageParam[] = [
      { role: "user", content: [{ type: "text", text: "Q" }] },
      {
        role: "assistant",
        content: [
          { type: "tool_use", id: "toolu_1", name: "lookup", input: {} },
          { type: "thinking", thinking: "Hm.", signature: "sig" },
          { type: "redacted_thinking", data: "Blob==" },
          { type: "text", text: " " },
        ],
      },
    ];
    const params = withCacheBreakpoints({ model: "m", max_tokens: 10, messages }, FIVE_MINUTES);
    expect(breakpoints(params)).toEqual(["messages.0.content.0", "messages.1.content.0"]);
  });

  it("fall back to an earlier message when the newest carries nothing that may hold one", () => {
    const messages: MessageParam[] = [
      { role: "user", content: [{ type: "text", text: "Q" }] },
      { role: "assistant", content: [{ type: "thinking", thinking: "Hm.", signature: "sig" }] },
    ];
    const params = withCacheBreakpoints({ model: "m", max_tokens: 10, messages }, FIVE_MINUTES);
    expect(breakpoints(params)).toEqual(["messages.0.content.0"]);
  });

  it("mark the previous call's breakpoint: the last cacheable block of the last user message before the final reply", () => {
    const messages: MessageParam[] = [
      { role: "user", content: "Q" },
      { role: "assistant", content: [{ type: "tool_use", id: "toolu_1", name: "f", input: {} }] },
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "toolu_1", content: "one" },
          { type: "text", text: "" },
        ],
      },
      {
        role: "assistant",
        content: [
          { type: "thinking", thinking: "Hm.", signature: "sig" },
          { type: "tool_use", id: "toolu_2", name: "f", input: {} },
        ],
      },
      {
        role: "user",
        content: [{ type: "tool_result", tool_use_id: "toolu_2", content: "two" }],
      },
    ];
    const params = withCacheBreakpoints({ model: "m", max_tokens: 10, messages }, FIVE_MINUTES);
    // messages[length - 3] in a tool loop, past its empty text to the tool result.
    expect(breakpoints(params)).toEqual(["messages.2.content.0", "messages.4.content.0"]);
    expect(params.messages[2]!.content).toEqual([
      { type: "tool_result", tool_use_id: "toolu_1", content: "one", cache_control: FIVE_MINUTES },
      { type: "text", text: "" },
    ]);
  });

  it("find the previous call's breakpoint by roles, not by position, when the conversation ends with the reply", () => {
    const messages: MessageParam[] = [
      { role: "user", content: "Q" },
      { role: "assistant", content: "A" },
      { role: "user", content: "Q2" },
      { role: "assistant", content: [{ type: "text", text: "Partial" }] },
    ];
    const params = withCacheBreakpoints({ model: "m", max_tokens: 10, messages }, FIVE_MINUTES);
    expect(breakpoints(params)).toEqual(["messages.2.content.0", "messages.3.content.0"]);
  });

  it("add no previous-call breakpoint before any reply, nor twice on the newest breakpoint's block", () => {
    const first = withCacheBreakpoints(
      { model: "m", max_tokens: 10, messages: [{ role: "user", content: "Q" }] },
      FIVE_MINUTES,
    );
    expect(breakpoints(first)).toEqual(["messages.0.content.0"]);
    const onlyThinking = withCacheBreakpoints(
      {
        model: "m",
        max_tokens: 10,
        messages: [
          { role: "user", content: "Q" },
          { role: "assistant", content: [{ type: "thinking", thinking: "Hm.", signature: "s" }] },
          { role: "user", content: " " },
        ],
      },
      FIVE_MINUTES,
    );
    expect(breakpoints(onlyThinking)).toEqual(["messages.0.content.0"]);
  });

  it("mark a message sent as a bare string by turning it into a text block", () => {
    const params = withCacheBreakpoints(
      { model: "m", max_tokens: 10, messages: [{ role: "user", content: "Hi" }] },
      FIVE_MINUTES,
    );
    expect(params.messages).toEqual([
      { role: "user", content: [{ type: "text", text: "Hi", cache_control: FIVE_MINUTES }] },
    ]);
  });

  it("never exceed the API's four breakpoints: a long tool loop with thinking carries three", () => {
    const turns: LlmRequest["messages"][number][] = [{ role: "user", parts: [Parts.text("Go.")] }];
    for (let step = 0; step < 12; step++) {
      turns.push({
        role: "assistant",
        parts: [
          Parts.thinking(`Step ${step}.`, `sig-${step}`),
          Parts.toolCall(`toolu_${step}`, "lookup", { step }),
        ],
      });
      turns.push({ role: "user", parts: [Parts.toolResult(`toolu_${step}`, "lookup", "ok")] });
    }
    const params = body({ ...loop, messages: turns }, anthropicEntry());
    expect(breakpoints(params)).toEqual([
      "messages.22.content.0",
      "messages.24.content.0",
      "system.0",
    ]);
    expect(breakpoints(params).length).toBeLessThanOrEqual(4);
  });

  it("ask for the one-hour lifetime with ttl 1h on every breakpoint", () => {
    const hourly = hourlyEntry();
    const params = body(loop, hourly);
    expect(params.system).toEqual([{ type: "text", text: "Be brief.", cache_control: ONE_HOUR }]);
    expect(params.messages.at(-1)!.content).toContainEqual({
      type: "text",
      text: "Be quick.",
      cache_control: ONE_HOUR,
    });
  });

  it("send none when the entry's promptCache is off", () => {
    const off = anthropicEntry({ nativeThinking: false, promptCache: "off" });
    expect(cacheControlFor(off, true)).toBeUndefined();
    const params = body(loop, off);
    expect(breakpoints(params)).toEqual([]);
    expect(params).toEqual(toMessageParams(loop, bindingFor(off, "STANDARD")));
  });

  it("send none when the client's promptCache option is false, whatever the entry says", () => {
    expect(cacheControlFor(plain, false)).toBeUndefined();
    const params = body(loop, plain, false);
    expect(breakpoints(params)).toEqual([]);
    expect(params.system).toBe("Be brief.");
  });

  it("leave the mapped body as it was (the breakpoints go on copies)", () => {
    const mapped = toMessageParams(loop, bindingFor(plain, "STANDARD"));
    const before = structuredClone(mapped);
    withCacheBreakpoints(mapped, FIVE_MINUTES);
    expect(mapped).toEqual(before);
  });

  it("refuse a hand-built entry with a lifetime Anthropic does not offer", () => {
    const daily = { ...plain, promptCache: { lifetime: "24h" as const } };
    expect(() => cacheControlFor(daily, true)).toThrow(SystemError);
    expect(() => cacheControlFor(daily, true)).toThrow(/5m or 1h/);
  });
});
