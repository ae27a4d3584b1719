import { sql, type Kysely } from "kysely";

// Frozen in time: this migration takes `Kysely<any>` and imports nothing of the application,
// so later schema changes never rewrite history (Kysely's rule for migrations).

/** The columns a call's spending is summed over, in table order. */
const SUMS =
  "input_tokens, cache_read_input_tokens, cache_creation_input_tokens, output_tokens, reasoning_output_tokens, cost";

/**
 * What makes the cost rollups fast, every one still computed when read:
 *
 * - `nucleo_cost_attribution`: what each statement writing model calls added below each
 *   ancestor — per (ancestor, currency), the calls, tokens and exact cost of the calls it
 *   inserted under that ancestor. "Everything below job X" is then one range of one index
 *   (`ancestor_id = X`, every summed column `INCLUDE`d, read from the index alone) holding one
 *   row per write that reached X's subtree, instead of a GIN lookup and a heap page per call.
 *   Rows are only ever appended (a deleted or changed call appends its negation), never
 *   updated: nothing is a running total, so writers never wait on one another's rows. (The
 *   recorder later merges an ancestor's rows into their sums, in one statement that deletes
 *   what it sums: writer/attribution-compaction.ts.)
 * - A statement-level trigger on `nucleo_model_calls` appends them, in the statement that
 *   writes the calls (so in the writer's batch transaction), for every writer: it sees only the
 *   rows the statement really inserted, so an event delivered twice adds nothing.
 * - Statistics on a call's UTC day, without which the planner expects some hundred thousand
 *   days and sorts every call for the ledger by day instead of hashing a few groups.
 *
 * Calls recorded before this migration are attributed by it, in one row per ancestor and
 * currency.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table if not exists nucleo_cost_attribution (
      ancestor_id text not null,
      currency text not null,
      calls bigint not null,
      input_tokens bigint not null,
      cache_read_input_tokens bigint not null,
      cache_creation_input_tokens bigint not null,
      output_tokens bigint not null,
      reasoning_output_tokens bigint not null,
      cost numeric not null
    )`.execute(db);
  await sql`
    create index if not exists nucleo_cost_attribution_ancestor on nucleo_cost_attribution (ancestor_id)
      include (currency, calls, ${sql.raw(SUMS)})`.execute(db);
  // Mostly appended to: vacuumed after every 10,000 new rows rather than after a fifth of the
  // table, so recent rows are soon marked all-visible and read from the index alone (a server's
  // autovacuum; PGlite has none, and also reads the rows' heap pages). The recorder's merges
  // (writer/attribution-compaction.ts, later) delete rows too, which autovacuum's usual
  // thresholds cover; a merged ancestor has few rows, so heap reads cost it little.
  await sql`alter table nucleo_cost_attribution set (autovacuum_vacuum_insert_scale_factor = 0, autovacuum_vacuum_insert_threshold = 10000)`.execute(
    db,
  );

  // Each ancestor of each call, signed: +1 for a call a statement added, -1 for one it removed.
  const attributed = (calls: string, sign: 1 | -1) => `
    select ancestor.id as ancestor_id, c.currency, ${sign} as calls,
           ${SUMS.split(", ")
             .map((column) => `${sign === 1 ? "" : "-"}c.${column} as ${column}`)
             .join(", ")}
      from ${calls} c cross join unnest(c.ancestors) as ancestor(id)`;
  const append = (changes: string) => `
    insert into nucleo_cost_attribution (ancestor_id, currency, calls, ${SUMS})
    select ancestor_id, currency, sum(calls), ${SUMS.split(", ")
      .map((column) => `sum(${column})`)
      .join(", ")}
      from (${changes}) as change
     group by ancestor_id, currency
    having (sum(calls) <> 0 or ${SUMS.split(", ")
      .map((column) => `sum(${column}) <> 0`)
      .join(" or ")})`;
  await sql`
    create or replace function nucleo_attribute_model_calls() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then ${sql.raw(append(attributed("new_calls", 1)))};
      elsif tg_op = 'DELETE' then ${sql.raw(append(attributed("old_calls", -1)))};
      elsif tg_op = 'UPDATE' then ${sql.raw(append(`${attributed("new_calls", 1)} union all ${attributed("old_calls", -1)}`))};
      elsif tg_op = 'TRUNCATE' then truncate nucleo_cost_attribution;
      end if;
      return null;
    end
    $$`.execute(db);
  // A trigger with transition tables serves one event; the four share the function.
  const triggers = [
    ["nucleo_model_calls_attribute_insert", "insert", "referencing new table as new_calls"],
    [
      "nucleo_model_calls_attribute_update",
      "update",
      "referencing old table as old_calls new table as new_calls",
    ],
    ["nucleo_model_calls_attribute_delete", "delete", "referencing old table as old_calls"],
    ["nucleo_model_calls_attribute_truncate", "truncate", ""],
  ] as const;
  for (const [name, event, transitions] of triggers) {
    await sql`drop trigger if exists ${sql.id(name)} on nucleo_model_calls`.execute(db);
    await sql`create trigger ${sql.id(name)} after ${sql.raw(event)} on nucleo_model_calls ${sql.raw(transitions)}
              for each statement execute function nucleo_attribute_model_calls()`.execute(db);
  }
  // The calls recorded so far (the trigger takes the rest, in this same transaction). Once only:
  // a second run of this migration finds rows here and adds none.
  await sql`
    ${sql.raw(append(attributed("nucleo_model_calls", 1)))}
       and not exists (select from nucleo_cost_attribution)`.execute(db);

  await sql`create statistics if not exists nucleo_model_calls_utc_day on ((at at time zone 'UTC')::date) from nucleo_model_calls`.execute(
    db,
  );
  await sql`analyze nucleo_model_calls`.execute(db);
  await sql`analyze nucleo_cost_attribution`.execute(db);
}

/** Drops everything `up` made. */
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop statistics if exists nucleo_model_calls_utc_day`.execute(db);
  for (const name of ["insert", "update", "delete", "truncate"]) {
    await sql`drop trigger if exists ${sql.id(`nucleo_model_calls_attribute_${name}`)} on nucleo_model_calls`.execute(
      db,
    );
  }
  await sql`drop function if exists nucleo_attribute_model_calls()`.execute(db);
  await sql`drop table if exists nucleo_cost_attribution`.execute(db);
}
