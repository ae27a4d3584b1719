import * as cl100kBase from "gpt-tokenizer/encoding/cl100k_base";
import * as o200kBase from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, it } from "vitest";
import { EncodingCounter } from "./encoding-counter.js";

const SAMPLES = [
  "hello world",
  "A reservation is priced from the exact request the wire will carry.",
  "export function add(a: number, b: number): number {\n  return a + b;\n}\n",
  "Grüße aus Zürich — 東京は晴れ 😀",
];

describe("EncodingCounter", () => {
  it("counts exactly what gpt-tokenizer's o200k_base encoding produces", () => {
    const counter = new EncodingCounter("o200k_base");
    expect(counter.count("hello world")).toBe(2);
    for (const text of SAMPLES) expect(counter.count(text)).toBe(o200kBase.encode(text).length);
  });

  it("counts exactly what gpt-tokenizer's cl100k_base encoding produces", () => {
    const counter = new EncodingCounter("cl100k_base");
    for (const text of SAMPLES) expect(counter.count(text)).toBe(cl100kBase.encode(text).length);
  });

  it("counts the empty string as 0 tokens", () => {
    expect(new EncodingCounter("o200k_base").count("")).toBe(0);
  });

  it("counts a special-token marker inside text as plain text instead of refusing it", () => {
    const text = "the document ends with <|endoftext|> here";
    expect(new EncodingCounter("o200k_base").count(text)).toBe(
      o200kBase.encode(text, { disallowedSpecial: new Set() }).length,
    );
  });

  it("says it is exact and names its encoding", () => {
    const counter = new EncodingCounter("cl100k_base");
    expect({ kind: counter.kind, name: counter.name }).toEqual({
      kind: "exact",
      name: "cl100k_base",
    });
  });
});
