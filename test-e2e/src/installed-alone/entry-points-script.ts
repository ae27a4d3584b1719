import type { PackageManifest } from "./published-packages.js";

/** A script to run where a package is installed, and the lines it must print. */
export interface EntryPointsScript {
  readonly code: string;
  readonly expected: readonly string[];
}

/**
 * A script that imports every entry point a manifest exports (`.`, `./testing`, …; not
 * `./package.json`) and prints, for each, its specifier and whether it exports anything. Run
 * where only the package is installed, it loads each entry with nothing but the package's
 * declared dependencies; type-checked there, it reads each entry's published declarations.
 *
 * @example
 * entryPointsScript({ name: "@nucleo/core", version: "0.1.0", exports: { ".": {…}, "./testing": {…} } }).expected;
 * // ["@nucleo/core true", "@nucleo/core/testing true"]
 */
export function entryPointsScript(manifest: PackageManifest): EntryPointsScript {
  const subpaths = Object.keys(manifest.exports ?? { ".": "" }).filter(
    (subpath) => subpath !== "./package.json" && !subpath.includes("*"),
  );
  const specifiers = subpaths.map((subpath) =>
    subpath === "." ? manifest.name : `${manifest.name}/${subpath.slice(2)}`,
  );
  const imports = specifiers.map(
    (specifier, index) => `import * as entry${index} from "${specifier}";`,
  );
  const prints = specifiers.map(
    (specifier, index) => `console.log("${specifier}", Object.keys(entry${index}).length > 0);`,
  );
  return {
    code: `${[...imports, "", ...prints].join("\n")}\n`,
    expected: specifiers.map((specifier) => `${specifier} true`),
  };
}
