import { parseCatalog } from "@nucleo/catalog";
import { describe, expect, it } from "vitest";
import { JUDGE_ENTRIES, namesIn } from "../test-support/judge-world.js";
import { Blindfold } from "./blindfold.js";
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
    expect(blindfold.cover("ACME-XL-4 said acme-xl-4, then Acme-Xl-4.")).toBe("[model] said [model], then [model].");
  });

  it("a name matches only at non-alphanumeric boundaries: xl hits xl-2 and (xl), never xlsx or axl", () => {
    const blindfold = new Blindfold(["xl"]);
    expect(blindfold.cover("xlsx axl xl1 xl-2 (xl) xl_3 xl")).toBe("xlsx axl xl1 [model]-2 ([model]) [model]_3 [model]");
  });

  it("the longest name wins where names overlap: gpt-4o-mini is covered whole, not as gpt-4o plus -mini", () => {
    const blindfold = new Blindfold(["gpt-4o", "gpt-4o-mini"]);
    expect(blindfold.cover("gpt-4o-mini beat gpt-4o")).toBe("[model] beat [model]");
    expect(blindfold.names).toEqual(["gpt-4o-mini", "gpt-4o"]);
  });

  it("names are matched literally: regex characters are escaped", () => {
    const blindfold = new Blindfold(["model.v1", "c++", "(beta)", "a|b"]);
    expect(blindfold.cover("modelxv1 model.v1 c++ (beta) beta a|b a")).toBe("modelxv1 [model] [model] [model] beta [model] a");
  });

  it("a name ending in a symbol is covered even when a word follows it", () => {
    expect(new Blindfold(["c++"]).cover("c++x")).toBe("[model]x");
  });

  it("empty and whitespace names are ignored, and trimmed names still match", () => {
    const blindfold = new Blindfold(["", "   ", "\n", " acme "]);
    expect(blindfold.names).toEqual(["acme"]);
    expect(blindfold.cover("an acme answer")).toBe("an [model] answer");
    expect(new Blindfold(["", " "]).cover({ text: "nothing to cover" })).toEqual({ text: "nothing to cover" });
  });

  it("covers names in object keys, arrays, nested objects and tool arguments, in a deep copy", () => {
    const blindfold = new Blindfold(["acme-xl-4", "small"]);
    const run: RunRecord = {
      task: "Compare small with acme-xl-4.",
      turns: [
        {
          said: "Asking acme-xl-4.",
          thinking: "I am small.",
          toolCalls: [{ tool: "lookup", arguments: { model: "ACME-XL-4", names: ["small", "other"], nested: { "acme-xl-4": { by: "small" } } }, result: '{"served":"acme-xl-4"}', failed: false }],
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
          said: "Asking [model].",
          thinking: "I am [model].",
          toolCalls: [{ tool: "lookup", arguments: { model: "[model]", names: ["[model]", "other"], nested: { "[model]": { by: "[model]" } } }, result: '{"served":"[model]"}', failed: false }],
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
    const covered = blindfold.cover({ map: new Map([["acme", "acme"]]), set: new Set(["acme"]), json: { toJSON: () => ({ acme: "acme" }) }, cyclic });
    expect([...covered.map]).toEqual([["[model]", "[model]"]]);
    expect([...covered.set]).toEqual(["[model]"]);
    expect(covered.json).toEqual({ "[model]": "[model]" });
    expect(covered.cyclic.name).toBe("[model]");
    expect(covered.cyclic.self).toBe(covered.cyclic);
  });

  it("covering is idempotent, even when a name is the placeholder's own word", () => {
    const blindfold = new Blindfold(["model", "acme"]);
    const once = blindfold.cover("the model acme [model]");
    expect(once).toBe("the [model] [model] [model]");
    expect(blindfold.cover(once)).toBe(once);
  });

  it("forCatalog covers every entry's id and provider model name (and the part after a slash), plus extra terms", () => {
    const blindfold = Blindfold.forCatalog(parseCatalog(JUDGE_ENTRIES, "judge-test"), ["Acme Labs"]);
    expect(blindfold.cover("small acme-small-1 medium acme-medium-2 large acme/acme-large-3 acme-large-3 xl acme-xl-4 Acme Labs")).toBe(Array(10).fill("[model]").join(" "));
  });

  it("forCatalog also covers well-known vendor and family names a run may use of itself", () => {
    const blindfold = Blindfold.forCatalog(parseCatalog(JUDGE_ENTRIES, "judge-test"));
    expect(blindfold.cover("As Claude (by Anthropic), unlike GPT or Gemini, I think")).toBe("As [model] (by [model]), unlike [model] or [model], I think");
    expect(blindfold.cover("Graphite and Philosophy stay")).toBe("Graphite and Philosophy stay");
  });

  it("no name survives covering: fuzzed texts of overlapping names, symbols and word fragments", () => {
    const names = ["gpt-4o", "gpt-4o-mini", "4o", "mini", "o1", "o1-pro", "xl", "acme/xl-2", "claude-3.5", "c++", "model", "a.b", "ünï"];
    const pieces = [...names, " ", "-", ".", "/", "_", "(", ")", "\n", "x", "sx", "2", "Pro", "[", "]", "é"];
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
});
