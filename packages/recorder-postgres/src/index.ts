/**
 * @nucleo/recorder-postgres — every run event in PostgreSQL (or embedded PGlite): the schema
 * and its migrations, a batched idempotent writer, and the trajectory, cost-ledger and
 * seat-sizing queries over it, with transcripts and full-text search of what was said.
 *
 * @packageDocumentation
 */
export {
  openRecorderDatabase,
  type OpenRecorderDatabaseOptions,
} from "./db/open-recorder-database.js";
export type {
  EmbeddedDatabase,
  RecorderBackend,
  RecorderConnection,
} from "./db/recorder-connection.js";
export {
  RecorderDatabaseError,
  type RecorderDatabaseErrorCode,
  type RecorderDatabaseErrorOptions,
} from "./db/recorder-database-error.js";
export { maskDatabaseUrl, passwordOf } from "./db/mask-database-url.js";
export { migrateToLatest, type MigrateResult } from "./migrations/migrate.js";
export type * from "./schema/database.js";
export * from "./writer/index.js";
export * from "./queries/index.js";
export * from "./conversations/index.js";
export * from "./admission/index.js";
export * from "./replay/index.js";
