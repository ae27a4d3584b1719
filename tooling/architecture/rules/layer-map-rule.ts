import { LAYERS } from "../layers.js";
import { layerName } from "../usage.js";
import type { PackageInfo, Violation } from "../workspace.js";

/** Reports a project under `packages/` that the layer map does not place. */
export function checkInLayerMap(project: PackageInfo): Violation | undefined {
  if (project.kind !== "package") return undefined;
  const layer = layerName(project.name);
  if (layer !== undefined && LAYERS[layer] !== undefined) return undefined;
  const file = `${project.dir}/package.json`;
  return {
    rule: "unknown-package",
    file,
    subject: project.name,
    message: `${file} is named "${project.name}": not in the layer map; add it to the layer map in tooling/architecture/layers.ts`,
  };
}
