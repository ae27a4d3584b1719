import { sql, type Kysely } from "kysely";
import type { RecorderDatabase } from "../../schema/database.js";

/**
 * Every reference of a stored model call that leads nowhere, as `job#seq:what`: a hash (its
 * system text, a message of its request, its response) with no message in its workflow, or a
 * position of its request its thread does not hold. Empty when nothing said was lost.
 */
export async function danglingReferences(db: Kysely<RecorderDatabase>): Promise<string[]> {
  const { rows } = await sql<{ missing: string }>`
    select c.job_id || '#' || c.seq || ':' || h.hash as missing
    from nucleo_model_call_content c
    cross join lateral (
      select c.response_hash as hash union all select c.system_hash
      union all
      select t.hash from nucleo_thread_messages t
      where t.root_id = c.root_id and t.thread = c.thread and t.position < c.message_count
    ) as h
    where h.hash is not null
      and not exists (select 1 from nucleo_messages m where m.root_id = c.root_id and m.hash = h.hash)
    union all
    select c.job_id || '#' || c.seq || ':position ' || p.position
    from nucleo_model_call_content c
    cross join lateral generate_series(0, c.message_count - 1) as p(position)
    where not exists (
      select 1 from nucleo_thread_messages t
      where t.root_id = c.root_id and t.thread = c.thread and t.position = p.position)
    order by 1`.execute(db);
  return rows.map((row) => row.missing);
}
