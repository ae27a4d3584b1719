import { copyFile, mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { runCommand, userEnvironment, type CommandResult } from "./run-command.js";

/** What goes into an empty project before `pnpm install`. */
export interface InstalledProjectSpec {
  /** An empty folder outside the workspace. */
  readonly folder: string;
  /** name → version range, or `file:` path of a packed tarball. */
  readonly dependencies: Readonly<Record<string, string>>;
  readonly devDependencies: Readonly<Record<string, string>>;
  /**
   * name → `file:` tarball for every `@nucleo` package: where pnpm takes them from wherever
   * they sit in the tree, since the scope is not on any registry.
   */
  readonly tarballs: ReadonlyMap<string, string>;
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

/**
 * An empty project that installs given packages, `@nucleo` ones from packed tarballs and the
 * rest from the registry, then runs and type-checks a script in it as a user would.
 */
export class InstalledProject {
  constructor(
    private readonly spec: InstalledProjectSpec,
    private readonly pnpm: { readonly command: string; readonly storeDir: string },
  ) {}

  /** Writes package.json, pnpm-workspace.yaml, .npmrc, tsconfig.json and the script. */
  async write(): Promise<void> {
    const { folder, script } = this.spec;
    await mkdir(dirname(join(folder, script.file)), { recursive: true });
    const manifest = { name: "installed-alone", private: true, type: "module", dependencies: this.spec.dependencies, devDependencies: this.spec.devDependencies };
    await writeFile(join(folder, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    const overrides = [...this.spec.tarballs].map(([name, tarball]) => `  "${name}": "file:${tarball}"`);
    // hoist: false — a package sees only what it declares: pnpm's default would also let it
    // reach, through node_modules/.pnpm/node_modules, whatever any other package declared.
    await writeFile(join(folder, "pnpm-workspace.yaml"), `hoist: false\noverrides:\n${overrides.join("\n")}\n`);
    // A dead loopback address for the scope: an @nucleo package that is not one of the
    // tarballs fails the install instead of being looked up anywhere.
    await writeFile(join(folder, ".npmrc"), "@nucleo:registry=http://127.0.0.1:9/\n");
    const compilerOptions = { module: "nodenext", target: "esnext", strict: true, noEmit: true, skipLibCheck: !this.spec.checkDeclarations, types: this.spec.types };
    await writeFile(join(folder, "tsconfig.json"), `${JSON.stringify({ compilerOptions, files: [script.file] }, null, 2)}\n`);
    await writeFile(join(folder, script.file), script.code);
    for (const file of this.spec.besideScript) await copyFile(file.from, join(folder, dirname(script.file), file.name));
  }

  /** `pnpm install` with no lockfile, from the workspace's store. */
  async install(): Promise<CommandResult> {
    const args = ["install", "--no-frozen-lockfile", "--store-dir", this.pnpm.storeDir, "--reporter=append-only"];
    return await runCommand(this.pnpm.command, args, { cwd: this.spec.folder, env: userEnvironment(), timeoutMs: 300_000 });
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

  /** `tsc -p .` with the project's own TypeScript: the script against the published types. */
  async typeCheck(): Promise<CommandResult> {
    const tsc = join(this.spec.folder, "node_modules", "typescript", "bin", "tsc");
    return await runCommand(process.execPath, [tsc, "-p", "."], { cwd: this.spec.folder, env: userEnvironment(), timeoutMs: 300_000 });
  }
}
