import { join } from "node:path";
import { throwawayPostgresForTests } from "@nucleo/tooling/postgres";
import type { TestProject } from "vitest/node";
import { pgliteSnapshot } from "./pglite-snapshot.js";
import "./provided-context.js";

/**
 * Readies what the package's test files share, once per run and in parallel: one throwaway
 * PostgreSQL server (each test then creates a database of its own on it) and a cached snapshot
 * of a fresh PGlite data folder (see pglite-snapshot.ts). Without PostgreSQL installed, the
 * server half of the tests is skipped with a warning, except under CI, where the run fails.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cacheDir = join(project.config.root, "node_modules", ".cache", "nucleo-recorder-postgres");
  const [server, snapshot] = await Promise.all([
    throwawayPostgresForTests("recorder-postgres"),
    pgliteSnapshot(cacheDir),
  ]);
  project.provide("recorderPostgresUrl", server?.url ?? null);
  project.provide("recorderPgliteSnapshot", snapshot);
  return async () => {
    await server?.dispose();
  };
}
