import { SystemError } from "@nucleo/core";
import { brandError, hasErrorBrand } from "./error-brand.js";

const RECORDER_DATABASE = Symbol.for("nucleo.error.recorder-database");

/** Why the recorder's database could not be used. */
export type RecorderDatabaseErrorCode =
  /** The options were contradictory or the URL was not a `postgres://` URL. */
  | "recorder_database_options"
  /** The server did not answer (refused or dropped connections, a name that does not resolve, a timeout), or PGlite could not open its folder. */
  | "recorder_database_unreachable"
  /**
   * The server answered the connection with an error (its SQLSTATE is on `sqlState`): the
   * database does not exist, the credentials or the host are refused, too many connections.
   */
  | "recorder_database_refused"
  /** The embedded database was asked for, but `@electric-sql/pglite` is not installed. */
  | "recorder_pglite_missing"
  /** Another process (or another open connection) holds the PGlite data folder. */
  | "recorder_data_dir_in_use"
  /** A migration failed; the database is left at the last migration that succeeded. */
  | "recorder_migration_failed";

/** What a {@link RecorderDatabaseError} names. */
export interface RecorderDatabaseErrorOptions {
  readonly code: RecorderDatabaseErrorCode;
  /** A secret-free sentence: URLs in it are masked. */
  readonly message: string;
  /** The database URL with its password masked, when one was given. */
  readonly url?: string;
  /** The PGlite data folder, when one was given. */
  readonly dataDir?: string;
  /** The migration that failed. */
  readonly migration?: string;
  /** The SQLSTATE the server answered with (`3D000`, `28P01`), when it answered. */
  readonly sqlState?: string;
  readonly cause?: unknown;
}

/**
 * The recorder's database could not be opened or migrated. Names the URL (password masked),
 * the data folder or the migration; never carries a password, not even on `cause`.
 */
export class RecorderDatabaseError extends SystemError {
  override readonly code: RecorderDatabaseErrorCode;
  readonly url: string | undefined;
  readonly dataDir: string | undefined;
  readonly migration: string | undefined;
  readonly sqlState: string | undefined;

  constructor(options: RecorderDatabaseErrorOptions) {
    super({ code: options.code, message: options.message, cause: options.cause });
    brandError(this, RECORDER_DATABASE);
    this.code = options.code;
    this.url = options.url;
    this.dataDir = options.dataDir;
    this.migration = options.migration;
    this.sqlState = options.sqlState;
  }

  /** True for any {@link RecorderDatabaseError}, from whichever copy of this package it came. */
  static override isInstance(value: unknown): value is RecorderDatabaseError {
    return hasErrorBrand(value, RECORDER_DATABASE);
  }
}
