import { copyFile, mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import {
  installEnvironment,
  runCommand,
  userEnvironment,
  type CommandResult,
} from "./run-command.js";

/** What goes into an empty project before `pnpm install`. */
export interface InstalledProjectSpec {
  /** An empty folder outside the workspace. */
  readonly folder: string;
  /** name → exact version (or, where the workspace's lockfile has none, a range), or `file:` path of a packed tarball. */
  readonly dependencies: Readonly<Record<string, string>>;
  readonly devDependencies: Readonly<Record<string, string>>;
  /**
   * name → `file:` tarball for every `@nucleo` package: where pnpm takes them from wherever
   * they sit in the tree, since the scope is not on any registry.
   */
  readonly tarballs: ReadonlyMap<string, string>;
  /**
   * pnpm overrides that pin every third-party package in the tree, transitive ones too, to the
   * version the workspace's lockfile resolved (`WorkspaceLockfile.overrides`), so that a
   * release on the registry cannot change what the check installs.
   */
  readonly lockedVersions: Readonly<Record<string, string>>;
  /** The program to run and type-check (a README's example as shown): its path and text. */
  readonly script: { readonly file: string; readonly code: string };
  /** Files the script opens beside itself, copied from where they are kept. */
  readonly besideScript: ReadonlyArray<{ readonly name: string; readonly from: string }>;
  /** `["node"]` when the script itself uses Node's API, else none: no global types by default. */
  readonly types: readonly string[];
  /**
   * Type-check every `.d.ts` the script reaches too (`skipLibCheck: false`), so a published
   * declaration that needs a package or global types its package does not declare fails.
   */
  readonly checkDeclarations: boolean;
}

/** What the script printed: its exit, its output, and each console.log call whole. */
export interface ScriptRun extends CommandResult {
  readonly printed: readonly string[];
}

const recorder = new URL("./record-console-log.ts", import.meta.url).href;

/** The tools that install and type-check a project, both from the workspace, neither inside the project. */
export interface InstalledProjectTools {
  /** The workspace's pnpm, and the store its own install filled. */
  readonly pnpm: { readonly command: string; readonly storeDir: string };
  /** Path of the `tsc` that type-checks the project from outside it (`workspaceTsc`). */
  readonly tsc: string;
}

/**
 * An empty project that installs given packages, `@nucleo` ones from packed tarballs and the
 * rest from the registry at the workspace's locked versions, then runs and type-checks a script
 * in it as a user would. Nothing is installed in it but what its spec names: the TypeScript
 * that checks it runs from outside, so an installed package can reach only what it declares.
 */
export class InstalledProject {
  private readonly spec: InstalledProjectSpec;
  private readonly tools: InstalledProjectTools;

  constructor(spec: InstalledProjectSpec, tools: InstalledProjectTools) {
    this.spec = spec;
    this.tools = tools;
  }

  /** Writes package.json, pnpm-workspace.yaml, .npmrc, tsconfig.json and the script. */
  async write(): Promise<void> {
    const { folder, script } = this.spec;
    await mkdir(dirname(join(folder, script.file)), { recursive: true });
    const manifest = {
      name: "installed-alone",
      private: true,
      type: "module",
      dependencies: this.spec.dependencies,
      devDependencies: this.spec.devDependencies,
    };
    await writeFile(join(folder, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    const tarballs = [...this.spec.tarballs].map(
      ([name, tarball]) => [name, `file:${tarball}`] as const,
    );
    const overrides = [...Object.entries(this.spec.lockedVersions), ...tarballs].map(
      ([selector, version]) => `  ${JSON.stringify(selector)}: ${JSON.stringify(version)}`,
    );
    // hoist: false — a package sees only what it declares: pnpm's default would also let it
    // reach, through node_modules/.pnpm/node_modules, whatever any other package declared.
    await writeFile(
      join(folder, "pnpm-workspace.yaml"),
      `hoist: false\noverrides:\n${overrides.join("\n")}\n`,
    );
    // A dead loopback address for the scope: an @nucleo package that is not one of the
    // tarballs fails the install instead of being looked up anywhere.
    await writeFile(join(folder, ".npmrc"), "@nucleo:registry=http://127.0.0.1:9/\n");
    const compilerOptions = {
      module: "nodenext",
      target: "esnext",
      strict: true,
      noEmit: true,
      skipLibCheck: !this.spec.checkDeclarations,
      types: this.spec.types,
    };
    await writeFile(
      join(folder, "tsconfig.json"),
      `${JSON.stringify({ compilerOptions, files: [script.file] }, null, 2)}\n`,
    );
    await writeFile(join(folder, script.file), script.code);
    for (const file of this.spec.besideScript)
      await copyFile(file.from, join(folder, dirname(script.file), file.name));
  }

  /** `pnpm install` with no lockfile (the overrides pin the versions), from the workspace's store. */
  async install(): Promise<CommandResult> {
    const args = [
      "install",
      "--no-frozen-lockfile",
      "--store-dir",
      this.tools.pnpm.storeDir,
      "--reporter=append-only",
    ];
    return await runCommand(this.tools.pnpm.command, args, {
      cwd: this.spec.folder,
      env: installEnvironment(),
      timeoutMs: 300_000,
    });
  }

  /** `node <script>.ts`: Node runs the TypeScript as it is, imports resolving to node_modules. */
  async runScript(): Promise<ScriptRun> {
    const printedFile = join(this.spec.folder, ".printed.jsonl");
    await writeFile(printedFile, "");
    const run = await runCommand(process.execPath, ["--import", recorder, this.spec.script.file], {
      cwd: this.spec.folder,
      env: userEnvironment({ NUCLEO_PRINTED_FILE: printedFile }),
      timeoutMs: 180_000,
    });
    const lines = (await readFile(printedFile, "utf8")).split("\n").filter((line) => line !== "");
    return { ...run, printed: lines.map((line) => JSON.parse(line) as string) };
  }

  /** `tsc -p .` in the project, with the TypeScript from outside it: the script against the published types. */
  async typeCheck(): Promise<CommandResult> {
    return await runCommand(process.execPath, [this.tools.tsc, "-p", "."], {
      cwd: this.spec.folder,
      env: userEnvironment(),
      timeoutMs: 300_000,
    });
  }
}
