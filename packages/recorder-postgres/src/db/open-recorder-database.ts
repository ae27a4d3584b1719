import { migrateToLatest } from "../migrations/migrate.js";
import { maskDatabaseUrl } from "./mask-database-url.js";
import { openPglite } from "./open-pglite.js";
import { openPostgres } from "./open-postgres.js";
import type { RecorderConnection } from "./recorder-connection.js";
import { RecorderDatabaseError } from "./recorder-database-error.js";

/** Where the recorder's database is, and whether to migrate it on open. */
export interface OpenRecorderDatabaseOptions {
  /** A `postgres://` (or `postgresql://`) URL of a PostgreSQL server. */
  readonly url?: string;
  /** Without `url`: the folder embedded PGlite keeps its data in (created when missing). In memory when neither is given. */
  readonly dataDir?: string;
  /** Run the recorder's migrations before returning (default true). */
  readonly migrate?: boolean;
}

/**
 * Opens the recorder's database: a PostgreSQL server when `url` is given (a `pg` pool under
 * Kysely), otherwise embedded PGlite in `dataDir`, or in memory. Migrates to the latest schema
 * unless `migrate` is false. Fails with a {@link RecorderDatabaseError} that names the URL with
 * its password masked when the URL is malformed, when the server cannot be reached
 * (`recorder_database_unreachable`) or answers the connection with an error, which it quotes
 * with its SQLSTATE (`recorder_database_refused`: a database that does not exist, a password
 * refused), and when a PGlite folder is already open elsewhere.
 *
 * Values read back alike on both engines: `bigint` columns and aggregates (`count(*)`,
 * `sum(...)`) as decimal strings; `numeric` (costs) as exact strings such as `"0.0125"`;
 * `timestamptz` as `Date`; `jsonb` as parsed objects; `text[]` as `string[]`; `date` as
 * `"YYYY-MM-DD"`; `integer` and `real` as numbers. Streaming queries are not supported.
 *
 * @example
 * const recorder = await openRecorderDatabase({ url: process.env.DATABASE_URL });
 * try {
 *   const jobs = await recorder.db.selectFrom("nucleo_jobs").selectAll().execute();
 * } finally {
 *   await recorder.close();
 * }
 */
export async function openRecorderDatabase(
  options: OpenRecorderDatabaseOptions = {},
): Promise<RecorderConnection> {
  if (options.url !== undefined && options.dataDir !== undefined) {
    throw new RecorderDatabaseError({
      code: "recorder_database_options",
      url: maskDatabaseUrl(options.url),
      dataDir: options.dataDir,
      message: `Give the recorder either url (${maskDatabaseUrl(options.url)}) or dataDir (${options.dataDir}), not both.`,
    });
  }
  const connection =
    options.url !== undefined ? await openPostgres(options.url) : await openPglite(options.dataDir);
  if (options.migrate === false) return connection;
  try {
    await migrateToLatest(connection.db);
  } catch (error) {
    await connection.close().catch(() => {});
    throw error;
  }
  return connection;
}
