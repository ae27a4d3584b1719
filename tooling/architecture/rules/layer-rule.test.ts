import { describe, expect, it } from "vitest";
import { checkArchitecture } from "../check-architecture.js";
import { fakeProject, fakeWorkspace } from "../fake-workspace.js";

const core = fakeProject("core", {
  exports: { ".": "./src/index.ts", "./testing": "./src/testing/index.ts" },
});
const catalog = fakeProject("catalog");
const worker = fakeProject("worker", {}, "app");
const tooling = fakeProject(
  "tooling",
  { exports: { "./vitest": "./vitest.preset.ts" } },
  "tooling",
);

describe("layer order (the layer map)", () => {
  it("a lower layer cannot import a higher one: core importing catalog", () => {
    const violations = checkArchitecture(
      fakeWorkspace(
        fakeProject("core", { files: { "src/x.ts": 'import { pick } from "@nucleo/catalog";' } }),
        catalog,
      ),
    );
    expect(violations.map((violation) => violation.message)).toEqual([
      'packages/core/src/x.ts imports "@nucleo/catalog": core may import only: (none)',
    ]);
    expect(violations[0]?.rule).toBe("layer-order");
  });

  it("a type-only import of a higher layer is still a coupling", () => {
    const violations = checkArchitecture(
      fakeWorkspace(
        fakeProject("core", {
          files: { "src/x.ts": 'import type {\n  Entry,\n} from "@nucleo/catalog";' },
        }),
        catalog,
      ),
    );
    expect(violations).toEqual([
      expect.objectContaining({ rule: "layer-order", subject: "@nucleo/catalog" }),
    ]);
  });

  it("a package.json dependency on a higher layer breaks the order too", () => {
    const violations = checkArchitecture(
      fakeWorkspace(
        fakeProject("core", { dependencies: { zod: "^4", "@nucleo/catalog": "workspace:*" } }),
        catalog,
      ),
    );
    expect(violations).toContainEqual(
      expect.objectContaining({
        rule: "layer-order",
        message:
          'packages/core/package.json lists "@nucleo/catalog" in dependencies: core may import only: (none)',
      }),
    );
  });

  it("a package may import the packages below it: catalog importing core", () => {
    const catalogUsingCore = fakeProject("catalog", {
      dependencies: { "@nucleo/core": "workspace:*" },
      files: {
        "src/picker.ts":
          'import { Grade } from "@nucleo/core";\nexport { type Job } from "@nucleo/core";',
      },
    });
    expect(checkArchitecture(fakeWorkspace(core, catalogUsingCore))).toEqual([]);
  });

  it("a package may import itself by name", () => {
    const coreBench = fakeProject("core", {
      files: { "bench/probe.ts": 'import { JobDispatcher } from "@nucleo/core";' },
    });
    expect(checkArchitecture(fakeWorkspace(coreBench))).toEqual([]);
  });

  it("apps may import any package", () => {
    const app = fakeProject(
      "worker",
      {
        files: {
          "src/main.ts":
            'import "@nucleo/catalog";\nimport { x } from "@nucleo/core";\nimport { Pool } from "pg";',
        },
      },
      "app",
    );
    expect(checkArchitecture(fakeWorkspace(core, catalog, app))).toEqual([]);
  });

  it("no package imports an app", () => {
    const violations = checkArchitecture(
      fakeWorkspace(
        fakeProject("catalog", {
          files: { "src/x.ts": 'const worker = await import("@nucleo/worker");' },
        }),
        worker,
      ),
    );
    expect(violations).toEqual([
      expect.objectContaining({
        rule: "no-app-import",
        file: "packages/catalog/src/x.ts",
        subject: "@nucleo/worker",
      }),
    ]);
  });

  it("every package under packages/ has a place in the layer map", () => {
    const violations = checkArchitecture(fakeWorkspace(fakeProject("gadgets")));
    expect(violations).toEqual([
      expect.objectContaining({ rule: "unknown-package", file: "packages/gadgets/package.json" }),
    ]);
    expect(violations[0]?.message).toContain("add it to the layer map");
  });

  it("an import of a workspace package that does not exist is reported", () => {
    const violations = checkArchitecture(
      fakeWorkspace(
        fakeProject("worker", { files: { "src/x.ts": 'import "@nucleo/nowhere";' } }, "app"),
      ),
    );
    expect(violations).toEqual([
      expect.objectContaining({ rule: "unknown-package", subject: "@nucleo/nowhere" }),
    ]);
  });
});

describe("dev-only workspace packages", () => {
  it("@nucleo/tooling may be a devDependency and be imported from config files", () => {
    const withPresets = fakeProject("core", {
      devDependencies: { "@nucleo/tooling": "workspace:*" },
      files: { "vitest.config.ts": 'import { definePackageTests } from "@nucleo/tooling/vitest";' },
    });
    expect(checkArchitecture(fakeWorkspace(withPresets, tooling))).toEqual([]);
  });

  it("@nucleo/tooling stays out of shipped code and run-time dependencies", () => {
    const leaking = fakeProject("catalog", {
      dependencies: { "@nucleo/tooling": "workspace:*" },
      files: { "src/x.ts": 'import { definePackageTests } from "@nucleo/tooling/vitest";' },
    });
    expect(
      checkArchitecture(fakeWorkspace(leaking, tooling)).map((violation) => [
        violation.rule,
        violation.file,
      ]),
    ).toEqual([
      ["dev-only-package", "packages/catalog/package.json"],
      ["dev-only-package", "packages/catalog/src/x.ts"],
    ]);
  });

  it("tests (and their test-support helpers) above @nucleo/testing may use it; shipped code may not", () => {
    const testing = fakeProject("testing");
    const thinkers = fakeProject("thinkers", {
      devDependencies: { "@nucleo/testing": "workspace:*" },
      files: {
        "src/loop.test.ts": 'import { ScriptedLlmClient } from "@nucleo/testing";',
        "src/test-support/fixtures.ts": 'import { testEntry } from "@nucleo/testing";',
        "src/loop.ts": 'import { ScriptedLlmClient } from "@nucleo/testing";',
      },
    });
    expect(checkArchitecture(fakeWorkspace(testing, thinkers))).toEqual([
      expect.objectContaining({ rule: "layer-order", file: "packages/thinkers/src/loop.ts" }),
    ]);
  });

  it("a package that @nucleo/testing depends on cannot use it, even in tests", () => {
    const testing = fakeProject("testing");
    const conversation = fakeProject("conversation", {
      files: { "src/render.test.ts": 'import "@nucleo/testing";' },
    });
    expect(checkArchitecture(fakeWorkspace(testing, conversation))).toEqual([
      expect.objectContaining({
        rule: "layer-order",
        file: "packages/conversation/src/render.test.ts",
      }),
    ]);
  });
});
