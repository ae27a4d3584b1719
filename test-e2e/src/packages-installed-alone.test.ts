import { mkdir, mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { statedOutput, unprintedOutput } from "@nucleo/tooling/readme-example-blocks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entryPointsScript } from "./installed-alone/entry-points-script.js";
import {
  InstalledProject,
  type InstalledProjectTools,
} from "./installed-alone/installed-project.js";
import { packPackages } from "./installed-alone/pack-packages.js";
import { LAYERS, WORKSPACE_SCOPE } from "@nucleo/tooling/layers";
import {
  listPublishedPackages,
  promisedFiles,
  type PackageManifest,
  type PublishedPackage,
} from "./installed-alone/published-packages.js";
import {
  filesBesideExample,
  importedPackages,
  nameOfInstallSpec,
  readmeInstallPlan,
  usesNodeApi,
} from "./installed-alone/readme-install-plan.js";
import { WorkspaceLockfile } from "./installed-alone/workspace-lockfile.js";
import { workspacePnpm } from "./installed-alone/workspace-pnpm.js";
import { workspaceTsc } from "./installed-alone/workspace-typescript.js";

// "Install only the packages you need", checked as a user meets it. Every published package is
// packed, then installed into empty projects (@nucleo packages from their tarballs, never from
// a registry; the rest from the registry at the versions the workspace's lockfile resolved):
// - alone, with only what it declares: every entry point loads on Node, and type-checks with
//   TypeScript alone, every published declaration it reaches checked (no @types/node);
// - with what its README's install line names: the README's first example runs on Node as it
//   is written, prints what it says, and type-checks against the published types.
// The TypeScript that checks them is the workspace's, run from outside each project: inside,
// it would be a package that every installed package could import without declaring it.

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
const rootManifest = JSON.parse(
  await readFile(join(repoRoot, "package.json"), "utf8"),
) as PackageManifest;
const packages = await listPublishedPackages(repoRoot);
// Published packages today. Adding one needs no change here; removing or making one private
// means lowering this on purpose, so that a list emptied by mistake cannot pass.
const publishedAtLeast = 12;
const lockfile = await WorkspaceLockfile.read(repoRoot);
const lockedVersions = lockfile.overrides(
  new Map(packages.map((pkg) => [`packages/${basename(pkg.dir)}`, pkg.name])),
);
// Installs, scripts and type-checks at once: enough to overlap waiting on the registry and
// the disk without starving the other test projects turbo runs beside this one on two cores.
const slots = concurrencyLimit(3);

let work = "";
let tools: InstalledProjectTools = { pnpm: { command: "pnpm", storeDir: "" }, tsc: "" };
let tarballs = new Map<string, string>();

/**
 * The version a project installs a third-party package at: the exact one the workspace's
 * lockfile resolved (the package's own folder first), else the range a workspace package.json
 * gives, said in the log.
 */
function workspaceVersion(name: string, pkg: PublishedPackage): string {
  const locked = lockfile.versionOf(name, `packages/${basename(pkg.dir)}`);
  if (locked !== undefined) return locked;
  const manifests = [pkg.manifest, ...packages.map((other) => other.manifest), rootManifest];
  for (const manifest of manifests) {
    const range =
      manifest.dependencies?.[name] ??
      manifest.devDependencies?.[name] ??
      manifest.peerDependencies?.[name];
    if (range !== undefined && !range.startsWith("workspace:")) {
      console.log(
        `${pkg.name}: pnpm-lock.yaml resolves no version of ${name}; installing the range ${range}`,
      );
      return range;
    }
  }
  throw new Error(
    `${pkg.name} needs ${name}, which no workspace package.json lists: add it where it is used, or take it off the README's install line`,
  );
}

/** name → what the project's package.json gives for it: the tarball, or the workspace's version. */
function specsFor(names: readonly string[], pkg: PublishedPackage): Record<string, string> {
  return Object.fromEntries(
    names.map((spec) => {
      const name = nameOfInstallSpec(spec);
      const tarball = tarballs.get(name);
      return [name, tarball === undefined ? workspaceVersion(name, pkg) : `file:${tarball}`];
    }),
  );
}

function folderFor(pkg: PublishedPackage, purpose: string): string {
  return join(work, `${pkg.name.replace("/", "+")}-${purpose}`);
}

function tail(text: string, lines = 40): string {
  return text.trimEnd().split("\n").slice(-lines).join("\n");
}

describe("each published package, packed and installed as users install it", () => {
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), "nucleo-installed-alone-"));
    tools = { pnpm: await workspacePnpm(repoRoot), tsc: workspaceTsc(repoRoot) };
    tarballs = await packPackages(packages, join(work, "tarballs"), tools.pnpm.command);
  }, 300_000);

  afterAll(async () => {
    // KEEP_INSTALLED=1 keeps the projects, to look into one that failed.
    if (work !== "" && process.env.KEEP_INSTALLED === undefined)
      await rm(work, { recursive: true, force: true });
    else if (work !== "") console.log(`installed projects kept in ${work}`);
  });

  it(`checks every package of the layer map, at least ${publishedAtLeast}: none is skipped`, () => {
    // The architecture test's layer map is kept apart from this list: a package it names that
    // the list lacks is one this check would never install.
    const checked = new Set(packages.map((pkg) => pkg.name));
    expect(
      Object.keys(LAYERS)
        .map((name) => `${WORKSPACE_SCOPE}${name}`)
        .filter((name) => !checked.has(name)),
      "packages of the layer map this check would skip",
    ).toEqual([]);
    expect(
      packages.length,
      `published packages found under packages/: ${packages.map((pkg) => pkg.name).join(", ")}`,
    ).toBeGreaterThanOrEqual(publishedAtLeast);
  });

  it("test-e2e lists every published package, so turbo builds each before this check packs it", async () => {
    const e2e = JSON.parse(
      await readFile(join(repoRoot, "test-e2e", "package.json"), "utf8"),
    ) as PackageManifest;
    expect(
      packages.map((pkg) => pkg.name).filter((name) => e2e.devDependencies?.[name] === undefined),
    ).toEqual([]);
  });

  it.concurrent.for(packages)(
    "$name, installed alone with only what it declares: every entry point loads, and its published types check without @types/node",
    { timeout: 900_000 },
    async (pkg, { expect }) => {
      await slots(async () => {
        const folder = folderFor(pkg, "alone");
        await mkdir(folder);
        const script = entryPointsScript(pkg.manifest);
        const project = new InstalledProject(
          {
            folder,
            // Peers too, optional ones included: an entry point that needs one says so (catalog's genai-prices).
            dependencies: specsFor(
              [pkg.name, ...Object.keys(pkg.manifest.peerDependencies ?? {})],
              pkg,
            ),
            devDependencies: {},
            tarballs,
            lockedVersions,
            script: { file: "entry-points.ts", code: script.code },
            besideScript: [],
            types: [],
            checkDeclarations: true,
          },
          tools,
        );
        await project.write();
        const install = await project.install();
        expect(
          install.code,
          `${pkg.name}: pnpm install in ${folder}\n${tail(install.stdout)}\n${tail(install.stderr)}`,
        ).toBe(0);

        const installedDir = join(folder, "node_modules", pkg.name);
        const installed = JSON.parse(
          await readFile(join(installedDir, "package.json"), "utf8"),
        ) as PackageManifest;
        const absent: string[] = [];
        for (const file of promisedFiles(installed))
          await readFile(join(installedDir, file)).catch(() => absent.push(file));
        expect
          .soft(
            absent,
            `${pkg.name}: files its package.json names that the installed package lacks`,
          )
          .toEqual([]);

        const run = await project.runScript();
        expect
          .soft(
            run.code,
            `${pkg.name}: loading every entry point exited ${run.code}\n${tail(run.stderr)}`,
          )
          .toBe(0);
        expect
          .soft(run.printed, `${pkg.name}: every entry point loads and exports something`)
          .toEqual(script.expected);

        const typeCheck = await project.typeCheck();
        expect
          .soft(
            typeCheck.code,
            `${pkg.name}: tsc on its entry points, declarations checked, no @types/node\n${tail(typeCheck.stdout)}`,
          )
          .toBe(0);
        console.log(
          `${pkg.name} alone: installed in ${install.seconds.toFixed(1)} s, entry points loaded in ${run.seconds.toFixed(1)} s, type-checked in ${typeCheck.seconds.toFixed(1)} s`,
        );
      });
    },
  );

  it.concurrent.for(packages)(
    "$name, installed as its README says: the install line brings what the first example imports, and the example runs and type-checks",
    { timeout: 900_000 },
    async (pkg, { expect }) => {
      await slots(async () => {
        const plan = readmeInstallPlan(pkg.readme);
        const example = plan.example;
        expect(
          example,
          `${pkg.name}: its README has no \`\`\`ts block opening with // examples/<name>.ts`,
        ).toBeDefined();
        if (example === undefined) return;
        const listed = new Set(
          [...plan.dependencies, ...plan.devDependencies].map(nameOfInstallSpec),
        );
        expect
          .soft(
            [...listed],
            `${pkg.name}: the README's install line (first \`\`\`sh block, pnpm add) names the package`,
          )
          .toContain(pkg.name);
        const missing = importedPackages(example.code).filter((imported) => !listed.has(imported));
        expect
          .soft(
            missing,
            `${pkg.name}: ${example.file} imports packages its README's install line does not name`,
          )
          .toEqual([]);

        const folder = folderFor(pkg, "readme");
        await mkdir(folder);
        const nodeTypes = usesNodeApi(example.code);
        const project = new InstalledProject(
          {
            folder,
            dependencies: specsFor(plan.dependencies, pkg),
            devDependencies: {
              ...(nodeTypes ? { "@types/node": workspaceVersion("@types/node", pkg) } : {}),
              ...specsFor(plan.devDependencies, pkg),
            },
            tarballs,
            lockedVersions,
            script: example,
            besideScript: filesBesideExample(example.code).map((file) => ({
              name: file,
              from: join(pkg.dir, "examples", file),
            })),
            types: nodeTypes ? ["node"] : [],
            // The packages' own declarations are checked installed alone (the test above);
            // here, the example's code against them.
            checkDeclarations: false,
          },
          tools,
        );
        await project.write();
        const install = await project.install();
        expect(
          install.code,
          `${pkg.name}: pnpm install in ${folder}\n${tail(install.stdout)}\n${tail(install.stderr)}`,
        ).toBe(0);

        const run = await project.runScript();
        expect
          .soft(
            run.code,
            `${pkg.name}: node ${example.file} exited ${run.code}\n${tail(run.stderr)}`,
          )
          .toBe(0);
        const stated = statedOutput(example.code);
        expect
          .soft(stated.length, `${pkg.name}: ${example.file} states what it prints`)
          .toBeGreaterThan(0);
        expect
          .soft(
            unprintedOutput(stated, run.printed),
            `${pkg.name}: lines ${example.file} states but did not print\nprinted:\n${run.printed.join("\n")}`,
          )
          .toEqual([]);

        const typeCheck = await project.typeCheck();
        const typesNote = nodeTypes
          ? "with @types/node: the example uses Node's API"
          : "no @types/node";
        expect
          .soft(
            typeCheck.code,
            `${pkg.name}: tsc on ${example.file} against the installed types (${typesNote})\n${tail(typeCheck.stdout)}`,
          )
          .toBe(0);
        console.log(
          `${pkg.name} README: installed in ${install.seconds.toFixed(1)} s, ${example.file} ran in ${run.seconds.toFixed(1)} s, type-checked in ${typeCheck.seconds.toFixed(1)} s (${typesNote})`,
        );
      });
    },
  );

  it("@nucleo/catalog installed without gpt-tokenizer, its optional peer, counts tokens by its calibrated estimate and says so once", {
    timeout: 900_000,
  }, async () => {
    const catalog = packages.find((pkg) => pkg.name === "@nucleo/catalog");
    expect(catalog, "the catalog is a published package").toBeDefined();
    if (catalog === undefined) return;
    await slots(async () => {
      const folder = folderFor(catalog, "without-tokenizer");
      await mkdir(folder);
      const project = new InstalledProject(
        {
          folder,
          dependencies: specsFor([catalog.name], catalog),
          devDependencies: {},
          tarballs,
          lockedVersions,
          script: { file: "count-without-tokenizer.ts", code: COUNT_WITHOUT_TOKENIZER },
          besideScript: [],
          types: [],
          checkDeclarations: false,
        },
        tools,
      );
      await project.write();
      const install = await project.install();
      expect(
        install.code,
        `pnpm install in ${folder}\n${tail(install.stdout)}\n${tail(install.stderr)}`,
      ).toBe(0);
      const store = await readdir(join(folder, "node_modules", ".pnpm"));
      expect(
        store.filter((name) => name.startsWith("gpt-tokenizer@")),
        "gpt-tokenizer is not installed",
      ).toEqual([]);

      const run = await project.runScript();
      expect(
        run.code,
        `node count-without-tokenizer.ts exited ${run.code}\n${tail(run.stderr)}`,
      ).toBe(0);
      expect(run.printed).toEqual([
        "estimate estimate:openai-gpt-5-mini 100",
        "warnings: 1, naming the package: true",
      ]);
    });
  });
});

// An OpenAI entry, which gpt-tokenizer would count exactly: 400 characters at 4 per token. The
// warning goes to the logger given, here one that keeps what it is told.
const COUNT_WITHOUT_TOKENIZER = `import { TokenCounters } from "@nucleo/catalog";

const warnings = [];
const logger = { error: () => {}, info: () => {}, debug: () => {}, warn: (_fields, message) => warnings.push(message) };
const tokens = new TokenCounters({ logger });
const counter = tokens.counterFor({ id: "openai-gpt-5-mini", provider: "openai" });
console.log(counter.kind, counter.name, counter.count("a".repeat(400)));
tokens.counterFor({ id: "openai-gpt-5", provider: "openai" }).count("hello");
console.log(\`warnings: \${warnings.length}, naming the package: \${warnings.every((message) => message.includes("pnpm add gpt-tokenizer"))}\`);
`;

/** Runs at most `limit` of the given tasks at once, the rest waiting their turn in order. */
function concurrencyLimit(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async (task) => {
    if (running < limit) running += 1;
    // A finishing task hands its slot to the next in line, so none can slip in between.
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next === undefined) running -= 1;
      else next();
    }
  };
}
