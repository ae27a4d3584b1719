import { afterAll, afterEach, describe, inject } from "vitest";
import { migrateToLatest } from "../migrations/migrate.js";
import type { RecorderBackend, RecorderConnection } from "../db/recorder-connection.js";
import { PgliteTestInstances } from "./pglite-test-instances.js";
import "./provided-context.js";
import { ServerTestDatabases } from "./server-test-databases.js";

/** A test's own database. */
export interface TestDatabase extends RecorderConnection {
  /** On the server, this database's URL (to open a second connection to it); undefined on PGlite. */
  readonly url: string | undefined;
}

/** Opens a new, empty database for the running test, migrated unless `migrate` is false. */
export type OpenTestDatabase = (options?: { readonly migrate?: boolean }) => Promise<TestDatabase>;

/** The two engines, PGlite first: it needs no server. */
export const BACKENDS: readonly RecorderBackend[] = ["pglite", "postgres"];

// One source per engine per test file, shared by every describeOnBothDatabases of the file and
// closed after the last of them (vitest gives each test file its own copy of this module).
const shared: { pglite?: PgliteTestInstances; postgres?: ServerTestDatabases; users: number } = {
  users: 0,
};

/**
 * Declares the same tests twice, as `"<name> [pglite]"` and `"<name> [postgres]"`. `open()`
 * gives the running test a new, empty database: a fresh in-memory PGlite (an instance reused
 * between tests after every schema in it is dropped), or a new database created on the
 * package's throwaway PostgreSQL server. Whatever a test opens is closed after it, and server
 * databases are dropped. The PostgreSQL half is skipped, not failed, on a machine without
 * PostgreSQL (except under CI, where the run fails at start).
 *
 * @example
 * describeOnBothDatabases("the jobs table", (open) => {
 *   it("keeps a job's ancestors in order", async () => {
 *     const { db } = await open();
 *     // ...
 *   });
 * });
 */
export function describeOnBothDatabases(
  name: string,
  body: (open: OpenTestDatabase, backend: RecorderBackend) => void,
): void {
  for (const backend of BACKENDS) {
    const serverUrl = backend === "postgres" ? inject("recorderPostgresUrl") : undefined;
    const skipped = serverUrl === null;
    (skipped ? describe.skip : describe)(`${name} [${backend}]`, () => {
      const opened: TestDatabase[] = [];
      // A skipped block runs no afterAll, so it must not count as a user of the shared sources.
      if (!skipped) shared.users += 1;
      const open: OpenTestDatabase = async (options = {}) => {
        const database =
          backend === "pglite"
            ? await openPglite(options.migrate ?? true)
            : await serverDatabases(serverUrl).open(options);
        opened.push(database);
        return database;
      };
      afterEach(async () => {
        await Promise.all(opened.splice(0).map((database) => database.close()));
      });
      afterAll(async () => {
        shared.users -= 1;
        if (shared.users > 0) return;
        const { pglite, postgres } = shared;
        delete shared.pglite;
        delete shared.postgres;
        await Promise.all([pglite?.closeAll(), postgres?.closeAll()]);
      });
      body(open, backend);
    });
  }
}

async function openPglite(migrate: boolean): Promise<TestDatabase> {
  shared.pglite ??= new PgliteTestInstances(inject("recorderPgliteSnapshot") ?? null);
  const connection = await shared.pglite.open();
  if (migrate) {
    try {
      await migrateToLatest(connection.db);
    } catch (error) {
      await connection.close();
      throw error;
    }
  }
  return { ...connection, url: undefined };
}

function serverDatabases(serverUrl: string | null | undefined): ServerTestDatabases {
  if (typeof serverUrl !== "string") {
    throw new Error(
      "No PostgreSQL server for this test: run it with packages/recorder-postgres/vitest.config.ts, whose globalSetup starts one.",
    );
  }
  shared.postgres ??= new ServerTestDatabases(serverUrl);
  return shared.postgres;
}
