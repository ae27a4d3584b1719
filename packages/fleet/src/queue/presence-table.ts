import type { PgBoss } from "pg-boss";

/**
 * The fleet's own table, beside pg-boss's in the queue's schema: one row per serving
 * `FleetServer` (its presence). In the queue's schema rather than a shared one, so that two
 * fleets in one database (two schemas) never list each other's workers; keyed by queue too,
 * since two queues may share a schema. pg-boss's schema checks look at its own tables only.
 */
export const PRESENCE_TABLE = "nucleo_fleet_worker";

/** `schema.nucleo_fleet_worker`: the schema name was checked at open (a plain SQL name). */
export function presenceTable(schema: string): string {
  return `${schema}.${PRESENCE_TABLE}`;
}

/**
 * Creates the presence table and its index when missing; safe to run from any number of
 * processes at once. `CREATE ... IF NOT EXISTS` alone is not: two sessions creating the same
 * table together can fail on the catalog's unique index, so the creation runs under a
 * transaction-scoped advisory lock (one statement, a DO block: it works the same through a pool
 * and through PGlite's single connection).
 */
export async function ensurePresenceTable(boss: PgBoss, schema: string): Promise<void> {
  const table = presenceTable(schema);
  await boss.getDb().executeSql(`
    DO $presence$
    BEGIN
      PERFORM pg_advisory_xact_lock(hashtext('${table}'));
      CREATE TABLE IF NOT EXISTS ${table} (
        id uuid PRIMARY KEY,
        queue text NOT NULL,
        host text NOT NULL,
        pid integer NOT NULL,
        concurrency integer NOT NULL,
        presence_interval_seconds integer NOT NULL,
        started_at timestamptz NOT NULL,
        last_heartbeat_at timestamptz NOT NULL
      );
      CREATE INDEX IF NOT EXISTS ${PRESENCE_TABLE}_heartbeat
        ON ${table} (queue, last_heartbeat_at DESC);
    END
    $presence$`);
}
