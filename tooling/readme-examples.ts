import { readFile } from "node:fs/promises";
import { format } from "node:util";
import { describe, expect, it, vi } from "vitest";
import { readmeExampleBlocks, statedOutput, unprintedOutput } from "./readme-example-blocks.js";

/** How `describeReadmeExamples` treats some of the examples. */
export interface ReadmeExamplesOptions {
  /**
   * Examples pinned word for word and type-checked by the package's `tsc`, but not run here,
   * because they need what a test cannot bring (a server, a user's catalog file). Say why
   * beside the call.
   */
  readonly shownOnly?: readonly string[];
  /** How long one example may run, in ms, when it is slower than tests are (the preset's default otherwise). */
  readonly timeoutMs?: number;
}

/**
 * Pins a package README's examples to runnable files: every ```ts block that opens with
 * `// examples/<name>.ts` must equal that file word for word, and each file must run and print
 * what its `console.log(...); // expected` comments say. Call from a test file in the package.
 *
 * @example
 * describeReadmeExamples(new URL("../", import.meta.url), ["quick-start", "doer-workflow"]);
 */
export function describeReadmeExamples(
  packageRoot: URL,
  names: readonly string[],
  options: ReadmeExamplesOptions = {},
): void {
  const shownOnly = new Set(options.shownOnly ?? []);
  const run = names.filter((name) => !shownOnly.has(name));
  describe("README examples", () => {
    it("every example in the README is a file of examples/, word for word", async () => {
      const readme = await readFile(new URL("README.md", packageRoot), "utf8");
      const blocks = readmeExampleBlocks(readme);
      expect(blocks.map((block) => block.file)).toEqual(names.map((name) => `examples/${name}.ts`));
      for (const block of blocks)
        expect(block.code, block.file).toBe(
          await readFile(new URL(block.file, packageRoot), "utf8"),
        );
    });

    // A README whose examples are all shown-only has nothing to run.
    if (run.length > 0)
      it.each(run)(
        "examples/%s.ts runs and prints what its comments say",
        async (name) => {
          const file = new URL(`examples/${name}.ts`, packageRoot);
          const code = await readFile(file, "utf8");
          const printed: string[] = [];
          const log = vi.spyOn(console, "log").mockImplementation((...values: unknown[]) => {
            printed.push(format(...values));
          });
          try {
            await import(file.href);
          } finally {
            log.mockRestore();
          }
          const expected = statedOutput(code);
          expect(expected.length, `${name} states what it prints`).toBeGreaterThan(0);
          expect(
            unprintedOutput(expected, printed),
            `${name}: lines it states but did not print\nprinted:\n${printed.join("\n")}`,
          ).toEqual([]);
        },
        options.timeoutMs,
      );
  });
}
