import { CORE_RUNTIME_DEPENDENCIES } from "../layers.js";
import { layerName, violationAt, type Usage } from "../usage.js";
import type { Violation } from "../workspace.js";

/** Checks that a run-time dependency of core is one core is allowed (zod only). */
export function checkCoreDependency(usage: Usage): Violation | undefined {
  if (usage.project.kind !== "package" || layerName(usage.project.name) !== "core")
    return undefined;
  if (!usage.shipped || CORE_RUNTIME_DEPENDENCIES.includes(usage.subject)) return undefined;
  return violationAt(
    usage,
    "core-runtime-dependencies",
    `core's only run-time dependencies may be: ${CORE_RUNTIME_DEPENDENCIES.join(", ")}`,
  );
}
