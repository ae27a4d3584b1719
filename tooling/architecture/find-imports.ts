import ts from "typescript";

/**
 * Lists the module specifiers a TypeScript file refers to: static and type-only imports,
 * re-exports, side-effect imports, `import("x")`, `require("x")` and `import x = require("x")`.
 * Comments and string contents are skipped because TypeScript's own scanner reads the file.
 *
 * @example
 * findImports('import type { A } from "@nucleo/core";'); // ["@nucleo/core"]
 */
export function findImports(text: string): string[] {
  const info = ts.preProcessFile(text, true, true);
  return [
    ...info.importedFiles.map((reference) => reference.fileName),
    ...info.typeReferenceDirectives.map((reference) => reference.fileName),
    // `/// <reference path>` names a file even without `./`; spell it as the relative path it is.
    ...info.referencedFiles.map(({ fileName }) =>
      /^\.{0,2}\//.test(fileName) ? fileName : `./${fileName}`,
    ),
  ];
}
