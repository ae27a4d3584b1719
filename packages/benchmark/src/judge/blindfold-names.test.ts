// How a blindfold matches the names it is given: case, word boundaries, overlaps, literal
// characters, interchangeable separators, and a catalog's ids and provider model names.
import { parseCatalog } from "@nucleo/catalog";
import { describe, expect, it } from "vitest";
import { JUDGE_ENTRIES } from "../test-support/served-model-fixtures.js";
import { Blindfold } from "./blindfold.js";

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

  it("without wellKnown a blindfold covers its names only", () => {
    expect(new Blindfold(["acme"]).cover("acme, Claude 3.5, GPT-4o, o1, Phi-3")).toBe(
      "[model], Claude 3.5, GPT-4o, o1, Phi-3",
    );
  });
});
