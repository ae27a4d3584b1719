import type { ParsedSpecifier } from "../specifier.js";
import { violationAt, type Usage } from "../usage.js";
import type { PackageInfo, Violation } from "../workspace.js";

/** The subpath a package shares its cross-package internals through (`@nucleo/x/internal`). */
export const INTERNAL_SUBPATH = "./internal";

/**
 * Checks that a project's `./internal` subpath (and anything under it) is imported only by
 * other workspace packages (`packages/*`). Apps and `test-e2e` use packages the way users do,
 * through their public entries, so what they import stays a promise; internals may change in
 * any release.
 */
export function checkInternalSubpath(
  usage: Usage,
  parsed: ParsedSpecifier,
  projects: ReadonlyMap<string, PackageInfo>,
): Violation | undefined {
  if (parsed.kind !== "package" || !isInternal(parsed.subpath)) return undefined;
  const target = projects.get(parsed.packageName);
  if (
    target === undefined ||
    target.name === usage.project.name ||
    usage.project.kind === "package"
  )
    return undefined;
  const who = usage.project.kind === "app" ? "an app" : "the end-to-end suite";
  return violationAt(
    usage,
    "internal-subpath",
    `${parsed.packageName}/internal is for Nucleo's own packages, not ${who}; use ${parsed.packageName}'s public entry`,
  );
}

function isInternal(subpath: string): boolean {
  return subpath === INTERNAL_SUBPATH || subpath.startsWith(`${INTERNAL_SUBPATH}/`);
}
