import type { Kysely } from "kysely";
import type { RecorderDatabase } from "../schema/database.js";

/** Which engine holds the recorder's tables. */
export type RecorderBackend = "postgres" | "pglite";

/**
 * The embedded database's own handle — the PGlite instance — by what a component sharing it
 * (a job queue) uses: spelled here so that the published types check without PGlite's, which
 * need Emscripten's.
 */
export interface EmbeddedDatabase {
  // biome-ignore lint/suspicious/noExplicitAny: PGlite's own signature
  query<T = any>(query: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(query: string): Promise<Array<{ rows: unknown[] }>>;
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  /** True once closed. */
  readonly closed: boolean;
}

/**
 * An open recorder database: a typed Kysely instance over the recorder's tables, the engine
 * behind it, and the way to let it go. Values read back the same way on both engines (see
 * {@link openRecorderDatabase}).
 */
export interface RecorderConnection {
  /**
   * The recorder's tables. On PGlite there is a single connection and a transaction holds it
   * to its end: inside `db.transaction().execute((trx) => ...)` query through `trx` only, since
   * a query through `db` would wait for the transaction, which waits for it (on a server it
   * would merely run outside the transaction).
   */
  readonly db: Kysely<RecorderDatabase>;
  readonly kind: RecorderBackend;
  /**
   * The embedded database itself, on the PGlite backend only (undefined on a server): for what
   * must share it, such as a job queue kept in the same database (PGlite is one process's, one
   * connection's). It belongs to this connection: never close it yourself; `close()` does,
   * after everything sharing it has stopped.
   */
  readonly pglite?: EmbeddedDatabase;
  /** Ends the pool or closes PGlite (freeing its data folder). Safe to call twice. */
  close(): Promise<void>;
}

/**
 * Wraps a close function so that a second call waits for the first instead of closing twice.
 *
 * @internal
 */
export function closeOnce(close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
}
