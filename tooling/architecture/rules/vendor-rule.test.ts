import { describe, expect, it } from "vitest";
import { checkArchitecture } from "../check-architecture.js";
import { fakeProject, fakeWorkspace } from "../fake-workspace.js";

describe("a vendor SDK lives in exactly one package", () => {
  it("core cannot import openai", () => {
    const core = fakeProject("core", { files: { "src/x.ts": 'import OpenAI from "openai";' } });
    expect(checkArchitecture(fakeWorkspace(core)).map((violation) => violation.message)).toEqual([
      'packages/core/src/x.ts imports "openai": openai belongs only in provider-openai (and apps)',
    ]);
  });

  it("catalog cannot list pg in its package.json", () => {
    const catalog = fakeProject("catalog", {
      dependencies: { pg: "^8" },
      devDependencies: { "@types/pg": "^8" },
    });
    expect(
      checkArchitecture(fakeWorkspace(catalog)).map((violation) => [
        violation.rule,
        violation.subject,
      ]),
    ).toEqual([
      ["vendor-home", "pg"],
      ["vendor-home", "@types/pg"],
    ]);
  });

  it("a subpath of a vendor SDK counts as the SDK", () => {
    const tools = fakeProject("tools", {
      files: { "src/x.ts": 'import { PGlite } from "@electric-sql/pglite/worker";' },
    });
    expect(checkArchitecture(fakeWorkspace(tools))).toEqual([
      expect.objectContaining({ rule: "vendor-home" }),
    ]);
  });

  it("each SDK is at home in its own package and in apps", () => {
    const openai = fakeProject("provider-openai", {
      dependencies: { openai: "^6" },
      files: { "src/x.ts": 'import OpenAI from "openai";' },
    });
    const anthropic = fakeProject("provider-anthropic", {
      dependencies: { "@anthropic-ai/sdk": "^0.60" },
      files: { "src/x.ts": 'import Anthropic from "@anthropic-ai/sdk";' },
    });
    const recorder = fakeProject("recorder-postgres", {
      dependencies: { kysely: "^0.28", pg: "^8", "@electric-sql/pglite": "^0.3" },
    });
    const worker = fakeProject(
      "worker",
      { dependencies: { pg: "^8" }, files: { "src/x.ts": 'import { Kysely } from "kysely";' } },
      "app",
    );
    expect(checkArchitecture(fakeWorkspace(openai, anthropic, recorder, worker))).toEqual([]);
  });
  it("a package may use a dev-only vendor from tests and devDependencies, never from shipped code", () => {
    const fleet = fakeProject("fleet", {
      devDependencies: { "@electric-sql/pglite": "^0.5" },
      files: {
        "src/queue.test.ts": 'import { PGlite } from "@electric-sql/pglite";',
        "src/test-support/pglite.ts": 'import { PGlite } from "@electric-sql/pglite";',
        "bench/throughput.ts": 'import { PGlite } from "@electric-sql/pglite";',
        "src/open-queue.ts": 'import { PGlite } from "@electric-sql/pglite";',
      },
    });
    const violations = checkArchitecture(fakeWorkspace(fleet));
    expect(violations.map((violation) => [violation.rule, violation.file])).toEqual([
      ["vendor-home", "packages/fleet/src/open-queue.ts"],
    ]);
    expect(violations[0]?.message).toContain("fleet may use it only from tests");
  });

  it("a dev-only vendor is still refused as a run-time dependency", () => {
    const fleet = fakeProject("fleet", { dependencies: { "@electric-sql/pglite": "^0.5" } });
    expect(checkArchitecture(fakeWorkspace(fleet))).toEqual([
      expect.objectContaining({ rule: "vendor-home", subject: "@electric-sql/pglite" }),
    ]);
  });

  it("a vendor another package may use in its tests stays out of other packages' tests", () => {
    const catalog = fakeProject("catalog", {
      files: { "src/x.test.ts": 'import { PGlite } from "@electric-sql/pglite";' },
    });
    expect(checkArchitecture(fakeWorkspace(catalog))).toEqual([
      expect.objectContaining({ rule: "vendor-home", file: "packages/catalog/src/x.test.ts" }),
    ]);
  });
});

describe("zod is core's only run-time dependency", () => {
  it("core with a second run-time dependency is refused", () => {
    const core = fakeProject("core", { dependencies: { zod: "^4", nanoid: "^5" } });
    expect(checkArchitecture(fakeWorkspace(core))).toEqual([
      expect.objectContaining({
        rule: "core-runtime-dependencies",
        file: "packages/core/package.json",
        subject: "nanoid",
      }),
    ]);
  });

  it("core's peer dependencies count as run-time dependencies; dev dependencies do not", () => {
    const core = fakeProject("core", {
      dependencies: { zod: "^4" },
      peerDependencies: { rxjs: "^7" },
      devDependencies: { tinybench: "^6" },
    });
    expect(checkArchitecture(fakeWorkspace(core)).map((violation) => violation.subject)).toEqual([
      "rxjs",
    ]);
  });
});
