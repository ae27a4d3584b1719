import { WORKSPACE_SCOPE } from "./layers.js";
import type { PackageInfo, RuleId, Violation } from "./workspace.js";

/** One place where a project reaches for another module: an import in a file or a dependency entry. */
export interface Usage {
  readonly project: PackageInfo;
  /** The file that holds it, relative to the repository root. */
  readonly file: string;
  /** The import specifier or dependency name. */
  readonly subject: string;
  /** How the file uses the subject, for messages: `imports "x"`, `lists "x" in dependencies`. */
  readonly action: string;
  /** False for what never reaches users: tests, benches, root config files, devDependencies. */
  readonly shipped: boolean;
}

/** Builds the violation for `usage`; the message reads `<file> <action>: <reason>`. */
export function violationAt(usage: Usage, rule: RuleId, reason: string): Violation {
  return {
    rule,
    file: usage.file,
    subject: usage.subject,
    message: `${usage.file} ${usage.action}: ${reason}`,
  };
}

/**
 * The name a project goes by in the layer map: its package name without the `@nucleo/` scope,
 * or `undefined` when it is not in the scope at all.
 */
export function layerName(packageName: string): string | undefined {
  return packageName.startsWith(WORKSPACE_SCOPE)
    ? packageName.slice(WORKSPACE_SCOPE.length)
    : undefined;
}
