import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { checkArchitecture } from "./check-architecture.js";
import { loadWorkspace } from "./load-workspace.js";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

describe("the workspace", () => {
  const workspace = loadWorkspace(repoRoot);

  it("is scanned: core and its sources are found", () => {
    const core = workspace.packages.find((project) => project.name === "@nucleo/core");
    expect(core?.sources.length ?? 0).toBeGreaterThan(0);
  });

  it("keeps the layers, exports, vendor and core-dependency rules of the layer map", () => {
    const violations = checkArchitecture(workspace);
    const report = violations
      .map((violation) => `  [${violation.rule}] ${violation.message}`)
      .join("\n");
    expect(violations, `${violations.length} architecture violation(s):\n${report}\n`).toEqual([]);
  });
});
