import { sql, type Kysely } from "kysely";

// Frozen in time: this migration takes `Kysely<any>` and imports nothing of the application,
// so later schema changes never rewrite history (Kysely's rule for migrations).

/**
 * One-hour prompt-cache writes (issue 21): Anthropic bills a cache write kept for an hour at its
 * own price, so a model call records how many of its `cache_creation_input_tokens` were written
 * for an hour. With it, a call's cost can be checked against its tokens and the entry's prices
 * from the table alone. Existing rows wrote none (the column's default, 0): no call asked for an
 * hour-long cache before this release.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table nucleo_model_calls
      add column if not exists cache_creation_1h_input_tokens bigint not null default 0`.execute(
    db,
  );
}

/** Drops the column. */
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table nucleo_model_calls drop column if exists cache_creation_1h_input_tokens`.execute(
    db,
  );
}
