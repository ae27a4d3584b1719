import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";

/** The fields of a package manifest that installing and resolving a package read. */
export interface PackageManifest {
  readonly name: string;
  readonly version: string;
  readonly private?: boolean;
  readonly main?: string;
  readonly types?: string;
  readonly bin?: Readonly<Record<string, string>>;
  readonly exports?: Readonly<Record<string, string | Readonly<Record<string, string>>>>;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly devDependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
}

/** A workspace package that users install: not private, under `packages/`. */
export interface PublishedPackage {
  readonly name: string;
  /** Absolute path of the package's folder. */
  readonly dir: string;
  readonly manifest: PackageManifest;
  readonly readme: string;
}

/**
 * Every package under `packages/` that is not private, in folder order. Apps, `tooling` and
 * `test-e2e` live elsewhere and are never published.
 */
export async function listPublishedPackages(repoRoot: string): Promise<PublishedPackage[]> {
  const folders = (await readdir(join(repoRoot, "packages"), { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const packages: PublishedPackage[] = [];
  for (const folder of folders) {
    const dir = join(repoRoot, "packages", folder);
    const manifest = JSON.parse(
      await readFile(join(dir, "package.json"), "utf8"),
    ) as PackageManifest;
    if (manifest.private === true) continue;
    packages.push({
      name: manifest.name,
      dir,
      manifest,
      readme: await readFile(join(dir, "README.md"), "utf8"),
    });
  }
  return packages;
}

/**
 * The files a manifest promises to users: `main`, `types`, every `bin`, and every target of
 * `exports` except the workspace-only `@nucleo/source` condition (sources are not shipped).
 */
export function promisedFiles(manifest: PackageManifest): string[] {
  const targets = [manifest.main, manifest.types, ...Object.values(manifest.bin ?? {})];
  for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
    if (subpath === "./package.json") continue;
    if (typeof target === "string") targets.push(target);
    else
      for (const [condition, file] of Object.entries(target))
        if (condition !== "@nucleo/source") targets.push(file);
  }
  return [...new Set(targets.filter((target) => target !== undefined))];
}
