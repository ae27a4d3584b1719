import { sql, type Kysely } from "kysely";
import type { RecorderDatabase } from "../../schema/database.js";

/**
 * The recorder's tables (every `nucleo_*` table but the migrations' own) whose rows, read as
 * text — every column, search vectors included — contain any of `needles`, each with how many
 * rows do. Empty when no row holds any of them.
 */
export async function tablesHolding(
  db: Kysely<RecorderDatabase>,
  needles: readonly string[],
): Promise<Record<string, number>> {
  const { rows: tables } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_name like 'nucleo\\_%'
      and table_name not like 'nucleo\\_recorder\\_%' order by 1`.execute(db);
  const found: Record<string, number> = {};
  for (const { name } of tables) {
    const { rows } = await sql<{ row: string }>`
      select row_to_json(t)::text as row from ${sql.table(name)} t`.execute(db);
    const holding = rows.filter((row) => needles.some((needle) => row.row.includes(needle)));
    if (holding.length > 0) found[name] = holding.length;
  }
  return found;
}

/** How many rows each recorder table holds (the tables with none left out). */
export async function rowCounts(db: Kysely<RecorderDatabase>): Promise<Record<string, number>> {
  const { rows: tables } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_name like 'nucleo\\_%'
      and table_name not like 'nucleo\\_recorder\\_%' order by 1`.execute(db);
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(name)}`.execute(
      db,
    );
    const n = Number(rows[0]?.n ?? 0);
    if (n > 0) counts[name] = n;
  }
  return counts;
}
