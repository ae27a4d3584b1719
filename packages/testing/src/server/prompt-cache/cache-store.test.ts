import { describe, expect, it } from "vitest";
import { CacheStore } from "./cache-store.js";

describe("CacheStore", () => {
  it("holds at most its capacity, dropping the least recently used entry", () => {
    const store = new CacheStore(2);
    store.write("a", 1_000, 0);
    store.write("b", 1_000, 0);
    store.refresh("a", 1);
    store.write("c", 1_000, 2);
    expect(store.size).toBe(2);
    expect([store.has("a", 3), store.has("b", 3), store.has("c", 3)]).toEqual([true, false, true]);
  });

  it("an entry lives its lifetime after its last write or read; a shorter rewrite keeps the longer lifetime", () => {
    const store = new CacheStore(10);
    store.write("day", 86_400_000, 0);
    store.write("day", 300_000, 1_000);
    expect(store.has("day", 3_600_000)).toBe(true);
    store.write("minutes", 300_000, 0);
    expect(store.has("minutes", 299_999)).toBe(true);
    expect(store.has("minutes", 300_000)).toBe(false);
  });
});
