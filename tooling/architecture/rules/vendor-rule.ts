import { DEV_ONLY_VENDORS, VENDOR_HOMES } from "../layers.js";
import { layerName, violationAt, type Usage } from "../usage.js";
import type { Violation } from "../workspace.js";

/**
 * Checks that a vendor SDK is used only by the one package that wraps it (apps and
 * `test-e2e` excepted, and packages that `DEV_ONLY_VENDORS` lets use it outside shipped code).
 * `packageName` is the package behind the import or dependency.
 */
export function checkVendor(usage: Usage, packageName: string): Violation | undefined {
  const home = VENDOR_HOMES[packageName];
  if (home === undefined || usage.project.kind !== "package") return undefined;
  const layer = layerName(usage.project.name);
  if (layer === home) return undefined;
  const devOnly = layer === undefined ? [] : (DEV_ONLY_VENDORS[layer] ?? []);
  if (devOnly.includes(packageName)) {
    return usage.shipped
      ? violationAt(
          usage,
          "vendor-home",
          `${packageName} belongs only in ${home} (and apps); ${layer} may use it only from tests, benches, config files and devDependencies`,
        )
      : undefined;
  }
  return violationAt(usage, "vendor-home", `${packageName} belongs only in ${home} (and apps)`);
}
