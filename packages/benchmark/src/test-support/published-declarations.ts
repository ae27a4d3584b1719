// Type-checks a package's declarations the way a user's project without `@types/node` would,
// without a build: the declarations are emitted in memory from the sources (the package's and
// its siblings', which the package's types import), then checked on their own with the web's
// and the language's globals only.
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

/** What {@link declarationProblems} checks. */
export interface DeclarationCheck {
  /** The package's folder (holds its `tsconfig.json`). */
  readonly packageDir: string;
  /** The entry whose declarations are published, relative to `packageDir` (e.g. `src/index.ts`). */
  readonly entry: string;
}

/**
 * The type errors a user without `@types/node` would meet in the package's published
 * declarations (`file:line: message`, paths relative to the package), after emitting them from
 * the sources. Errors in siblings' declarations are left out: each package answers for its own.
 */
export function declarationProblems({ packageDir, entry }: DeclarationCheck): string[] {
  const packagesDir = dirname(resolve(packageDir));
  const declarations = emitDeclarations(resolve(packageDir), packagesDir, entry);
  const host = declarationsHost(declarations);
  const entryDeclaration = resolve(packageDir, entry).replace(/\.ts$/, ".d.ts");
  const program = ts.createProgram([entryDeclaration], consumerOptions(packagesDir), host);
  const own = program.getSourceFiles().filter((file) => resolve(file.fileName).startsWith(`${resolve(packageDir)}/`) && declarations.has(resolve(file.fileName)));
  if (own.length === 0) throw new Error(`no declaration of ${entry} was checked`);
  // Only the package's own files are checked in full; a sibling's and a third party's (zod's)
  // are read as far as ours use them, which keeps the check to seconds.
  return [
    ...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics(),
    ...own.flatMap((file) => [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]),
  ].map((diagnostic) => describe(diagnostic, packageDir));
}

/** Every declaration the entry's program emits, by absolute path (next to its source). */
function emitDeclarations(packageDir: string, packagesDir: string, entry: string): Map<string, string> {
  const config = ts.getParsedCommandLineOfConfigFile(join(packageDir, "tsconfig.json"), {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(`tsconfig.json: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`);
    },
  });
  if (!config) throw new Error(`tsconfig.json: cannot read ${join(packageDir, "tsconfig.json")}`);
  const options: ts.CompilerOptions = {
    ...config.options, noEmit: false, declaration: true, emitDeclarationOnly: true, noCheck: true, declarationMap: false, sourceMap: false, rootDir: packagesDir, outDir: packagesDir,
  };
  const program = ts.createProgram([join(packageDir, entry)], options);
  const emitted = new Map<string, string>();
  const result = program.emit(undefined, (fileName, text) => emitted.set(resolve(fileName), text), undefined, true);
  const failures = result.diagnostics.filter((diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error);
  if (failures.length > 0) throw new Error(`declarations could not be emitted:\n${failures.map((diagnostic) => describe(diagnostic, packageDir)).join("\n")}`);
  return emitted;
}

/**
 * A host that reads the emitted declarations in place of the sources: a `.ts` source under
 * the packages folder is hidden, so every import between packages and files lands on a
 * declaration, while third-party types (zod) come from `node_modules` as a user's would.
 */
function declarationsHost(declarations: ReadonlyMap<string, string>): ts.CompilerHost {
  const host = ts.createCompilerHost({});
  const base = { fileExists: host.fileExists, readFile: host.readFile, getSourceFile: host.getSourceFile, realpath: host.realpath };
  const source = (fileName: string) => /(?<!\.d)\.ts$/.test(fileName) && !fileName.includes("/node_modules/");
  host.fileExists = (fileName) => declarations.has(resolve(fileName)) || (!source(fileName) && base.fileExists(fileName));
  host.readFile = (fileName) => declarations.get(resolve(fileName)) ?? (source(fileName) ? undefined : base.readFile(fileName));
  host.getSourceFile = (fileName, language, onError, createNew) => {
    const text = declarations.get(resolve(fileName));
    return text === undefined ? base.getSourceFile(fileName, language, onError, createNew) : ts.createSourceFile(fileName, text, language);
  };
  host.realpath = (path) => (declarations.has(resolve(path)) ? path : base.realpath?.(path) ?? path);
  return host;
}

/** A user's project: strict, library files checked, the language's and the web's globals, no Node. */
function consumerOptions(packagesDir: string): ts.CompilerOptions {
  return {
    strict: true, noEmit: true, skipLibCheck: false, types: [], lib: ["lib.es2024.full.d.ts"],
    target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler,
    // A sibling is read from its emitted declarations, as its built `types` would be.
    paths: { "@nucleo/*": [join(packagesDir, "*", "src", "index.d.ts")] },
  };
}

function describe(diagnostic: ts.Diagnostic, packageDir: string): string {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
  if (diagnostic.file === undefined || diagnostic.start === undefined) return message;
  const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
  return `${relative(packageDir, diagnostic.file.fileName)}:${line + 1}: ${message}`;
}
