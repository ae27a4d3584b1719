import { posix } from "node:path";
import { exportsBySubpath, isExportedSubpath } from "../exports-map.js";
import { WORKSPACE_SCOPE } from "../layers.js";
import type { ParsedSpecifier } from "../specifier.js";
import { violationAt, type Usage } from "../usage.js";
import type { PackageInfo, Violation } from "../workspace.js";

/**
 * Checks that an import enters another project only through its `exports` map: no
 * `@nucleo/x/src/...` or `/dist/...`, no undeclared subpath, and no relative or absolute path
 * that leaves the importing project's folder.
 */
export function checkDeepImport(
  usage: Usage,
  parsed: ParsedSpecifier,
  projects: ReadonlyMap<string, PackageInfo>,
): Violation | undefined {
  const { project } = usage;
  if (parsed.kind === "absolute") {
    return violationAt(
      usage,
      "no-deep-import",
      "absolute paths are not allowed; import a package by name",
    );
  }
  if (parsed.kind === "relative") {
    const resolved = posix.normalize(posix.join(posix.dirname(usage.file), parsed.specifier));
    if (resolved === project.dir || resolved.startsWith(`${project.dir}/`)) return undefined;
    return violationAt(
      usage,
      "no-deep-import",
      `the relative path leaves ${project.dir}/; import the other package by name through its exports`,
    );
  }
  if (parsed.kind !== "package") return undefined;
  const target = projects.get(parsed.packageName);
  const firstSegment = parsed.subpath.split("/")[1];
  if (
    (target !== undefined || parsed.packageName.startsWith(WORKSPACE_SCOPE)) &&
    (firstSegment === "src" || firstSegment === "dist")
  ) {
    return violationAt(
      usage,
      "no-deep-import",
      `reaches into ${parsed.packageName}'s ${firstSegment}/; import its public entry or a subpath its exports declare`,
    );
  }
  if (target === undefined) return undefined;
  if (isExportedSubpath(target.manifest.exports, parsed.subpath)) return undefined;
  const declared = [...exportsBySubpath(target.manifest.exports).keys()]
    .map((key) => `"${key}"`)
    .join(", ");
  return violationAt(
    usage,
    "no-deep-import",
    `"${parsed.subpath}" is not in ${target.name}'s exports (it declares ${declared})`,
  );
}
