import type { ConstructorOptions } from "pg-boss";
import { fromPglite } from "pg-boss";
import type { FleetSettings } from "./fleet-settings.js";

/**
 * What the queue needs of a PGlite instance (what pg-boss's `fromPglite` takes), spelled here so
 * that the published types do not reach pg-boss's, which need Node's own to check.
 */
export interface PgliteInstance {
  // biome-ignore lint/suspicious/noExplicitAny: PGlite's own signature, which pg-boss's matches
  query<T = any>(query: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(query: string): Promise<Array<{ rows: unknown[] }>>;
  listen?(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>;
  onLeaderChange?(callback: () => void): () => void;
}

/**
 * Where the queue lives: a PostgreSQL server (pg-boss opens its own pool on it), or a PGlite
 * instance its owner opened (shared, for one, with the recorder) and will close: the queue
 * never closes it.
 */
export type FleetDatabase =
  | {
      /** A `postgres://` URL. Never logged as given: its password is masked. */
      readonly url: string;
    }
  | {
      /** An open PGlite instance (anything `fromPglite` of pg-boss accepts). */
      readonly pglite: PgliteInstance;
    };

/** The pg-boss constructor options for `database` and `settings`. */
export function pgBossOptions(
  database: FleetDatabase,
  settings: FleetSettings,
): ConstructorOptions {
  const shared: ConstructorOptions = {
    schema: settings.schema,
    useListenNotify: settings.useListenNotify,
    supervise: settings.supervise,
    superviseIntervalSeconds: settings.superviseIntervalSeconds,
    monitorIntervalSeconds: settings.monitorIntervalSeconds,
    schedule: settings.runSchedules,
    cronMonitorIntervalSeconds: settings.cronMonitorIntervalSeconds,
    cronWorkerIntervalSeconds: settings.cronWorkerIntervalSeconds,
    application_name: "nucleo-fleet",
  };
  if ("pglite" in database)
    return { ...shared, db: fromPglite(database.pglite), backend: "pglite" };
  return { ...shared, connectionString: database.url, max: settings.poolMax };
}

/** The database as logs and errors may name it: a URL with its password masked, or `PGlite`. */
export function describeDatabase(database: FleetDatabase): string {
  return "pglite" in database ? "PGlite" : maskedUrl(database.url);
}

function maskedUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "<a database URL that does not parse, not shown>";
  }
  const user = parsed.username === "" ? "" : `${parsed.username}${parsed.password ? ":***" : ""}@`;
  return `${parsed.protocol}//${user}${parsed.host}${parsed.pathname}`;
}
