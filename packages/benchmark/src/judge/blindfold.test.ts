import { parseCatalog } from "@nucleo/catalog";
import { describe, expect, it } from "vitest";
import { JUDGE_ENTRIES, namesIn } from "../test-support/served-model-fixtures.js";
import { Blindfold } from "./blindfold.js";
import { FAMILY_TERMS, VERSIONED_TERMS } from "./model-name-patterns.js";
import type { RunRecord } from "./run-record.js";

/** A small deterministic generator, so the fuzz test is the same on every run. */
function random(seed: number) {
  let state = seed >>> 0;
  return (below: number) => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state % below;
  };
}

describe("Blindfold", () => {
  it("covers every occurrence of a name, whatever its case", () => {
    const blindfold = new Blindfold(["acme-xl-4"]);
    expect(blindfold.cover("ACME-XL-4 said acme-xl-4, then Acme-Xl-4.")).toBe(
      "[model] said [model], then [model].",
    );
  });

  it("a name matches only at non-alphanumeric boundaries: xl hits xl-2 and (xl), never xlsx or axl", () => {
    const blindfold = new Blindfold(["xl"]);
    expect(blindfold.cover("xlsx axl xl1 xl-2 (xl) xl_3 xl")).toBe(
      "xlsx axl xl1 [model]-2 ([model]) [model]_3 [model]",
    );
  });

  it("the longest name wins where names overlap: gpt-4o-mini is covered whole, not as gpt-4o plus -mini", () => {
    const blindfold = new Blindfold(["gpt-4o", "gpt-4o-mini"]);
    expect(blindfold.cover("gpt-4o-mini beat gpt-4o")).toBe("[model] beat [model]");
    expect(blindfold.names).toEqual(["gpt-4o-mini", "gpt-4o"]);
  });

  it("names are matched literally: regex characters are escaped", () => {
    const blindfold = new Blindfold(["model.v1", "c++", "(beta)", "a|b"]);
    expect(blindfold.cover("modelxv1 model.v1 c++ (beta) beta a|b a")).toBe(
      "modelxv1 [model] [model] [model] beta [model] a",
    );
  });

  it("a name ending in a symbol is covered even when a word follows it", () => {
    expect(new Blindfold(["c++"]).cover("c++x")).toBe("[model]x");
  });

  it("empty and whitespace names are ignored, and trimmed names still match", () => {
    const blindfold = new Blindfold(["", "   ", "\n", " acme "]);
    expect(blindfold.names).toEqual(["acme"]);
    expect(blindfold.cover("an acme answer")).toBe("an [model] answer");
    expect(new Blindfold(["", " "]).cover({ text: "nothing to cover" })).toEqual({
      text: "nothing to cover",
    });
  });

  it("covers names in object keys, arrays, nested objects and tool arguments, in a deep copy", () => {
    const blindfold = new Blindfold(["acme-xl-4", "small"]);
    const run: RunRecord = {
      task: "Compare small with acme-xl-4.",
      turns: [
        {
          reasoning: "acme-xl-4 should know small.",
          said: "Asking acme-xl-4.",
          toolCalls: [
            {
              tool: "lookup",
              arguments: {
                model: "ACME-XL-4",
                names: ["small", "other"],
                nested: { "acme-xl-4": { by: "small" } },
              },
              result: '{"served":"acme-xl-4"}',
              failed: false,
            },
          ],
          correction: null,
        },
      ],
      answer: { "small-score": 3, list: [["acme-xl-4"]], count: 2, ok: true, none: null },
    };
    const covered = blindfold.cover(run);
    expect(covered).toEqual({
      task: "Compare [model] with [model].",
      turns: [
        {
          reasoning: "[model] should know [model].",
          said: "Asking [model].",
          toolCalls: [
            {
              tool: "lookup",
              arguments: {
                model: "[model]",
                names: ["[model]", "other"],
                nested: { "[model]": { by: "[model]" } },
              },
              result: '{"served":"[model]"}',
              failed: false,
            },
          ],
          correction: null,
        },
      ],
      answer: { "[model]-score": 3, list: [["[model]"]], count: 2, ok: true, none: null },
    });
    expect(namesIn(JSON.stringify(covered), blindfold.names)).toEqual([]);
    // A copy: the run itself is untouched.
    expect(run.turns[0]!.said).toBe("Asking acme-xl-4.");
    expect(covered.turns[0]).not.toBe(run.turns[0]);
  });

  it("two keys that cover to the same text keep both values", () => {
    const covered = new Blindfold(["alpha", "beta"]).cover({ alpha: 1, beta: 2, "[model]": 3 });
    expect(Object.values(covered).sort()).toEqual([1, 2, 3]);
    expect(Object.keys(covered).every((key) => key.startsWith("[model]"))).toBe(true);
  });

  it("a __proto__ key stays data", () => {
    const value = JSON.parse('{"__proto__": {"acme": "acme"}}') as Record<string, unknown>;
    const covered = new Blindfold(["acme"]).cover(value);
    expect(Object.getPrototypeOf(covered)).toBe(Object.prototype);
    expect(JSON.stringify(covered)).toBe('{"__proto__":{"[model]":"[model]"}}');
  });

  it("covers Maps, Sets and objects with toJSON, and survives a cycle", () => {
    const blindfold = new Blindfold(["acme"]);
    const cyclic: Record<string, unknown> = { name: "acme" };
    cyclic.self = cyclic;
    const covered = blindfold.cover({
      map: new Map([["acme", "acme"]]),
      set: new Set(["acme"]),
      json: { toJSON: () => ({ acme: "acme" }) },
      cyclic,
    });
    expect([...covered.map]).toEqual([["[model]", "[model]"]]);
    expect([...covered.set]).toEqual(["[model]"]);
    expect(covered.json).toEqual({ "[model]": "[model]" });
    expect(covered.cyclic.name).toBe("[model]");
    expect(covered.cyclic.self).toBe(covered.cyclic);
  });

  it("an object whose toJSON answers itself is read as its own enumerable properties, once, and its copy keeps no toJSON", () => {
    const blindfold = new Blindfold(["acme"]);
    const selfish = {
      name: "acme",
      toJSON() {
        return this;
      },
    };
    const closing: Record<string, unknown> = { name: "acme" };
    closing.toJSON = () => closing; // answers the original, not the copy: kept, it would leak
    const covered = blindfold.cover({ selfish, closing });
    expect(covered.selfish).toEqual({ name: "[model]" });
    expect(JSON.stringify(covered)).toBe(
      '{"selfish":{"name":"[model]"},"closing":{"name":"[model]"}}',
    );
  });

  it("a toJSON whose JSON leads back to its object (or to an object whose toJSON leads back) keeps the cycle in the copy", () => {
    const blindfold = new Blindfold(["acme"]);
    const holder: Record<string, unknown> = { name: "acme" };
    holder.toJSON = () => ({ name: holder.name, back: holder });
    const first: Record<string, unknown> = { name: "acme first" };
    const second: Record<string, unknown> = { name: "acme second", toJSON: () => first };
    first.toJSON = () => second;
    first.partner = second;
    const covered = blindfold.cover({ holder, first });
    expect(covered.holder).toMatchObject({ name: "[model]" });
    expect((covered.holder as Record<string, unknown>).back).toBe(covered.holder);
    // first reads as second's properties (second's own toJSON is not asked, as JSON.stringify does).
    expect(covered.first).toEqual({ name: "[model] second" });
  });

  it("covering is idempotent, even when a name is the placeholder's own word", () => {
    const blindfold = new Blindfold(["model", "acme"]);
    const once = blindfold.cover("the model acme [model]");
    expect(once).toBe("the [model] [model] [model]");
    expect(blindfold.cover(once)).toBe(once);
  });

  it("forCatalog covers every entry's id and provider model name (and the part after a slash), plus extra terms", () => {
    const blindfold = Blindfold.forCatalog(parseCatalog(JUDGE_ENTRIES, "judge-test"), [
      "Acme Labs",
    ]);
    const names =
      "model-alpha alpha-chat-2 model-beta beta-pro-1 model-gamma gamma-mini-3 judge-xl judge-ultra-9 model-delta delta/delta-large-3 delta-large-3 Acme Labs";
    expect(blindfold.cover(names)).toBe(Array(12).fill("[model]").join(" "));
  });

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

  it("a literal name's separators are interchangeable: model-alpha covers model alpha, MODEL_ALPHA, model.alpha and model‑alpha, never modelalpha", () => {
    const blindfold = Blindfold.forCatalog(parseCatalog(JUDGE_ENTRIES, "judge-test"));
    expect(
      blindfold.cover(
        "model alpha, MODEL_ALPHA, model.alpha, model\u2011alpha, alpha chat 2, Alpha_Chat.2, delta large 3",
      ),
    ).toBe(Array(7).fill("[model]").join(", "));
    expect(blindfold.cover("modelalpha, model/alpha, model  alpha")).toBe(
      "modelalpha, model/alpha, model  alpha",
    );
    // Literal otherwise: the other characters of a name are themselves.
    expect(new Blindfold(["c++ x"]).cover("c++_x, c+ x")).toBe("[model], c+ x");
    // A name of separators only is itself, not every separator.
    expect(new Blindfold(["-"]).cover("a-b c.d e_f")).toBe("a[model]b c.d e_f");
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

  it("without wellKnown a blindfold covers its names only", () => {
    expect(new Blindfold(["acme"]).cover("acme, Claude 3.5, GPT-4o, o1, Phi-3")).toBe(
      "[model], Claude 3.5, GPT-4o, o1, Phi-3",
    );
  });

  it("no name survives covering: fuzzed texts of overlapping names, symbols and word fragments", () => {
    const names = [
      "gpt-4o",
      "gpt-4o-mini",
      "4o",
      "mini",
      "o1",
      "o1-pro",
      "xl",
      "acme/xl-2",
      "claude-3.5",
      "c++",
      "model",
      "a.b",
      "ünï",
    ];
    const pieces = [
      ...names,
      " ",
      "-",
      ".",
      "/",
      "_",
      "(",
      ")",
      "\n",
      "x",
      "sx",
      "2",
      "Pro",
      "[",
      "]",
      "é",
    ];
    const blindfold = new Blindfold(names);
    const next = random(20_261_129);
    for (let sample = 0; sample < 2_000; sample++) {
      const text = Array.from({ length: 1 + next(12) }, () => {
        const piece = pieces[next(pieces.length)]!;
        return next(2) === 0 ? piece.toUpperCase() : piece;
      }).join("");
      // Read as strings, not as JSON: an escape such as \n would hide a name behind its letter.
      const covered = blindfold.cover({ [text]: [text] });
      const [key] = Object.keys(covered);
      expect(namesIn(`${key}\u0000${covered[key!]![0]}`, names)).toEqual([]);
    }
  });

  it("no well-known name survives covering, and covering twice changes nothing: fuzzed family, versioned and o-series names", () => {
    const names = ["gpt-4o", "mini", "xl", "c++", "model"];
    const versions = [
      "4",
      "4o",
      "-4o-mini",
      "3.5",
      " 2",
      ".1",
      "3.1-70b",
      "-r1",
      "_3",
      " v",
      "-",
      ".",
      "_",
      "\u2011",
      "\u2013",
      "-2024-08-06",
      "-latest",
      "-it",
      " 405B",
    ];
    const words = ["-is", " great", "chat", " Large", " Max", "+", " R", " AI", "Plus"];
    const pieces = [
      ...names,
      ...FAMILY_TERMS,
      ...VERSIONED_TERMS,
      ...versions,
      ...words,
      "o1",
      "o3",
      "o4",
      "-mini",
      "-pro",
      " ",
      "(",
      ")",
      "_",
      "x",
      "Sonnet",
      "Pro",
      "[model]",
      "é",
    ];
    const blindfold = new Blindfold(names, { wellKnown: true });
    const next = random(20_260_514);
    for (let sample = 0; sample < 5_000; sample++) {
      const text = Array.from({ length: 1 + next(12) }, () => {
        const piece = pieces[next(pieces.length)]!;
        return next(2) === 0 ? piece.toUpperCase() : piece;
      }).join("");
      const covered = blindfold.cover(text);
      expect(namesIn(covered, [...names, ...FAMILY_TERMS, "o1", "o3", "o4"]), text).toEqual([]);
      expect(versionedIn(covered), text).toEqual([]);
      expect(blindfold.cover(covered), text).toBe(covered);
    }
  });
});

/** Every ordinary-word name still followed by the start of a version in `text` (at a word's start). */
function versionedIn(text: string): string[] {
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])(?:${VERSIONED_TERMS.join("|")})(?:[-._ ]?[0-9]|[-._ ]\\p{L}[0-9])`,
    "giu",
  );
  return [...text.matchAll(pattern)].map(
    (found) => `${found[0]} at ${found.index} in ${JSON.stringify(text)}`,
  );
}
