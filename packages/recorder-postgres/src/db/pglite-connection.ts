import type { PGlite, PGliteOptions } from "@electric-sql/pglite";
import { Kysely, PGliteDialect, type PGliteDialectConfig } from "kysely";
import type { RecorderDatabase } from "../schema/database.js";
import { loadPglite, type PgliteModule } from "./load-pglite.js";
import { closeOnce, type RecorderConnection } from "./recorder-connection.js";
import { PGLITE_PARSERS } from "./type-parsers.js";

/**
 * Creates a PGlite instance that reads values the way the recorder's `pg` pool does. PGlite is
 * an optional peer, imported only here, when the embedded database is asked for.
 *
 * @internal
 */
export async function createRecorderPglite(
  options: Omit<PGliteOptions, "parsers"> = {},
  pgliteModule?: PgliteModule,
): Promise<PGlite> {
  const { PGlite } = pgliteModule ?? (await loadPglite());
  return PGlite.create({ ...options, parsers: { ...PGLITE_PARSERS } });
}

/** How {@link connectionOverPglite} ends. */
export interface PgliteConnectionOptions {
  /** Close the PGlite instance with the connection (false for an instance a test pool reuses). */
  readonly closeInstance: boolean;
  /** Runs after the connection closed, e.g. to free the data folder's lock. */
  readonly afterClose?: () => void | Promise<void>;
}

/**
 * A recorder connection over one PGlite instance. PGlite has a single connection: Kysely's
 * PGlite dialect declares that, so Kysely hands the connection to one query or one transaction
 * at a time (a transaction keeps it until it ends) and queues the rest.
 *
 * @internal
 */
export function connectionOverPglite(
  pglite: PGlite,
  options: PgliteConnectionOptions,
): RecorderConnection {
  const instance = options.closeInstance ? pglite : keepOpen(pglite);
  const db = new Kysely<RecorderDatabase>({ dialect: new PGliteDialect({ pglite: instance }) });
  return {
    db,
    kind: "pglite",
    pglite,
    close: closeOnce(async () => {
      try {
        await db.destroy();
      } finally {
        await options.afterClose?.();
      }
    }),
  };
}

/** The slice of PGlite that Kysely's dialect uses. */
type DialectPglite = Exclude<PGliteDialectConfig["pglite"], (...args: never[]) => unknown>;

// Kysely closes the PGlite it was given when destroyed; a reused instance must outlive it.
function keepOpen(pglite: PGlite): DialectPglite {
  return {
    get closed() {
      return pglite.closed;
    },
    get ready() {
      return pglite.ready;
    },
    get waitReady() {
      return pglite.waitReady;
    },
    query: (query, parameters, options) => pglite.query(query, parameters, options),
    transaction: (callback) => pglite.transaction(callback),
    close: async () => {},
  };
}
