import { Kysely, PostgresDialect } from "kysely";
import { Pool } from "pg";
import type { RecorderDatabase } from "../../schema/database.js";

/** A database handle on a pool of its own that notes every statement sent to the server. */
export interface CountedDatabase {
  readonly db: Kysely<RecorderDatabase>;
  /** Every statement sent so far, failed ones included, `begin` and `commit` among them. */
  readonly statements: string[];
  /** How many statements `action` sent. */
  count(action: () => Promise<unknown>): Promise<number>;
  close(): Promise<void>;
}

/**
 * Opens a pool on `url` whose Kysely logs each statement it runs on a connection: Kysely's
 * transactions send `start transaction …` and `commit` through the same path, so the log counts
 * round trips, not just the store's own statements.
 */
export function countedDatabase(url: string, max = 10): CountedDatabase {
  const statements: string[] = [];
  const pool = new Pool({ connectionString: url, max });
  // The block's database is dropped (its connections ended) after the test: not an error here.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = new Kysely<RecorderDatabase>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      statements.push(event.query.sql);
    },
  });
  return {
    db,
    statements,
    async count(action) {
      const before = statements.length;
      await action();
      return statements.length - before;
    },
    close: () => db.destroy(),
  };
}
