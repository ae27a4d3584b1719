import type { Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { sqlStateOf } from "../db/classify-database-failure.js";
import { RecorderDatabaseError } from "../db/recorder-database-error.js";
import { RECORDER_MIGRATIONS } from "./recorder-migrations.js";

/**
 * The tables where Kysely's migrator keeps its bookkeeping. Not Kysely's default names: the
 * recorder often shares a database with an application that runs its own Kysely migrations,
 * and one migrator meeting the other's history refuses to run.
 */
export const MIGRATION_TABLE = "nucleo_recorder_migrations";
/** The migrator's lock row lives here. */
export const MIGRATION_LOCK_TABLE = "nucleo_recorder_migrations_lock";

/** What {@link migrateToLatest} did. */
export interface MigrateResult {
  /** The migrations run by this call, in order; empty when the database was up to date. */
  readonly applied: string[];
}

/**
 * Brings the recorder's schema to the latest migration, in one transaction. Safe to run again
 * (it applies nothing the second time) and from several processes at once: on a server the
 * migrator holds an advisory lock, so the others wait and then find nothing left to do; PGlite
 * has a single connection, which the migration holds to the end. Throws a
 * {@link RecorderDatabaseError} naming the failed migration and quoting the server's answer with
 * its SQLSTATE; the database then stays as it was.
 *
 * @example
 * const { applied } = await migrateToLatest(db); // ["0001-initial"] on a fresh database, [] after
 */
export async function migrateToLatest(db: Kysely<any>): Promise<MigrateResult> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => ({ ...RECORDER_MIGRATIONS }) },
    migrationTableName: MIGRATION_TABLE,
    migrationLockTableName: MIGRATION_LOCK_TABLE,
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results.find((result) => result.status === "Error")?.migrationName;
    const sqlState = sqlStateOf(error);
    const reason = `${error instanceof Error ? error.message : String(error)}${sqlState === undefined ? "" : ` (SQLSTATE ${sqlState})`}`;
    throw new RecorderDatabaseError({
      code: "recorder_migration_failed",
      ...(failed === undefined ? {} : { migration: failed }),
      message:
        failed === undefined
          ? `The recorder's migrations could not start: ${reason}`
          : `The recorder's migration ${failed} failed: ${reason}`,
      cause: error,
    });
  }
  return {
    applied: results
      .filter((result) => result.status === "Success")
      .map((result) => result.migrationName),
  };
}
