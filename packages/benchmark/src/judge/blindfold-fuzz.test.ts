// Fuzzed texts: no name, given or well-known, survives covering, and covering twice changes
// nothing. Checked without the blindfold's own patterns.
import { describe, expect, it } from "vitest";
import { namesIn } from "../test-support/served-model-fixtures.js";
import { Blindfold } from "./blindfold.js";
import { FAMILY_TERMS, VERSIONED_TERMS } from "./model-name-patterns.js";

/** A small deterministic generator, so the fuzz test is the same on every run. */
function random(seed: number) {
  let state = seed >>> 0;
  return (below: number) => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state % below;
  };
}

describe("Blindfold", () => {
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
