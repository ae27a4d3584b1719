import { describe, expect, it } from "vitest";
import { entryPointsScript } from "./entry-points-script.js";

describe("the entry-points script", () => {
  it("imports every exported subpath but package.json, and expects each to export something", () => {
    const exports = {
      ".": { import: "./dist/index.js" },
      "./testing": { import: "./dist/testing/index.js" },
      "./package.json": "./package.json",
    };
    const script = entryPointsScript({ name: "@nucleo/core", version: "0.1.0", exports });
    expect(script.code).toBe(
      [
        'import * as entry0 from "@nucleo/core";',
        'import * as entry1 from "@nucleo/core/testing";',
        "",
        'console.log("@nucleo/core", Object.keys(entry0).length > 0);',
        'console.log("@nucleo/core/testing", Object.keys(entry1).length > 0);',
        "",
      ].join("\n"),
    );
    expect(script.expected).toEqual(["@nucleo/core true", "@nucleo/core/testing true"]);
  });
});
