import { isBuiltin } from "node:module";
import {
  readmeExampleBlocks,
  type ReadmeExampleBlock,
} from "@nucleo/tooling/readme-example-blocks";

/** What a README tells a user to install, and the first example it then shows. */
export interface ReadmeInstallPlan {
  /** Packages named by the `pnpm add` lines of the README's first ```sh block. */
  readonly dependencies: readonly string[];
  /** Packages named by its `pnpm add -D` lines. */
  readonly devDependencies: readonly string[];
  /** The README's first ```ts block that opens with `// examples/<name>.ts`. */
  readonly example: ReadmeExampleBlock | undefined;
}

/**
 * Reads a package README the way a user does: the install line(s) at the top, then the first
 * runnable example.
 *
 * @example
 * readmeInstallPlan("```sh\npnpm add @nucleo/core zod\n```\n"); // { dependencies: ["@nucleo/core", "zod"], … }
 */
export function readmeInstallPlan(readme: string): ReadmeInstallPlan {
  const firstShell = /```(?:sh|bash)\n([\s\S]*?)```/.exec(readme)?.[1] ?? "";
  const dependencies: string[] = [];
  const devDependencies: string[] = [];
  for (const line of firstShell.split("\n")) {
    const words = line.replace(/#.*$/, "").trim().split(/\s+/);
    if (words[0] !== "pnpm" || words[1] !== "add") continue;
    const flags = words.slice(2).filter((word) => word.startsWith("-"));
    const names = words.slice(2).filter((word) => !word.startsWith("-"));
    (flags.includes("-D") || flags.includes("--save-dev") ? devDependencies : dependencies).push(
      ...names,
    );
  }
  return { dependencies, devDependencies, example: readmeExampleBlocks(readme)[0] };
}

/**
 * The packages a piece of code loads: static and dynamic imports, re-exports and
 * `require`/`createRequire(…).resolve` of bare specifiers, Node's built-ins left out.
 *
 * @example
 * importedPackages('import { z } from "zod";\nimport { join } from "node:path";'); // ["zod"]
 */
export function importedPackages(code: string): string[] {
  const specifiers = [
    ...code.matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s+["']([^"']+)["']/gm),
    ...code.matchAll(/^\s*import\s+["']([^"']+)["']/gm),
    ...code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g),
    ...code.matchAll(
      /\b(?:require|createRequire\([^)]*\))(?:\.resolve)?\(\s*["']([^"']+)["']\s*\)/g,
    ),
  ].map((match) => match[1]!);
  const packages = specifiers
    .filter(
      (specifier) =>
        !specifier.startsWith(".") && !specifier.startsWith("/") && !isBuiltin(specifier),
    )
    .map(packageOfSpecifier);
  return [...new Set(packages)];
}

/** `@scope/name/sub/path` → `@scope/name`; `name/sub` → `name`. */
export function packageOfSpecifier(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
}

/** A name as an install line gives it, without a version: `zod@^4` → `zod`, `@a/b@1` → `@a/b`. */
export function nameOfInstallSpec(spec: string): string {
  const at = spec.indexOf("@", 1);
  return at === -1 ? spec : spec.slice(0, at);
}

/**
 * Whether the code uses Node's own API (`node:` modules, `process`, `Buffer`,
 * `import.meta.dirname`), so that type-checking it needs `@types/node` beside the packages.
 */
export function usesNodeApi(code: string): boolean {
  return /["']node:|\bprocess\.|\bBuffer\b|\bimport\.meta\.(?:dirname|filename)\b/.test(code);
}

/**
 * Files the code opens beside itself, `new URL("./x", import.meta.url)`: a copied example
 * needs them copied along.
 */
export function filesBesideExample(code: string): string[] {
  return [
    ...new Set(
      [...code.matchAll(/new URL\(\s*["']\.\/([^"']+)["']\s*,\s*import\.meta\.url\s*\)/g)].map(
        (match) => match[1]!,
      ),
    ),
  ];
}
