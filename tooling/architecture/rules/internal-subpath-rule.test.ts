import { describe, expect, it } from "vitest";
import { checkArchitecture } from "../check-architecture.js";
import { fakeProject, fakeWorkspace } from "../fake-workspace.js";

const core = fakeProject("core", {
  exports: {
    ".": "./src/index.ts",
    "./internal": "./src/internal/index.ts",
    "./package.json": "./package.json",
  },
});

describe("the internal subpath is for workspace packages only", () => {
  it("a workspace package may import another package's ./internal", () => {
    const catalog = fakeProject("catalog", {
      files: { "src/picker.ts": 'import { walk } from "@nucleo/core/internal";' },
    });
    expect(checkArchitecture(fakeWorkspace(core, catalog))).toEqual([]);
  });

  it("an app cannot import a package's ./internal", () => {
    const worker = fakeProject(
      "worker",
      { files: { "src/main.ts": 'import { walk } from "@nucleo/core/internal";' } },
      "app",
    );
    const violations = checkArchitecture(fakeWorkspace(core, worker));
    expect(violations).toEqual([
      expect.objectContaining({
        rule: "internal-subpath",
        file: "apps/worker/src/main.ts",
        subject: "@nucleo/core/internal",
      }),
    ]);
    expect(violations[0]?.message).toBe(
      "apps/worker/src/main.ts imports \"@nucleo/core/internal\": @nucleo/core/internal is for Nucleo's own packages, not an app; use @nucleo/core's public entry",
    );
  });

  it("the end-to-end suite cannot import a package's ./internal, nor anything under it", () => {
    const e2e = fakeProject(
      "test-e2e",
      { files: { "src/run.test.ts": 'import { walk } from "@nucleo/core/internal/walk";' } },
      "e2e",
    );
    const violations = checkArchitecture(fakeWorkspace(core, e2e));
    expect(violations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          rule: "internal-subpath",
          subject: "@nucleo/core/internal/walk",
        }),
      ]),
    );
  });
});
