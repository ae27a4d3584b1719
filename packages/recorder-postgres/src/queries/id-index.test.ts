import { describe, expect, it } from "vitest";
import { IdIndex } from "./id-index.js";

describe("IdIndex", () => {
  it("finds every id at its position and says -1 for any other", () => {
    const ids = Array.from({ length: 5_000 }, (_, position) => `job-${position}`);
    ids.push("", "é😀", "'; DROP TABLE nucleo_jobs; --", "job-1 ");
    const index = new IdIndex(ids);
    expect(index.size).toBe(ids.length);
    for (const [position, id] of ids.entries()) expect(index.positionOf(id)).toBe(position);
    for (const absent of ["job-5000", "job-1\u0000", "JOB-1", "job-01"]) {
      expect(index.positionOf(absent)).toBe(-1);
      expect(index.has(absent)).toBe(false);
    }
  });

  it("finds an id listed twice at its first position, and works when empty", () => {
    expect(new IdIndex(["a", "b", "a"]).positionOf("a")).toBe(0);
    expect(new IdIndex([]).positionOf("a")).toBe(-1);
  });
});
