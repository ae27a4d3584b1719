import type { PackageInfo, PackageManifest, ProjectKind, Workspace } from "./workspace.js";

/** How a test describes one project: its files by path inside the project, and manifest fields. */
export interface FakeProject extends Omit<PackageManifest, "name"> {
  readonly files?: Readonly<Record<string, string>>;
}

const folders: Readonly<Record<ProjectKind, string>> = {
  package: "packages",
  app: "apps",
  e2e: "",
  tooling: "",
};

/**
 * Builds a project the way the loader would, from a short name: `fakeProject("catalog", {...})`
 * is `@nucleo/catalog` in `packages/catalog`, exporting only `.` unless told otherwise.
 *
 * @example
 * fakeProject("core", { files: { "src/index.ts": 'import "@nucleo/catalog";' } });
 */
export function fakeProject(
  shortName: string,
  project: FakeProject = {},
  kind: ProjectKind = "package",
): PackageInfo {
  const folder = folders[kind];
  const dir = folder === "" ? shortName : `${folder}/${shortName}`;
  const { files = {}, ...manifest } = project;
  return {
    kind,
    dir,
    name: `@nucleo/${shortName}`,
    manifest: { name: `@nucleo/${shortName}`, exports: { ".": "./src/index.ts" }, ...manifest },
    sources: Object.entries(files).map(([path, text]) => ({ path: `${dir}/${path}`, text })),
  };
}

/** A workspace of the given projects. */
export function fakeWorkspace(...packages: PackageInfo[]): Workspace {
  return { packages };
}
