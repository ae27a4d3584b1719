import { describe, expect, it } from "vitest";
import { isExportedSubpath } from "./exports-map.js";

describe("isExportedSubpath", () => {
  const exports = {
    ".": { types: "./dist/index.d.ts", import: "./dist/index.js" },
    "./testing": "./dist/testing.js",
    "./features/*": "./dist/features/*.js",
    "./features/internal/*": null,
  };

  it("accepts declared keys and matching patterns", () => {
    expect(isExportedSubpath(exports, ".")).toBe(true);
    expect(isExportedSubpath(exports, "./testing")).toBe(true);
    expect(isExportedSubpath(exports, "./features/chat")).toBe(true);
  });

  it("refuses undeclared subpaths and those a null target hides", () => {
    expect(isExportedSubpath(exports, "./src/index.ts")).toBe(false);
    expect(isExportedSubpath(exports, "./features/internal/x")).toBe(false);
  });

  it("reads a string or a conditions object as exporting only the entry", () => {
    expect(isExportedSubpath("./index.js", ".")).toBe(true);
    expect(isExportedSubpath({ import: "./index.js" }, "./x")).toBe(false);
    expect(isExportedSubpath(undefined, "./x")).toBe(false);
  });
});
