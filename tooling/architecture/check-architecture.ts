import { fileRole } from "./file-role.js";
import { findImports } from "./find-imports.js";
import { WORKSPACE_SCOPE } from "./layers.js";
import { checkCoreDependency } from "./rules/core-dependencies-rule.js";
import { checkDeepImport } from "./rules/deep-import-rule.js";
import { checkInternalSubpath } from "./rules/internal-subpath-rule.js";
import { checkInLayerMap } from "./rules/layer-map-rule.js";
import { checkLayer } from "./rules/layer-rule.js";
import { checkVendor } from "./rules/vendor-rule.js";
import { packageBehindDependency, parseSpecifier } from "./specifier.js";
import type { Usage } from "./usage.js";
import type { PackageInfo, SourceFile, Violation, Workspace } from "./workspace.js";

type ProjectIndex = ReadonlyMap<string, PackageInfo>;

const dependencyFields = [
  "dependencies",
  "peerDependencies",
  "optionalDependencies",
  "devDependencies",
] as const;

/**
 * Checks a workspace against the boundaries the root README draws: layer order, no deep imports,
 * `./internal` subpaths for workspace packages only, vendor SDKs in their one package, zod as
 * core's only run-time dependency. Pure: it reads
 * only what it is given, so tests can hand it a workspace built in memory.
 *
 * @example
 * const violations = checkArchitecture(loadWorkspace(repoRoot));
 */
export function checkArchitecture(workspace: Workspace): Violation[] {
  const projects: ProjectIndex = new Map(
    workspace.packages.map((project) => [project.name, project]),
  );
  return workspace.packages.flatMap((project) => [
    ...present(checkInLayerMap(project)),
    ...checkManifest(project, projects),
    ...project.sources.flatMap((source) => checkSource(project, source, projects)),
  ]);
}

function checkManifest(project: PackageInfo, projects: ProjectIndex): Violation[] {
  if (project.kind === "tooling") return [];
  return dependencyFields.flatMap((field) =>
    Object.keys(project.manifest[field] ?? {}).flatMap((name) => {
      const usage: Usage = {
        project,
        file: `${project.dir}/package.json`,
        subject: name,
        action: `lists "${name}" in ${field}`,
        shipped: field !== "devDependencies",
      };
      const behind = packageBehindDependency(name);
      return present(
        isWorkspaceName(behind, projects) ? checkLayer(usage, behind, projects) : undefined,
        checkVendor(usage, behind),
        checkCoreDependency(usage),
      );
    }),
  );
}

function checkSource(
  project: PackageInfo,
  source: SourceFile,
  projects: ProjectIndex,
): Violation[] {
  const shipped = fileRole(project, source.path) === "shipped";
  return unique(findImports(source.text)).flatMap((specifier) => {
    const usage: Usage = {
      project,
      file: source.path,
      subject: specifier,
      action: `imports "${specifier}"`,
      shipped,
    };
    const parsed = parseSpecifier(specifier);
    const packageName = parsed.kind === "package" ? parsed.packageName : undefined;
    return present(
      packageName !== undefined && isWorkspaceName(packageName, projects)
        ? checkLayer(usage, packageName, projects)
        : undefined,
      checkDeepImport(usage, parsed, projects),
      checkInternalSubpath(usage, parsed, projects),
      packageName === undefined ? undefined : checkVendor(usage, packageName),
    );
  });
}

function isWorkspaceName(packageName: string, projects: ProjectIndex): boolean {
  return packageName.startsWith(WORKSPACE_SCOPE) || projects.has(packageName);
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

function present(...violations: ReadonlyArray<Violation | undefined>): Violation[] {
  return violations.filter((violation) => violation !== undefined);
}
