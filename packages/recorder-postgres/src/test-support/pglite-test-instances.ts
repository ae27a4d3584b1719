import { readFile } from "node:fs/promises";
import type { PGlite } from "@electric-sql/pglite";
import { connectionOverPglite, createRecorderPglite } from "../db/pglite-connection.js";
import type { RecorderConnection } from "../db/recorder-connection.js";

/**
 * In-memory PGlite instances for one test file, reused between tests: starting one costs
 * seconds (initdb), emptying one costs milliseconds. Each test gets an instance to itself,
 * emptied of every table, type and function a previous test made.
 */
export class PgliteTestInstances {
  readonly #snapshotFile: string | null;
  readonly #idle: PGlite[] = [];
  readonly #all: PGlite[] = [];
  #snapshot: Promise<Blob | undefined> | undefined;

  /** `snapshotFile`: a tarball of a fresh data folder to start from (see pglite-snapshot.ts), or null to run initdb. */
  constructor(snapshotFile: string | null) {
    this.#snapshotFile = snapshotFile;
  }

  /** An empty database on an instance no other open connection uses. */
  async open(): Promise<RecorderConnection> {
    const pglite = this.#idle.pop() ?? (await this.#create());
    return connectionOverPglite(pglite, {
      closeInstance: false,
      afterClose: async () => {
        try {
          await empty(pglite);
          this.#idle.push(pglite);
        } catch (error) {
          // An instance that cannot be emptied is not handed out again.
          this.#all.splice(this.#all.indexOf(pglite), 1);
          await pglite.close().catch(() => {});
          throw error;
        }
      },
    });
  }

  /** Closes every instance; for `afterAll`. */
  async closeAll(): Promise<void> {
    const all = this.#all.splice(0);
    this.#idle.length = 0;
    await Promise.all(all.map((pglite) => pglite.close()));
  }

  async #create(): Promise<PGlite> {
    this.#snapshot ??=
      this.#snapshotFile === null
        ? Promise.resolve(undefined)
        : readFile(this.#snapshotFile).then((bytes) => new Blob([bytes]));
    const snapshot = await this.#snapshot;
    // A snapshot that will not load (an older cache, a damaged file) costs time, not the test.
    const pglite =
      snapshot === undefined
        ? await createRecorderPglite()
        : await createRecorderPglite({ loadDataDir: snapshot }).catch(() => createRecorderPglite());
    this.#all.push(pglite);
    return pglite;
  }
}

// Drops every schema a test could have filled (public included, then recreated empty) and
// resets session settings, which is what a fresh database would look like to the next test.
async function empty(pglite: PGlite): Promise<void> {
  const { rows } = await pglite.query<{ name: string }>(
    "select nspname as name from pg_namespace where nspname not like 'pg\\_%' and nspname <> 'information_schema'",
  );
  const drops = rows
    .map((row) => `drop schema if exists "${row.name.replaceAll('"', '""')}" cascade;`)
    .join("\n");
  await pglite.exec(`${drops}\ncreate schema public;\nreset all;`);
}
