import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InstalledProject } from "./installed-project.js";
import { runCommand } from "./run-command.js";
import { workspacePnpm, type WorkspacePnpm } from "./workspace-pnpm.js";

// The check of every package (packages-installed-alone.test.ts) is only as good as the project
// it installs into: these pin that such a project catches what a user would meet, with small
// packages packed here for the purpose.

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
const rootManifest = JSON.parse(await readFile(join(repoRoot, "package.json"), "utf8")) as { devDependencies: Record<string, string> };
// zod as the packages use it: a package the workspace's store already holds.
const coreManifest = JSON.parse(await readFile(join(repoRoot, "packages", "core", "package.json"), "utf8")) as { dependencies: Record<string, string> };
let work = "";
let pnpm: WorkspacePnpm = { command: "pnpm", storeDir: "" };

/** Packs a package made of `files` beside a package.json of `manifest`; returns name → tarball. */
async function packed(manifest: { name: string; dependencies?: Record<string, string> }, files: Record<string, string>): Promise<[string, string]> {
  const source = join(work, manifest.name.replace("/", "+"));
  await mkdir(source);
  await writeFile(join(source, "package.json"), JSON.stringify({ version: "0.0.0", type: "module", main: "./index.js", types: "./index.d.ts", ...manifest }));
  for (const [name, text] of Object.entries(files)) await writeFile(join(source, name), text);
  const pack = await runCommand(pnpm.command, ["pack", "--pack-destination", work], { cwd: source, timeoutMs: 60_000 });
  expect(pack.code, pack.stderr).toBe(0);
  return [manifest.name, join(work, `${manifest.name.replace(/^@/, "").replace("/", "-")}-0.0.0.tgz`)];
}

/** A project depending on the given tarballs only, with `script` as its program. */
async function projectOf(folder: string, tarballs: ReadonlyArray<[string, string]>, script: string): Promise<InstalledProject> {
  await mkdir(join(work, folder));
  const project = new InstalledProject(
    {
      folder: join(work, folder),
      dependencies: Object.fromEntries(tarballs.map(([name, tarball]) => [name, `file:${tarball}`])),
      devDependencies: { typescript: rootManifest.devDependencies["typescript"]! },
      tarballs: new Map(tarballs),
      script: { file: "use.ts", code: script },
      besideScript: [],
      types: [],
      checkDeclarations: true,
    },
    pnpm,
  );
  await project.write();
  const install = await project.install();
  expect(install.code, install.stderr).toBe(0);
  return project;
}

describe("a project that installs packed packages alone", () => {
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), "nucleo-installed-project-"));
    pnpm = await workspacePnpm(repoRoot);
  });
  afterAll(async () => {
    await rm(work, { recursive: true, force: true });
  });

  it("fails the type-check of a package whose published types need @types/node, though it loads and runs", { timeout: 300_000 }, async () => {
    const needsNode = await packed({ name: "@nucleo/needs-node-types" }, {
      "index.js": "export function sink() { return undefined; }\n",
      "index.d.ts": "export declare function sink(): NodeJS.WritableStream | undefined;\n",
    });
    const project = await projectOf("needs-node", [needsNode], 'import { sink } from "@nucleo/needs-node-types";\n\nconsole.log(sink()); // undefined\n');

    const run = await project.runScript();
    expect(run.code, run.stderr).toBe(0);
    expect(run.printed).toEqual(["undefined"]);

    const typeCheck = await project.typeCheck();
    expect(typeCheck.code).not.toBe(0);
    expect(typeCheck.stdout).toContain("Cannot find namespace 'NodeJS'");
  });

  it("does not let a package load what only another package declares", { timeout: 300_000 }, async () => {
    // pnpm would by default hoist zod, a dependency of the second package, where the first
    // could reach it without declaring it.
    const undeclared = await packed({ name: "@nucleo/imports-undeclared-zod" }, { "index.js": 'export { z } from "zod";\n', "index.d.ts": 'export { z } from "zod";\n' });
    const declares = await packed({ name: "@nucleo/declares-zod", dependencies: { zod: coreManifest.dependencies["zod"]! } }, { "index.js": 'export { z } from "zod";\n', "index.d.ts": 'export { z } from "zod";\n' });
    const project = await projectOf("undeclared", [undeclared, declares], 'import { z } from "@nucleo/imports-undeclared-zod";\n\nconsole.log(typeof z); // object\n');

    const run = await project.runScript();
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain("Cannot find package 'zod'");
    const typeCheck = await project.typeCheck();
    expect(typeCheck.code).not.toBe(0);
    expect(typeCheck.stdout).toContain("Cannot find module 'zod'");
  });
});

