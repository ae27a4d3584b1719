import { countTokens as countGpt4oChat } from "gpt-tokenizer/model/gpt-4o";
import { describe, expect, it } from "vitest";
import { CalibratedEstimate } from "./calibrated-estimate.js";
import { CHAT_FRAMING } from "./chat-framing.js";
import { EncodingCounter } from "./encoding-counter.js";
import type { RenderedMessage } from "./rendered-request.js";
import { RequestCountMemo } from "./request-count-memo.js";
import { RequestTokenCounter } from "./request-token-counter.js";
import type { TokenCounter } from "./token-counter.js";

/** Counts one token per word and records every text it was asked to count. */
class SpyCounter implements TokenCounter {
  readonly kind = "exact" as const;
  readonly name = "spy";
  readonly counted: string[] = [];

  count(text: string): number {
    this.counted.push(text);
    return text.split(" ").filter(Boolean).length;
  }
}

const turn = (role: string, text: string): RenderedMessage => ({ role, text });

describe("RequestTokenCounter", () => {
  it("re-pricing a conversation after one more turn counts only the new turn", () => {
    const spy = new SpyCounter();
    const requests = new RequestTokenCounter(spy);
    const turns = Array.from({ length: 50 }, (_, index) =>
      turn(index % 2 === 0 ? "user" : "assistant", `turn number ${index}`),
    );
    requests.count({ messages: turns });
    const countedBefore = spy.counted.length;

    const next = turn("user", "one more turn");
    const total = requests.count({ messages: [...turns, next] });

    expect(spy.counted.slice(countedBefore)).toEqual(["one more turn"]); // its text; the role was counted before
    expect(total).toBe(CHAT_FRAMING.replyPriming + 51 * (CHAT_FRAMING.perMessage + 1 + 3));
  });

  it("with a conversation's count memo, a grown request counts only its new messages, and totals what a fresh count would", () => {
    const spy = new SpyCounter();
    const requests = new RequestTokenCounter(spy);
    const memo = new RequestCountMemo();
    const turns = Array.from({ length: 20 }, (_, index) =>
      turn(index % 2 === 0 ? "user" : "assistant", `long turn text ${index}`),
    );
    requests.count({ messages: turns, countMemo: memo });
    const countedBefore = spy.counted.length;

    const grown = turns.concat([turn("user", "a new question")]);
    const total = requests.count({ messages: grown, countMemo: memo });

    expect(spy.counted.slice(countedBefore)).toEqual(["a new question"]);
    expect(total).toBe(new RequestTokenCounter(new SpyCounter()).count({ messages: grown }));
  });

  it("with the memo, a request with the very same system text and tools totals as before, and a changed tool list is counted afresh", () => {
    const spy = new SpyCounter();
    const requests = new RequestTokenCounter(spy);
    const memo = new RequestCountMemo();
    const system = { text: "You are a careful reviewer of long patent claims" };
    const tools = [{ text: "a tool definition with several words in it" }];
    const first = requests.count({
      system,
      tools,
      messages: [turn("user", "hi")],
      countMemo: memo,
    });
    const again = requests.count({
      system,
      tools,
      messages: [turn("user", "hi")],
      countMemo: memo,
    });
    expect(again).toBe(first);
    const otherTools = [{ text: "another definition" }];
    expect(requests.count({ system, tools: otherTools, messages: [], countMemo: memo })).toBe(
      new RequestTokenCounter(new SpyCounter()).count({ system, tools: otherTools, messages: [] }),
    );
  });

  it("a memo whose messages no longer begin the request (a compacted conversation, another counter's) is not trusted", () => {
    const memo = new RequestCountMemo();
    const requests = new RequestTokenCounter(new SpyCounter());
    const turns = [turn("user", "one two three four"), turn("assistant", "five six")];
    requests.count({ messages: turns, countMemo: memo });
    const compacted = [turn("user", "summary"), turns[1]!];
    expect(requests.count({ messages: compacted, countMemo: memo })).toBe(
      new RequestTokenCounter(new SpyCounter()).count({ messages: compacted }),
    );
    const other = new RequestTokenCounter(new CalibratedEstimate({ charsPerToken: 1 }));
    expect(other.count({ messages: compacted, countMemo: memo })).toBe(
      new RequestTokenCounter(new CalibratedEstimate({ charsPerToken: 1 })).count({
        messages: compacted,
      }),
    );
  });

  it("counts system text and tool definitions once each, by identity", () => {
    const spy = new SpyCounter();
    const requests = new RequestTokenCounter(spy);
    const system = { text: "be brief" };
    const tools = [{ text: "get weather for a city" }];
    const first = requests.count({ system, tools, messages: [turn("user", "hi")] });
    const countedBefore = spy.counted.length;
    const second = requests.count({ system, tools, messages: [turn("user", "hi")] });

    expect(spy.counted.slice(countedBefore)).toEqual([]); // a new message object, but its short texts are known
    expect(second).toBe(first);
    // priming + system message (framing, "system", 2 words) + tools (wrapper, 5 words) + user message (framing, "user", "hi")
    expect(first).toBe(3 + (3 + 1 + 2) + (9 + 5) + (3 + 1 + 1));
  });

  it("counts a system text once by its content, whichever object carries it", () => {
    const spy = new SpyCounter();
    const requests = new RequestTokenCounter(spy);
    const text = `${"long objective ".repeat(40)}end`;
    const first = requests.count({ system: { text }, messages: [] });
    const countedBefore = spy.counted.length;
    expect(
      requests.count({ system: { text: `${"long objective ".repeat(40)}end` }, messages: [] }),
    ).toBe(first);
    expect(spy.counted.length).toBe(countedBefore);
  });

  it("counts a short text once by its content, a long one once per object", () => {
    const spy = new SpyCounter();
    const requests = new RequestTokenCounter(spy);
    const long = "word ".repeat(100);
    requests.count({ messages: [turn("user", "same short text"), turn("user", long)] });
    const countedBefore = spy.counted.length;
    requests.count({
      messages: [turn("user", "same short text"), turn("user", "word ".repeat(100))],
    });
    expect(spy.counted.slice(countedBefore)).toEqual([long]);
  });

  it("counts a message's role, its text and every one of its parts", () => {
    const requests = new RequestTokenCounter(new SpyCounter());
    const message: RenderedMessage = {
      role: "assistant",
      text: "calling a tool",
      parts: [{ text: "weather Oslo" }, { text: "rain" }],
    };
    expect(requests.count({ messages: [message] })).toBe(
      CHAT_FRAMING.replyPriming + CHAT_FRAMING.perMessage + 1 + 3 + 2 + 1,
    );
  });

  it("matches gpt-tokenizer's own chat count for GPT-4o", () => {
    const chat = [
      { role: "system", content: "You are terse." },
      { role: "user", content: "What is the capital of Norway?" },
      { role: "assistant", content: "Oslo." },
    ] as const;
    const requests = new RequestTokenCounter(new EncodingCounter("o200k_base"));
    const counted = requests.count({
      system: { text: chat[0].content },
      messages: chat.slice(1).map((message) => turn(message.role, message.content)),
    });
    expect(counted).toBe(countGpt4oChat(chat));
  });

  it("counts an empty conversation as the reply priming alone", () => {
    expect(new RequestTokenCounter(new SpyCounter()).count({ messages: [] })).toBe(
      CHAT_FRAMING.replyPriming,
    );
  });

  it("prices cached turns at the estimate's current factor, never a stale one", () => {
    const estimate = new CalibratedEstimate();
    const requests = new RequestTokenCounter(estimate);
    const turns = [turn("user", "a".repeat(3_972))]; // (3,972 + 4 characters of role) / 4 = 994, + 6 framing = 1,000 tokens
    expect(requests.count({ messages: turns })).toBe(1_000);
    estimate.observe(1_000, 1_500);
    expect(requests.count({ messages: turns })).toBe(1_500);
  });
});
