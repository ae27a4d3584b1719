import { readFile } from "node:fs/promises";
import { format } from "node:util";
import { describe, expect, it, vi } from "vitest";

/**
 * Pins a package README's examples to runnable files: every ```ts block that opens with
 * `// examples/<name>.ts` must equal that file word for word, and each file must run and print
 * what its `console.log(...); // expected` comments say. Call from a test file in the package.
 *
 * @example
 * describeReadmeExamples(new URL("../", import.meta.url), ["quick-start", "doer-workflow"]);
 */
export function describeReadmeExamples(packageRoot: URL, names: readonly string[]): void {
  describe("README examples", () => {
    it("every example in the README is a file of examples/, word for word", async () => {
      const readme = await readFile(new URL("README.md", packageRoot), "utf8");
      const blocks = [...readme.matchAll(/```ts\n(\/\/ (examples\/[\w-]+\.ts)\n[\s\S]*?)```/g)].map((match) => ({ file: match[2]!, code: match[1]! }));
      expect(blocks.map((block) => block.file)).toEqual(names.map((name) => `examples/${name}.ts`));
      for (const block of blocks) expect(block.code, block.file).toBe(await readFile(new URL(block.file, packageRoot), "utf8"));
    });

    it.each(names)("examples/%s.ts runs and prints what its comments say", async (name) => {
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
      const expected = [...code.matchAll(/console\.log\([^\n]*\); \/\/ (.+)$/gm)].map((match) => match[1]!);
      expect(expected.length, `${name} states what it prints`).toBeGreaterThan(0);
      const squash = (text: string): string => text.replace(/\s+/g, "");
      for (const line of expected) expect(printed.map(squash), `${name}: ${line}\nprinted:\n${printed.join("\n")}`).toContain(squash(line));
    });
  });
}
