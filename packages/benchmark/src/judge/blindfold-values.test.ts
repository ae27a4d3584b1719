// How a blindfold covers a value that is not a string: keys, arrays, nested objects, Maps,
// Sets, toJSON and cycles, always in a deep copy.
import { describe, expect, it } from "vitest";
import { namesIn } from "../test-support/served-model-fixtures.js";
import { Blindfold } from "./blindfold.js";
import type { RunRecord } from "./run-record.js";

describe("Blindfold", () => {
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
});
