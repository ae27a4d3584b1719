import { describe, expect, it } from "vitest";
import { splitText } from "./split-text.js";

describe("splitText", () => {
  it("cuts text into at most the asked number of pieces that join back to it", () => {
    expect(splitText("Hello streaming world", 3)).toEqual(["Hello s", "treamin", "g world"]);
    expect(splitText("ab", 3)).toEqual(["a", "b"]);
    expect(splitText("", 3)).toEqual([]);
  });

  it("never splits a character made of two UTF-16 units", () => {
    expect(splitText("😀😀😀", 2)).toEqual(["😀😀", "😀"]);
  });
});
