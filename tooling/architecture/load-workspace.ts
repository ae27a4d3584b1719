import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, posix } from "node:path";
import type {
  PackageInfo,
  PackageManifest,
  ProjectKind,
  SourceFile,
  Workspace,
} from "./workspace.js";

/** The workspace globs of pnpm-workspace.yaml this loader understands, and what they hold. */
const WORKSPACE_GLOBS: Readonly<Record<string, ProjectKind>> = {
  "packages/*": "package",
  "apps/*": "app",
  "test-e2e": "e2e",
  tooling: "tooling",
};

const skippedFolders = new Set(["node_modules", "dist", "coverage", ".turbo"]);
const sourceFile = /\.(ts|tsx|mts|cts)$/;
const rootConfigFile = /^[^/]+\.config\.[cm]?ts$/;

/**
 * Reads every workspace project under `repoRoot` from disk: its `package.json` and the files
 * whose imports are checked (`src/**`, `bench/**`, root `*.config.ts`; all of `test-e2e`).
 * Fails when pnpm-workspace.yaml names a folder this loader does not know, so a new kind of
 * project cannot slip past the check unseen.
 */
export function loadWorkspace(repoRoot: string): Workspace {
  const globs = readWorkspaceGlobs(join(repoRoot, "pnpm-workspace.yaml"));
  const unknown = globs.filter((glob) => WORKSPACE_GLOBS[glob] === undefined);
  if (unknown.length > 0) {
    throw new Error(
      `pnpm-workspace.yaml lists ${unknown.join(", ")}, which tooling/architecture/load-workspace.ts does not scan yet`,
    );
  }
  const packages = globs.flatMap((glob) =>
    projectDirs(repoRoot, glob).map((dir) =>
      loadProject(repoRoot, dir, WORKSPACE_GLOBS[glob] ?? "package"),
    ),
  );
  return { packages };
}

function readWorkspaceGlobs(file: string): string[] {
  const globs: string[] = [];
  let inPackages = false;
  for (const line of readFileSync(file, "utf8").split(/\r?\n/)) {
    if (/^\S/.test(line)) inPackages = /^packages:\s*$/.test(line);
    const item = inPackages ? /^\s+-\s+["']?([^"'#\s]+)["']?/.exec(line) : null;
    if (item?.[1] !== undefined) globs.push(item[1]);
  }
  return globs;
}

function projectDirs(repoRoot: string, glob: string): string[] {
  if (!glob.endsWith("/*")) return existsSync(join(repoRoot, glob)) ? [glob] : [];
  const parent = glob.slice(0, -2);
  if (!existsSync(join(repoRoot, parent))) return [];
  return readdirSync(join(repoRoot, parent), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith("."))
    .map((entry) => posix.join(parent, entry.name))
    .sort();
}

function loadProject(repoRoot: string, dir: string, kind: ProjectKind): PackageInfo {
  const manifestPath = join(repoRoot, dir, "package.json");
  // A folder still being set up has no package.json yet; its sources are checked all the same.
  const manifest: PackageManifest = existsSync(manifestPath)
    ? (JSON.parse(readFileSync(manifestPath, "utf8")) as PackageManifest)
    : {};
  const name = manifest.name ?? `@nucleo/${posix.basename(dir)}`;
  return {
    kind,
    dir,
    name,
    manifest,
    sources: kind === "tooling" ? [] : loadSources(repoRoot, dir, kind),
  };
}

function loadSources(repoRoot: string, dir: string, kind: ProjectKind): SourceFile[] {
  const paths =
    kind === "e2e"
      ? walk(repoRoot, dir)
      : [
          ...walk(repoRoot, `${dir}/src`),
          ...walk(repoRoot, `${dir}/bench`),
          ...rootConfigFiles(repoRoot, dir),
        ];
  return paths
    .filter((path) => sourceFile.test(path))
    .map((path) => ({ path, text: readFileSync(join(repoRoot, path), "utf8") }));
}

function rootConfigFiles(repoRoot: string, dir: string): string[] {
  return readdirSync(join(repoRoot, dir), { withFileTypes: true })
    .filter((entry) => entry.isFile() && rootConfigFile.test(entry.name))
    .map((entry) => posix.join(dir, entry.name));
}

function walk(repoRoot: string, dir: string): string[] {
  if (!existsSync(join(repoRoot, dir))) return [];
  return readdirSync(join(repoRoot, dir), { withFileTypes: true })
    .sort((left, right) => left.name.localeCompare(right.name))
    .flatMap((entry) => {
      const path = posix.join(dir, entry.name);
      if (entry.isDirectory())
        return skippedFolders.has(entry.name) || entry.name.startsWith(".")
          ? []
          : walk(repoRoot, path);
      return entry.isFile() ? [path] : [];
    });
}
