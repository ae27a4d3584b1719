// The well-known vendor, lab and family names a run may use of itself: versions, line words,
// the o-series, ordinary words left alone, and where they meet a catalog's names.
import { parseCatalog } from "@nucleo/catalog";
import { describe, expect, it } from "vitest";
import { JUDGE_ENTRIES } from "../test-support/served-model-fixtures.js";
import { Blindfold } from "./blindfold.js";

describe("Blindfold", () => {
  it("forCatalog also covers well-known vendor and family names a run may use of itself", () => {
    const blindfold = Blindfold.forCatalog(parseCatalog(JUDGE_ENTRIES, "judge-test"));
    expect(blindfold.cover("As Claude (by Anthropic), unlike GPT or Gemini, I think")).toBe(
      "As [model] (by [model]), unlike [model] or [model], I think",
    );
    expect(blindfold.cover("Graphite and Philosophy stay")).toBe("Graphite and Philosophy stay");
  });

  it("a family name is covered whole with a version run into it or after -, ., _ or a space", () => {
    const blindfold = new Blindfold([], { wellKnown: true });
    const named = [
      "gpt4o",
      "GPT4",
      "Claude3",
      "Llama3",
      "GPT-4o-mini",
      "gpt-4.1-nano",
      "Claude 3.5",
      "Llama3.1-70b",
      "qwen2.5-coder-32b",
      "Gemini.2",
      "chat-gpt",
      "Chat GPT-4",
      "ChatGPT4o",
      "claude_3_opus",
      "gpt_4o_mini",
      "deepseek-r1",
      "DeepSeek-V3",
      "Claude v2",
    ];
    for (const name of named)
      expect(blindfold.cover(`said ${name} here`), name).toBe("said [model] here");
  });

  it("a version keeps the sentence's punctuation: a trailing . or - is not part of it", () => {
    const blindfold = new Blindfold([], { wellKnown: true });
    expect(blindfold.cover("I am GPT-4. Then Claude-3-, then (Llama3.1).")).toBe(
      "I am [model]. Then [model]-, then ([model]).",
    );
  });

  it("a line name right after a family name is covered with it: Claude 3.5 Sonnet, Claude Opus 4.1, Gemini 1.5 Pro, GPT-4 Turbo", () => {
    const blindfold = new Blindfold([], { wellKnown: true });
    expect(
      blindfold.cover(
        "Claude 3.5 Sonnet, Claude Opus 4.1, claude-haiku, Gemini 1.5 Pro, Gemini 2.0 Flash Lite, GPT-4 Turbo.",
      ),
    ).toBe("[model], [model], [model], [model], [model], [model].");
    expect(blindfold.cover("Claude sonnets")).toBe("[model] sonnets");
  });

  it("a name that is an ordinary word is covered only with a version: Phi-3, Grok 2, Opus 4.1, Sonnet 4, never alone", () => {
    const blindfold = new Blindfold([], { wellKnown: true });
    expect(
      blindfold.cover(
        "Phi-3 mini, phi3.5, Grok 2, grok-1.5, Opus 4.1, Sonnet 4, Haiku 3.5 Instruct",
      ),
    ).toBe("[model], [model], [model], [model], [model], [model], [model]");
    const ordinary =
      "phi = 1.618; grok it; a sonnet, an opus and a haiku; Phi, Grok, Sonnet, Opus, Haiku; phi-x, phi_xy, opus-ab1";
    expect(blindfold.cover(ordinary)).toBe(ordinary);
  });

  it("the o-series is covered as whole words with its suffixes, never inside another word or number", () => {
    const blindfold = new Blindfold([], { wellKnown: true });
    expect(blindfold.cover("o1, O3-mini, o4-mini-high, o1-preview, o1-2024-12-17, (o3)")).toBe(
      "[model], [model], [model], [model], [model], ([model])",
    );
    const ordinary = "foo1 o10 o2 co3 o3x o5 no1";
    expect(blindfold.cover(ordinary)).toBe(ordinary);
  });

  it("where a catalog name and a well-known name start together, the longer covers: gpt-4o in the catalog does not cut GPT-4o-mini", () => {
    expect(new Blindfold(["gpt-4o"], { wellKnown: true }).cover("GPT-4o-mini and gpt-4o.")).toBe(
      "[model] and [model].",
    );
    // And the other way round: a catalog name reaching past what a version can hold.
    expect(
      new Blindfold(["llama-3.1-70b:free"], { wellKnown: true }).cover("llama-3.1-70b:free!"),
    ).toBe("[model]!");
  });

  it("the AI labs and families that are rarely ordinary words are always covered: xAI, DeepMind, Moonshot AI, Kimi, Zhipu, ChatGLM, Command R and R+", () => {
    const blindfold = Blindfold.forCatalog(parseCatalog(JUDGE_ENTRIES, "judge-test"));
    expect(blindfold.cover("I'm Grok, built by xAI.")).toBe("I'm Grok, built by [model].");
    expect(blindfold.cover("Google DeepMind made it.")).toBe("Google [model] made it.");
    expect(blindfold.cover("Kimi from Moonshot AI (MoonshotAI), Kimi K2, moonshot-v1-8k")).toBe(
      "[model] from [model] ([model]), [model], [model]",
    );
    expect(blindfold.cover("ChatGLM by Zhipu, ChatGLM3-6B, GLM-4.5")).toBe(
      "[model] by [model], [model], [model]",
    );
    expect(
      blindfold.cover("Command R+ beat Command R, command-r-plus-08-2024 and Command R7B."),
    ).toBe("[model] beat [model], [model] and [model].");
  });

  it("company names that are ordinary words or content stay uncovered by default (Google, Microsoft, Meta, Amazon, Nova), and so do the ordinary senses of Moonshot, GLM and command", () => {
    const blindfold = Blindfold.forCatalog(parseCatalog(JUDGE_ENTRIES, "judge-test"));
    const content =
      "Google, Microsoft, Meta and Amazon Nova; a moonshot project; fit a GLM; the command line; Moonshot alone.";
    expect(blindfold.cover(content)).toBe(content);
    // A deployment adds them as extra terms (a benchmark's blindTerms).
    expect(
      Blindfold.forCatalog(parseCatalog(JUDGE_ENTRIES, "judge-test"), [
        "Google",
        "Amazon Nova",
      ]).cover("Google and Amazon Nova"),
    ).toBe("[model] and [model]");
  });

  it("any dash is a separator: GPT‑4 with a non-breaking hyphen, Claude–3 with an en dash and o1‑pro are covered whole", () => {
    const blindfold = new Blindfold([], { wellKnown: true });
    expect(
      blindfold.cover("GPT\u20114, Claude\u20133, Llama\u20143.1, o1\u2011pro, o3\u2010mini"),
    ).toBe("[model], [model], [model], [model], [model]");
  });

  it("line words follow a family name, with their own version: Mistral Large 2, Mistral Small 3.1, Mistral Medium, Qwen Max, Qwen Plus, command-r-plus", () => {
    const blindfold = new Blindfold([], { wellKnown: true });
    expect(
      blindfold.cover(
        "Mistral Large 2, Mistral Small 3.1, Mistral Medium, Qwen Max, Qwen Plus, command-r-plus, gemini-exp-1206.",
      ),
    ).toBe(`${Array(7).fill("[model]").join(", ")}.`);
  });

  it("a version stops at the first ordinary word: covering never eats the sentence after a name", () => {
    const blindfold = new Blindfold([], { wellKnown: true });
    expect(
      blindfold.cover("The sum is 4. gpt-4-is-great-at-math-and-also-this-whole-sentence-is-gone"),
    ).toBe("The sum is 4. [model]-is-great-at-math-and-also-this-whole-sentence-is-gone");
    expect(blindfold.cover("Claude-3-said-so, llama_3_wrote_this, Gemini.2.was.right")).toBe(
      "[model]-said-so, [model]_wrote_this, [model].was.right",
    );
  });

  it("a version's later segments each hold a digit, a date or a known suffix, at most four of them: dated and suffixed names are covered whole", () => {
    const blindfold = new Blindfold([], { wellKnown: true });
    const named = [
      "gpt-4o-2024-08-06",
      "gpt-4o-mini-2024-07-18",
      "gpt-4-0613",
      "claude-3-5-sonnet-20241022",
      "claude-3-opus-latest",
      "Phi-3.5-mini-instruct",
      "gemma-2-9b-it",
      "gemini-2.0-flash-exp",
      "Llama-3.1-405B-Instruct",
      "Llama 3 70B",
      "chatgpt-4o-latest",
      "qwen2.5-coder-32b-instruct",
      "deepseek-v2.5-chat",
    ];
    for (const name of named)
      expect(blindfold.cover(`said ${name} here`), name).toBe("said [model] here");
    expect(blindfold.cover("gpt-4-4-4-4-4-4-4-4")).toBe("[model]-4-4-4");
  });

  it("a suffix word joins a version only after -, . or _, never after a space: GPT-4 chat log keeps its words", () => {
    const blindfold = new Blindfold([], { wellKnown: true });
    expect(blindfold.cover("GPT-4 chat log, Claude 3 latest news, gpt-4-chat")).toBe(
      "[model] chat log, [model] latest news, [model]",
    );
  });

  it("a name never chains the next one: phi 1 phi 2 keeps the rest, Sonnet 4 Opus 4 and gpt-4 gpt4o are two names each", () => {
    const blindfold = new Blindfold([], { wellKnown: true });
    expect(blindfold.cover("phi 1 phi 2 and the rest")).toBe("[model] [model] and the rest");
    expect(blindfold.cover("Sonnet 4 Opus 4 then")).toBe("[model] [model] then");
    expect(blindfold.cover("gpt-4 gpt4o claude3 GLM-4 phi-3")).toBe(
      "[model] [model] [model] [model] [model]",
    );
    expect(blindfold.cover("Gemini Pro Flash Lite Ultra")).toBe("[model] Ultra");
  });
});
