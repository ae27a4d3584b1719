import { describe, expect, it } from "vitest";
import { findImports } from "./find-imports.js";

describe("findImports", () => {
  it("finds every form of import, multi-line and type-only included", () => {
    const text = [
      "import {",
      "  a,",
      "  b,",
      '} from "multi-line";',
      'import type { T } from "type-only";',
      'import { type U, v } from "inline-type";',
      'export * from "star-export";',
      'export { w } from "named-export";',
      'import "side-effect";',
      'const lazy = await import("dynamic");',
      'const legacy = require("required");',
      'import assign = require("import-equals");',
      'type Module = typeof import("type-query");',
    ].join("\n");
    expect(findImports(text)).toEqual([
      "multi-line",
      "type-only",
      "inline-type",
      "star-export",
      "named-export",
      "side-effect",
      "dynamic",
      "required",
      "import-equals",
      "type-query",
    ]);
  });

  it("ignores comments, strings and look-alike calls", () => {
    const text = [
      '// import a from "line-comment";',
      '/* import b from "block-comment"; */',
      "/**",
      ' * @example import { c } from "tsdoc";',
      " */",
      "const s = \"import d from 'in-string'\";",
      'const t = `require("in-template")`;',
      'loader.import("method-call");',
    ].join("\n");
    expect(findImports(text)).toEqual([]);
  });

  it("reads triple-slash references as paths and type packages", () => {
    const text =
      '/// <reference path="globals.d.ts" />\n/// <reference path="../../core/x.d.ts" />\n/// <reference types="pg" />\nexport {};';
    expect(findImports(text)).toEqual(["pg", "./globals.d.ts", "../../core/x.d.ts"]);
  });

  it("reads .tsx files", () => {
    expect(
      findImports(
        'import { App } from "./app.js";\nexport const view = <App value={require("in-jsx")} />;',
      ),
    ).toEqual(["./app.js", "in-jsx"]);
  });
});
