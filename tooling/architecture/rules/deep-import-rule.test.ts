import { describe, expect, it } from "vitest";
import { checkArchitecture } from "../check-architecture.js";
import { fakeProject, fakeWorkspace } from "../fake-workspace.js";

const core = fakeProject("core", {
  exports: {
    ".": "./src/index.ts",
    "./testing": "./src/testing/index.ts",
    "./package.json": "./package.json",
  },
});

function catalogImporting(specifier: string, file = "src/picker.ts") {
  return fakeProject("catalog", { files: { [file]: `import { thing } from "${specifier}";` } });
}

describe("no deep imports (only through exports)", () => {
  it("a package cannot import another package's src/", () => {
    const violations = checkArchitecture(
      fakeWorkspace(core, catalogImporting("@nucleo/core/src/jobs/abstract-job.js")),
    );
    expect(violations).toEqual([
      expect.objectContaining({
        rule: "no-deep-import",
        file: "packages/catalog/src/picker.ts",
        subject: "@nucleo/core/src/jobs/abstract-job.js",
      }),
    ]);
  });

  it("a package cannot import another package's dist/", () => {
    const violations = checkArchitecture(
      fakeWorkspace(core, catalogImporting("@nucleo/core/dist/index.js")),
    );
    expect(violations).toEqual([expect.objectContaining({ rule: "no-deep-import" })]);
  });

  it("a relative path cannot leave the package's folder", () => {
    const violations = checkArchitecture(
      fakeWorkspace(core, catalogImporting("../../core/src/jobs/abstract-job.js")),
    );
    expect(violations.map((violation) => violation.message)).toEqual([
      'packages/catalog/src/picker.ts imports "../../core/src/jobs/abstract-job.js": the relative path leaves packages/catalog/; import the other package by name through its exports',
    ]);
  });

  it("a relative path inside the package is fine", () => {
    expect(
      checkArchitecture(fakeWorkspace(core, catalogImporting("../package.json", "src/deep/x.ts"))),
    ).toEqual([]);
  });

  it("an absolute path is never allowed", () => {
    const violations = checkArchitecture(
      fakeWorkspace(core, catalogImporting("/work/main/packages/core/src/index.ts")),
    );
    expect(violations).toEqual([expect.objectContaining({ rule: "no-deep-import" })]);
  });

  it("a subpath the target's exports do not declare is refused", () => {
    const violations = checkArchitecture(
      fakeWorkspace(core, catalogImporting("@nucleo/core/internal")),
    );
    expect(violations).toEqual([
      expect.objectContaining({ rule: "no-deep-import", subject: "@nucleo/core/internal" }),
    ]);
    expect(violations[0]?.message).toContain('"./internal" is not in @nucleo/core\'s exports');
  });

  it("a subpath the target's exports declare is allowed", () => {
    expect(
      checkArchitecture(fakeWorkspace(core, catalogImporting("@nucleo/core/testing"))),
    ).toEqual([]);
  });

  it("apps may import any package, but still only through its exports", () => {
    const worker = fakeProject(
      "worker",
      { files: { "src/main.ts": 'import "@nucleo/core/src/index.ts";' } },
      "app",
    );
    expect(checkArchitecture(fakeWorkspace(core, worker))).toEqual([
      expect.objectContaining({ rule: "no-deep-import" }),
    ]);
  });
});
