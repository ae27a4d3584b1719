import { describe, expect, it } from "vitest";
import { benchmarkPath, matchRoute, runPath, safeNextPath } from "./routes.ts";

describe("paths pick pages", () => {
  it("matches every fixed page, with or without a trailing slash", () => {
    expect(matchRoute("/sign-in")).toEqual({ page: "sign-in" });
    expect(matchRoute("/runs")).toEqual({ page: "runs" });
    expect(matchRoute("/runs/")).toEqual({ page: "runs" });
    expect(matchRoute("/costs")).toEqual({ page: "costs" });
    expect(matchRoute("/benchmarks")).toEqual({ page: "benchmarks" });
    expect(matchRoute("/models")).toEqual({ page: "models" });
    expect(matchRoute("/fleet")).toEqual({ page: "fleet" });
  });

  it("decodes the id of a run or a benchmark report", () => {
    expect(matchRoute(runPath("a/b c"))).toEqual({ page: "run", rootId: "a/b c" });
    expect(matchRoute(benchmarkPath("job-7"))).toEqual({ page: "benchmark", jobId: "job-7" });
  });

  it("answers not-found for unknown paths and broken encodings", () => {
    expect(matchRoute("/nope")).toEqual({ page: "not-found" });
    expect(matchRoute("/runs/a/b")).toEqual({ page: "not-found" });
    expect(matchRoute("/runs/%E0%A4%A")).toEqual({ page: "not-found" });
  });
});

describe("after sign-in the console stays on its own origin", () => {
  it("keeps a local path and its query", () => {
    expect(safeNextPath("/runs?status=failed")).toBe("/runs?status=failed");
    expect(safeNextPath("/runs/r%2F1")).toBe("/runs/r%2F1");
  });

  it("refuses anything that would leave the origin", () => {
    for (const next of [
      "//evil.example",
      "/\\evil.example",
      "https://evil.example",
      "javascript:alert(1)",
      "/\u0000x",
      "",
      null,
    ]) {
      expect(safeNextPath(next)).toBe("/runs");
    }
  });

  it("does not loop back to the sign-in page", () => {
    expect(safeNextPath("/sign-in")).toBe("/runs");
  });
});
