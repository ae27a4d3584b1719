import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import * as o200kBase from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, it, vi } from "vitest";
import {
  BoundedMergeCache,
  boundMergeCache,
  MERGE_CACHE_ENTRIES,
  MERGE_CACHE_PIECE_CHARS,
} from "./bounded-merge-cache.js";
import { EncodingCounter } from "./encoding-counter.js";
import { processTokenizer, type TokenizerEncoding } from "./gpt-tokenizer-loader.js";

/** The map gpt-tokenizer caches merges in, read from the field `boundMergeCache` replaces. */
function mergeCacheOf(encoding: TokenizerEncoding): Map<string, number[]> | undefined {
  const api = processTokenizer.load(encoding) as {
    default?: { bytePairEncodingCoreProcessor?: { mergeCache?: Map<string, number[]> } };
  };
  return api.default?.bytePairEncodingCoreProcessor?.mergeCache;
}

/** A lowercase word no vocabulary holds whole, distinct for each `index`, so its merge result is cached. */
function rareWord(index: number, prefix = "zqx"): string {
  let letters = "";
  for (let rest = index; ; rest = Math.floor(rest / 26) - 1) {
    letters = String.fromCharCode(97 + (rest % 26)) + letters;
    if (rest < 26) break;
  }
  return ` ${prefix}${letters}vq`;
}

/** The process's garbage collector, which vitest does not expose. */
function collector(): () => void {
  setFlagsFromString("--expose-gc");
  return runInNewContext("gc") as () => void;
}

describe("the tokenizer's merge cache", () => {
  it("is the bounded cache for every encoding, so a gpt-tokenizer upgrade that moves it fails here", () => {
    new EncodingCounter("o200k_base").count("loaded");
    new EncodingCounter("cl100k_base").count("loaded");
    expect(mergeCacheOf("o200k_base")).toBeInstanceOf(BoundedMergeCache);
    expect(mergeCacheOf("cl100k_base")).toBeInstanceOf(BoundedMergeCache);
  });

  it(`keeps at most ${MERGE_CACHE_ENTRIES} pieces, and counts stay exact past the bound`, () => {
    const counter = new EncodingCounter("o200k_base");
    const text = Array.from({ length: MERGE_CACHE_ENTRIES * 2 }, (_, index) =>
      rareWord(index),
    ).join("");
    expect(counter.count(text)).toBe(o200kBase.encode(text).length);
    expect(mergeCacheOf("o200k_base")!.size).toBe(MERGE_CACHE_ENTRIES);
    expect(counter.count(text)).toBe(o200kBase.encode(text).length); // counted again through a full cache
  });

  it(`does not keep pieces longer than ${MERGE_CACHE_PIECE_CHARS} characters`, () => {
    const counter = new EncodingCounter("o200k_base");
    const long = ` ${"qzxv".repeat(MERGE_CACHE_PIECE_CHARS / 4)}`; // one piece of 65 characters
    const short = " qzxvqzxvqzxvqzxvq"; // one piece of 18
    counter.count(long + short);
    expect(mergeCacheOf("o200k_base")!.has(long)).toBe(false);
    expect(mergeCacheOf("o200k_base")!.has(short)).toBe(true);
  });

  it("a cached piece does not keep the text it was cut from alive", () => {
    const gc = collector();
    const counter = new EncodingCounter("o200k_base");
    counter.count(rareWord(0, "warmup"));
    const TEXTS = 8;
    const TEXT_CHARS = 4_000_000;
    gc();
    const before = process.memoryUsage().heapUsed;
    // Each text's one rare word (18+ characters: a slice of the text in V8) enters the cache.
    // Built and counted in a function of its own, so no text outlives its call on this stack.
    const countText = (index: number): number =>
      counter.count("lorem ipsum ".repeat(TEXT_CHARS / 12) + rareWord(index, "retainedpiece"));
    for (let index = 0; index < TEXTS; index++) countText(index);
    // V8's legacy RegExp statics (`RegExp.input`) hold the last string a regular expression
    // matched, whatever counted it: one text at most. A short count moves them on.
    counter.count("short");
    gc();
    const retained = process.memoryUsage().heapUsed - before;
    // Were the keys slices, the cache would hold all eight texts: 32 MB. Less than half of one text is left.
    expect(retained).toBeLessThan(TEXT_CHARS / 2);
    expect(mergeCacheOf("o200k_base")!.has(rareWord(TEXTS - 1, "retainedpiece"))).toBe(true);
  });

  it("turns the cache off where gpt-tokenizer no longer keeps it where expected", () => {
    const setMergeCacheSize = vi.fn();
    expect(
      boundMergeCache({ setMergeCacheSize, default: { bytePairEncodingCoreProcessor: {} } }),
    ).toBe(false);
    expect(setMergeCacheSize).toHaveBeenCalledWith(0);
  });
});
