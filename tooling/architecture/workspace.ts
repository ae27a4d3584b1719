/**
 * Where a project sits in the workspace: `packages/*` are layered libraries, `apps/*` and
 * `test-e2e` compose them, `tooling` holds dev-only presets and is only ever a target.
 */
export type ProjectKind = "package" | "app" | "e2e" | "tooling";

/** The parts of a `package.json` the architecture rules read. */
export interface PackageManifest {
  readonly name?: string;
  readonly exports?: unknown;
  readonly dependencies?: Readonly<Record<string, string>>;
  readonly devDependencies?: Readonly<Record<string, string>>;
  readonly peerDependencies?: Readonly<Record<string, string>>;
  readonly optionalDependencies?: Readonly<Record<string, string>>;
}

/** One source file, with its path relative to the repository root (POSIX separators). */
export interface SourceFile {
  readonly path: string;
  readonly text: string;
}

/** One workspace project as the checker sees it; built from disk or by hand in tests. */
export interface PackageInfo {
  readonly kind: ProjectKind;
  /** The project folder relative to the repository root, e.g. `packages/core`. */
  readonly dir: string;
  /** The `package.json` name, e.g. `@nucleo/core`. */
  readonly name: string;
  readonly manifest: PackageManifest;
  /** The files whose imports are checked (none for `tooling`). */
  readonly sources: readonly SourceFile[];
}

/** Every project of the repository. */
export interface Workspace {
  readonly packages: readonly PackageInfo[];
}

/** The rule a violation breaks; stable ids for tests and for grepping failures. */
export type RuleId =
  | "layer-order"
  | "no-app-import"
  | "dev-only-package"
  | "unknown-package"
  | "no-deep-import"
  | "internal-subpath"
  | "vendor-home"
  | "core-runtime-dependencies";

/** One broken rule at one place. */
export interface Violation {
  readonly rule: RuleId;
  /** The offending file relative to the repository root (a source file or a `package.json`). */
  readonly file: string;
  /** The import specifier or dependency name at fault. */
  readonly subject: string;
  /** The whole story in one line: file, import, rule. */
  readonly message: string;
}
