import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { declarationProblems } from "./test-support/published-declarations.js";

describe("@nucleo/benchmark's published types", () => {
  it("need no @types/node: a project with only the language's and the web's globals type-checks them", () => {
    const problems = declarationProblems({ packageDir: fileURLToPath(new URL("../", import.meta.url)), entry: "src/index.ts" });
    expect(problems).toEqual([]);
  }, 180_000);
});
