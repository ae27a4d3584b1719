import { throwawayPostgresForTests } from "@nucleo/tooling/postgres";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { pgliteSnapshot } from "./pglite-snapshot.js";
import "./provided-context.js";

/**
 * Readies what the test files share, once per run and in parallel: one throwaway PostgreSQL
 * server (each test opens its queue in a schema of its own on it) and a cached snapshot of a
 * fresh PGlite data folder. Without PostgreSQL installed, the server tests are skipped with a
 * warning, except under CI, where the run fails.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const cacheDir = join(project.config.root, "node_modules", ".cache", "nucleo-fleet");
  const [server, snapshot] = await Promise.all([
    throwawayPostgresForTests("fleet"),
    pgliteSnapshot(cacheDir),
  ]);
  project.provide("fleetPostgresUrl", server?.url ?? null);
  project.provide("fleetPgliteSnapshot", snapshot);
  return async () => {
    await server?.dispose();
  };
}
