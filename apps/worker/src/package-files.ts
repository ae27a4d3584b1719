import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseJson } from "./config/parse-json.js";

let root: string | undefined;

/**
 * A file shipped with the worker package (`config/worker.json`, `samples/field-notes.txt`),
 * found from this module whether it runs from `src/` (tests) or from the bundled `dist/`.
 */
export function packageFile(relative: string): string {
  root ??= findPackageRoot(dirname(fileURLToPath(import.meta.url)));
  return join(root, relative);
}

function findPackageRoot(from: string): string {
  for (let folder = from; ; folder = dirname(folder)) {
    const manifest = join(folder, "package.json");
    const parsed = existsSync(manifest) ? parseJson(readFileSync(manifest, "utf8")) : undefined;
    if (parsed?.success && (parsed.value as { name?: unknown }).name === "@nucleo/worker")
      return folder;
    if (dirname(folder) === folder)
      throw new Error(`nucleo: cannot find the @nucleo/worker package above ${from}`);
  }
}
