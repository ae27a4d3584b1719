import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { findOversizedFiles, MAX_FILE_LINES } from "./oversized-files.js";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

describe("file size", () => {
  it(`no code file in the repository, tests included, is over ${MAX_FILE_LINES} lines`, () => {
    const oversized = findOversizedFiles(repoRoot);
    const report = oversized.map(({ file, lines }) => `  ${file}: ${lines} lines`).join("\n");
    expect(oversized, `split these by what each part does:\n${report}\n`).toEqual([]);
  });

  it("a file one line over the limit is named with its count; built and installed folders are not read", () => {
    const root = mkdtempSync(join(tmpdir(), "nucleo-file-size-"));
    try {
      const lines = (count: number) => "const x = 1;\n".repeat(count);
      mkdirSync(join(root, "src"));
      mkdirSync(join(root, "dist"));
      mkdirSync(join(root, "node_modules"));
      writeFileSync(join(root, "src/at-limit.ts"), lines(10));
      writeFileSync(join(root, "src/over.test.ts"), lines(11));
      writeFileSync(join(root, "src/notes.md"), lines(50));
      writeFileSync(join(root, "dist/built.js"), lines(50));
      writeFileSync(join(root, "node_modules/dep.js"), lines(50));
      expect(findOversizedFiles(root, 10)).toEqual([
        { file: join("src", "over.test.ts"), lines: 11 },
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
