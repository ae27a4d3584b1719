import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

/** The most lines a TypeScript or JavaScript file of the repository may have (decision 0037). */
export const MAX_FILE_LINES = 400;

/** Folders that hold what was built or installed, not what was written. */
const SKIPPED_DIRECTORIES = new Set([
  "node_modules",
  "dist",
  ".git",
  ".turbo",
  "coverage",
  ".nucleo",
]);

const CODE_FILE = /\.(?:ts|mts|cts|js|mjs|cjs)$/;

/** A file over the limit: its path from the root and how many lines it has. */
export interface OversizedFile {
  readonly file: string;
  readonly lines: number;
}

/**
 * Every code file under `root` with more than `limit` lines, sorted by path. A long file
 * usually holds several things; the limit makes the split happen when it is cheap.
 *
 * @example
 * findOversizedFiles(repoRoot); // [] when every file is within MAX_FILE_LINES
 */
export function findOversizedFiles(root: string, limit = MAX_FILE_LINES): OversizedFile[] {
  const found: OversizedFile[] = [];
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRECTORIES.has(entry.name)) walk(path);
      } else if (entry.isFile() && CODE_FILE.test(entry.name)) {
        const text = readFileSync(path, "utf8");
        const lines = text.endsWith("\n") ? text.split("\n").length - 1 : text.split("\n").length;
        if (lines > limit) found.push({ file: relative(root, path), lines });
      }
    }
  };
  walk(root);
  return found.sort((a, b) => a.file.localeCompare(b.file));
}
