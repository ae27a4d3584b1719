import { VENDOR_HOMES } from "../layers.js";
import { layerName, violationAt, type Usage } from "../usage.js";
import type { Violation } from "../workspace.js";

/**
 * Checks that a vendor SDK is used only by the one package that wraps it (apps and
 * `test-e2e` excepted). `packageName` is the package behind the import or dependency.
 */
export function checkVendor(usage: Usage, packageName: string): Violation | undefined {
  const home = VENDOR_HOMES[packageName];
  if (home === undefined || usage.project.kind !== "package") return undefined;
  if (layerName(usage.project.name) === home) return undefined;
  return violationAt(usage, "vendor-home", `${packageName} belongs only in ${home} (and apps)`);
}
