import type { Kysely } from "kysely";
import type { RecorderDatabase } from "../../schema/database.js";

/** How many rows `table` holds. */
export async function countRows(
  db: Kysely<RecorderDatabase>,
  table: keyof RecorderDatabase,
): Promise<number> {
  const { n } = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(n);
}
