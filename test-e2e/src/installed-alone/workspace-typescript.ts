import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/**
 * The `tsc` of the workspace's own TypeScript (the root package.json declares it; its lockfile
 * pins the version). Installed projects are type-checked with it from outside: a TypeScript
 * inside the project would sit in the project's node_modules, where Node and TypeScript find it
 * from any installed package — so a package that imports `typescript` without declaring it
 * would pass.
 */
export function workspaceTsc(repoRoot: string): string {
  const manifest = createRequire(join(repoRoot, "package.json")).resolve("typescript/package.json");
  return join(dirname(manifest), "bin", "tsc");
}
