import { posix } from "node:path";
import type { PackageInfo } from "./workspace.js";

/** What a source file is for: only `shipped` files end up in what users install. */
export type FileRole = "shipped" | "test" | "bench" | "config";

const configFile = /^[^/]+\.config\.[cm]?[jt]sx?$/;
const testFile = /\.(test|spec|test-d)\.[cm]?[jt]sx?$/;
// Helpers shared by a package's tests live in `test-support/` folders and are never exported.
const testSupport = /(^|\/)test-support\//;

/**
 * Classifies a file of `project` by where it sits and how it is named: root `*.config.ts`
 * files, `bench/**`, `*.test.ts` / `*.test-d.ts` and `test-support/**` anywhere; everything of
 * `test-e2e` is a test.
 */
export function fileRole(project: PackageInfo, path: string): FileRole {
  if (project.kind === "e2e") return "test";
  const relative = posix.relative(project.dir, path);
  if (configFile.test(relative)) return "config";
  if (relative.startsWith("bench/")) return "bench";
  if (testFile.test(relative) || testSupport.test(relative)) return "test";
  return "shipped";
}
