import { DEV_ONLY_LAYERS, DEV_TOOLING_PACKAGES, LAYERS } from "../layers.js";
import { layerName, violationAt, type Usage } from "../usage.js";
import type { PackageInfo, Violation } from "../workspace.js";

/**
 * Checks that a use of the workspace project `targetName` follows the layer map (`layers.ts`): the target
 * exists, it is not an app, dev-only presets stay out of shipped code, and a package uses only
 * packages below it. Apps and `test-e2e` may use any package.
 */
export function checkLayer(
  usage: Usage,
  targetName: string,
  projects: ReadonlyMap<string, PackageInfo>,
): Violation | undefined {
  const { project } = usage;
  if (targetName === project.name) return undefined;
  const target = projects.get(targetName);
  if (project.kind === "package" && (target?.kind === "app" || target?.kind === "e2e")) {
    const what = target.kind === "app" ? "an app" : "the end-to-end suite";
    return violationAt(
      usage,
      "no-app-import",
      `${targetName} is ${what}; apps compose packages, no package imports an app`,
    );
  }
  const targetLayer = layerName(targetName) ?? targetName;
  if (DEV_TOOLING_PACKAGES.includes(targetLayer)) {
    return usage.shipped
      ? violationAt(
          usage,
          "dev-only-package",
          `${targetName} is dev-only: list it in devDependencies and import it only from config, test or bench files`,
        )
      : undefined;
  }
  const order = project.kind === "package" ? checkOrder(usage, targetLayer) : undefined;
  if (order !== undefined || target !== undefined) return order;
  return violationAt(usage, "unknown-package", `no workspace project is named ${targetName}`);
}

function checkOrder(usage: Usage, targetLayer: string): Violation | undefined {
  const ownLayer = layerName(usage.project.name);
  const allowed = ownLayer === undefined ? undefined : LAYERS[ownLayer];
  // A package missing from the map is reported once, by the layer-map rule.
  if (ownLayer === undefined || allowed === undefined) return undefined;
  if (allowed.includes(targetLayer)) return undefined;
  const devOnly = DEV_ONLY_LAYERS[ownLayer] ?? [];
  if (devOnly.includes(targetLayer)) {
    return usage.shipped
      ? violationAt(
          usage,
          "layer-order",
          `${ownLayer} may use ${targetLayer} only from tests, benches, config files and devDependencies`,
        )
      : undefined;
  }
  const list = allowed.length === 0 ? "(none)" : allowed.join(", ");
  const extra = devOnly.length === 0 ? "" : ` (and, outside shipped code, ${devOnly.join(", ")})`;
  return violationAt(usage, "layer-order", `${ownLayer} may import only: ${list}${extra}`);
}
