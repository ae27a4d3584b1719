import { readFile } from "node:fs/promises";
import { format } from "node:util";
import { describe, expect, it, vi } from "vitest";

const README = new URL("../README.md", import.meta.url);

/** README code blocks that open with `// examples/<file>.ts` are copies of runnable files. */
async function readmeExamples(): Promise<Array<{ file: string; code: string }>> {
  const text = await readFile(README, "utf8");
  return [...text.matchAll(/```ts\n(\/\/ (examples\/[\w-]+\.ts)\n[\s\S]*?)```/g)].map((match) => ({ file: match[2]!, code: match[1]! }));
}

describe("README examples", () => {
  it("every example in the README is a file of examples/, word for word", async () => {
    const examples = await readmeExamples();
    expect(examples.map((example) => example.file)).toEqual(["examples/quick-start.ts", "examples/doer-workflow.ts", "examples/seats-and-signals.ts"]);
    for (const example of examples) {
      expect(example.code, example.file).toBe(await readFile(new URL(`../${example.file}`, import.meta.url), "utf8"));
    }
  });

  it.each(["quick-start", "doer-workflow", "seats-and-signals"])("examples/%s.ts runs and prints what its comments say", async (name) => {
    const code = await readFile(new URL(`../examples/${name}.ts`, import.meta.url), "utf8");
    const printed: string[] = [];
    const log = vi.spyOn(console, "log").mockImplementation((...values: unknown[]) => {
      printed.push(format(...values));
    });
    try {
      await import(`../examples/${name}.ts`);
    } finally {
      log.mockRestore();
    }
    // Each `console.log(...); // expected` comment must match a printed line (spacing aside).
    const expected = [...code.matchAll(/console\.log\([^\n]*\); \/\/ (.+)$/gm)].map((match) => match[1]!);
    expect(expected.length).toBeGreaterThan(0);
    const squash = (text: string) => text.replace(/\s+/g, "");
    for (const line of expected) {
      expect(printed.map(squash), `${name}: ${line}\nprinted:\n${printed.join("\n")}`).toContain(squash(line));
    }
  });
});
