import { describe, expect, it } from "vitest";
import {
  filesBesideExample,
  importedPackages,
  nameOfInstallSpec,
  readmeInstallPlan,
  usesNodeApi,
} from "./readme-install-plan.js";

const readme = [
  "# @nucleo/x",
  "",
  "```sh",
  "pnpm add @nucleo/x @nucleo/core zod@^4   # what the example imports",
  "pnpm add -D @nucleo/testing",
  "```",
  "",
  "```sh",
  "pnpm add not-the-install-line",
  "```",
  "",
  "```ts",
  'import { x } from "@nucleo/x"; // prose, not a file of examples/',
  "```",
  "",
  "```ts",
  "// examples/first.ts",
  "console.log(1); // 1",
  "```",
  "",
  "```ts",
  "// examples/second.ts",
  "```",
  "",
].join("\n");

describe("what a README tells a user to install", () => {
  it("reads the pnpm add lines of the first sh block only, -D lines as dev dependencies, comments and flags left out", () => {
    const plan = readmeInstallPlan(readme);
    expect(plan.dependencies).toEqual(["@nucleo/x", "@nucleo/core", "zod@^4"]);
    expect(plan.devDependencies).toEqual(["@nucleo/testing"]);
  });

  it("takes the first block that opens with // examples/<name>.ts as the first example, skipping prose blocks", () => {
    expect(readmeInstallPlan(readme).example).toEqual({
      file: "examples/first.ts",
      code: "// examples/first.ts\nconsole.log(1); // 1\n",
    });
  });

  it("has no example when no block names a file of examples/", () => {
    expect(readmeInstallPlan("```sh\npnpm add @nucleo/x\n```\n").example).toBeUndefined();
  });

  it("drops the version from an install spec, scoped or not", () => {
    expect([
      nameOfInstallSpec("zod@^4"),
      nameOfInstallSpec("@nucleo/x@0.1.0"),
      nameOfInstallSpec("@nucleo/x"),
    ]).toEqual(["zod", "@nucleo/x", "@nucleo/x"]);
  });
});

describe("what an example loads", () => {
  it("finds static, type-only, multi-line, dynamic and createRequire imports by package, leaving out Node's built-ins and relative files", () => {
    const code = [
      'import { z } from "zod";',
      'import type { Job } from "@nucleo/core";',
      "import {",
      "  a,",
      '} from "@nucleo/catalog/genai-prices";',
      'import "side-effect";',
      'import { join } from "node:path";',
      'import { readFile } from "fs/promises";',
      'import { local } from "./local.ts";',
      'const later = await import("@nucleo/testing");',
      'const entry = createRequire(import.meta.url).resolve("@modelcontextprotocol/server-everything/dist/index.js");',
      'const where = path.resolve("not-a-package");',
    ].join("\n");
    expect(importedPackages(code).sort()).toEqual([
      "@modelcontextprotocol/server-everything",
      "@nucleo/catalog",
      "@nucleo/core",
      "@nucleo/testing",
      "side-effect",
      "zod",
    ]);
  });

  it("says an example uses Node's API when it imports node: modules or reads process", () => {
    expect(usesNodeApi('import { createRequire } from "node:module";')).toBe(true);
    expect(usesNodeApi("const url = process.env.DATABASE_URL;")).toBe(true);
    expect(usesNodeApi('import { z } from "zod";\nconsole.log(z.string().parse("x"));')).toBe(
      false,
    );
  });

  it("lists the files an example opens beside itself", () => {
    expect(
      filesBesideExample(
        'await loadCatalog(new URL("./catalog.example.yaml", import.meta.url).pathname);',
      ),
    ).toEqual(["catalog.example.yaml"]);
    expect(filesBesideExample('await loadCatalog("catalog.yaml");')).toEqual([]);
  });
});
