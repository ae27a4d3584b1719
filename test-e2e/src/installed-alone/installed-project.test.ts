import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InstalledProject, type InstalledProjectTools } from "./installed-project.js";
import { runCommand } from "./run-command.js";
import { WorkspaceLockfile } from "./workspace-lockfile.js";
import { workspacePnpm } from "./workspace-pnpm.js";
import { workspaceTsc } from "./workspace-typescript.js";

// The check of every package (packages-installed-alone.test.ts) is only as good as the project
// it installs into: these pin that such a project catches what a user would meet, with small
// packages packed here for the purpose.

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
// zod as the packages use it: a package the workspace's store already holds.
const coreManifest = JSON.parse(
  await readFile(join(repoRoot, "packages", "core", "package.json"), "utf8"),
) as { dependencies: Record<string, string> };
const lockedVersions = (await WorkspaceLockfile.read(repoRoot)).overrides();
let work = "";
let tools: InstalledProjectTools = { pnpm: { command: "pnpm", storeDir: "" }, tsc: "" };

/** Packs a package made of `files` beside a package.json of `manifest`; returns name → tarball. */
async function packed(
  manifest: { name: string; dependencies?: Record<string, string> },
  files: Record<string, string>,
): Promise<[string, string]> {
  const source = join(work, manifest.name.replace("/", "+"));
  await mkdir(source);
  await writeFile(
    join(source, "package.json"),
    JSON.stringify({
      version: "0.0.0",
      type: "module",
      main: "./index.js",
      types: "./index.d.ts",
      ...manifest,
    }),
  );
  for (const [name, text] of Object.entries(files)) await writeFile(join(source, name), text);
  const pack = await runCommand(tools.pnpm.command, ["pack", "--pack-destination", work], {
    cwd: source,
    timeoutMs: 60_000,
  });
  expect(pack.code, pack.stderr).toBe(0);
  return [
    manifest.name,
    join(work, `${manifest.name.replace(/^@/, "").replace("/", "-")}-0.0.0.tgz`),
  ];
}

/** A project depending on the given tarballs only, with `script` as its program, pinned by `locked` (the workspace's lockfile). */
async function projectOf(
  folder: string,
  tarballs: ReadonlyArray<[string, string]>,
  script: string,
  locked: Record<string, string> = lockedVersions,
): Promise<InstalledProject> {
  await mkdir(join(work, folder));
  const project = new InstalledProject(
    {
      folder: join(work, folder),
      dependencies: Object.fromEntries(
        tarballs.map(([name, tarball]) => [name, `file:${tarball}`]),
      ),
      devDependencies: {},
      tarballs: new Map(tarballs),
      lockedVersions: locked,
      script: { file: "use.ts", code: script },
      besideScript: [],
      types: [],
      checkDeclarations: true,
    },
    tools,
  );
  await project.write();
  const install = await project.install();
  expect(install.code, install.stderr).toBe(0);
  return project;
}

describe("a project that installs packed packages alone", () => {
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), "nucleo-installed-project-"));
    tools = { pnpm: await workspacePnpm(repoRoot), tsc: workspaceTsc(repoRoot) };
  });
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it("fails the type-check of a package whose published types need @types/node, though it loads and runs", {
    timeout: 300_000,
  }, async () => {
    const needsNode = await packed(
      { name: "@nucleo/needs-node-types" },
      {
        "index.js": "export function sink() { return undefined; }\n",
        "index.d.ts": "export declare function sink(): NodeJS.WritableStream | undefined;\n",
      },
    );
    const project = await projectOf(
      "needs-node",
      [needsNode],
      'import { sink } from "@nucleo/needs-node-types";\n\nconsole.log(sink()); // undefined\n',
    );

    const run = await project.runScript();
    expect(run.code, run.stderr).toBe(0);
    expect(run.printed).toEqual(["undefined"]);

    const typeCheck = await project.typeCheck();
    expect(typeCheck.code).not.toBe(0);
    expect(typeCheck.stdout).toContain("Cannot find namespace 'NodeJS'");
  });

  it("does not let a package load what only another package declares", {
    timeout: 300_000,
  }, async () => {
    // pnpm would by default hoist zod, a dependency of the second package, where the first
    // could reach it without declaring it.
    const undeclared = await packed(
      { name: "@nucleo/imports-undeclared-zod" },
      { "index.js": 'export { z } from "zod";\n', "index.d.ts": 'export { z } from "zod";\n' },
    );
    const declares = await packed(
      { name: "@nucleo/declares-zod", dependencies: { zod: coreManifest.dependencies.zod! } },
      { "index.js": 'export { z } from "zod";\n', "index.d.ts": 'export { z } from "zod";\n' },
    );
    const project = await projectOf(
      "undeclared",
      [undeclared, declares],
      'import { z } from "@nucleo/imports-undeclared-zod";\n\nconsole.log(typeof z); // object\n',
    );

    const run = await project.runScript();
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain("Cannot find package 'zod'");
    const typeCheck = await project.typeCheck();
    expect(typeCheck.code).not.toBe(0);
    expect(typeCheck.stdout).toContain("Cannot find module 'zod'");
  });

  it("does not let a package load typescript, or read its types, without declaring it: the type-checker is not in the project", {
    timeout: 300_000,
  }, async () => {
    const undeclared = await packed(
      { name: "@nucleo/imports-undeclared-typescript" },
      {
        "index.js": 'import ts from "typescript";\n\nexport const version = ts.version;\n',
        "index.d.ts": 'export { version } from "typescript";\n',
      },
    );
    const project = await projectOf(
      "undeclared-typescript",
      [undeclared],
      'import { version } from "@nucleo/imports-undeclared-typescript";\n\nconsole.log(typeof version); // string\n',
    );

    const run = await project.runScript();
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain("Cannot find package 'typescript'");
    const typeCheck = await project.typeCheck();
    expect(typeCheck.code).not.toBe(0);
    expect(typeCheck.stdout).toContain("Cannot find module 'typescript'");
  });

  it("installs a third-party package at the version the lockfile resolved, not the newest its range admits", {
    timeout: 300_000,
  }, async () => {
    // ms@^2.1.0 admits 2.1.3, which the registry has had for years; the lockfile says 2.1.2.
    const locked = WorkspaceLockfile.parse(
      [
        "lockfileVersion: '9.0'",
        "",
        "packages:",
        "",
        "  ms@2.1.2:",
        "    resolution: {integrity: sha512-x}",
        "",
        "snapshots:",
        "",
        "  ms@2.1.2: {}",
        "",
      ].join("\n"),
      "pnpm-lock.yaml",
    );
    const declares = await packed(
      { name: "@nucleo/declares-ms", dependencies: { ms: "^2.1.0" } },
      {
        "index.js": 'export { default as ms } from "ms";\n',
        "index.d.ts": "export declare const ms: unknown;\n",
      },
    );
    await projectOf(
      "locked-versions",
      [declares],
      'import { ms } from "@nucleo/declares-ms";\n\nconsole.log(typeof ms); // function\n',
      locked.overrides(),
    );
    const installed = (
      await readdir(join(work, "locked-versions", "node_modules", ".pnpm"))
    ).filter((entry) => entry.startsWith("ms@"));
    expect(installed).toEqual(["ms@2.1.2"]);
  });
});
