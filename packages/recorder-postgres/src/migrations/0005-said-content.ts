import { sql, type Kysely } from "kysely";

// Frozen in time: this migration takes `Kysely<any>` and imports nothing of the application,
// so later schema changes never rewrite history (Kysely's rule for migrations).

/**
 * What was said (issue 18), kept apart from the tables the trajectory and ledger queries read,
 * so those never touch content unless asked:
 *
 * - `nucleo_jobs.role`: `agent` (a thinker), `model_call` (a thinker's turn, `LLMCall`), or null.
 * - `nucleo_job_content`: a job's input (first attempt) and output, as kept by the content
 *   policy, with a full-text `search` vector over their strings — but not over an output that
 *   repeats a model call's response (`output_repeats_call`: an `LLMCall`'s output holds its
 *   answer, which `nucleo_messages` holds and indexes already; indexing it twice was a quarter
 *   of the text a loop's turn put through the tokenizer).
 * - `nucleo_messages`: each message of a workflow once, keyed by the hash of what was kept
 *   (content-addressed within the workflow); `role` is `system`, `user` or `assistant`.
 *   `search` is a full-text vector over the parts' text.
 * - `nucleo_model_call_content`: one model call's request as references (its system text and
 *   messages in order, by hash) and its response (an assistant message, by hash), so a loop
 *   that re-sends its conversation every turn stores each message once.
 *
 * Full text uses the `simple` configuration (no stemming, any language) with GIN indexes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table nucleo_jobs add column if not exists role text`.execute(db);

  // The text of a message's parts, for its search vector. IMMUTABLE, so a generated column may use it.
  await sql`
    create or replace function nucleo_parts_text(parts jsonb) returns text
    language sql immutable parallel safe as $$
      select coalesce(string_agg(
        case when part->>'type' = 'tool_call' then concat_ws(' ', part->>'name', part->>'text')
             when part->>'type' = 'tool_result' then concat_ws(' ', part->>'name', part->>'text')
             else part->>'text' end, ' '), '')
      from jsonb_array_elements(case when jsonb_typeof(parts) = 'array' then parts else '[]'::jsonb end) as part
    $$`.execute(db);

  await sql`
    create table if not exists nucleo_job_content (
      job_id text primary key,
      root_id text not null,
      input jsonb,
      output jsonb,
      output_repeats_call boolean not null default false,
      search tsvector generated always as (
        jsonb_to_tsvector('simple', coalesce(input, 'null'::jsonb), '["string"]')
        || case when output_repeats_call then ''::tsvector
           else jsonb_to_tsvector('simple', coalesce(output, 'null'::jsonb), '["string"]') end
      ) stored
    )`.execute(db);
  await sql`create index if not exists nucleo_job_content_root on nucleo_job_content (root_id)`.execute(
    db,
  );
  await sql`create index if not exists nucleo_job_content_search on nucleo_job_content using gin (search)`.execute(
    db,
  );

  await sql`
    create table if not exists nucleo_messages (
      root_id text not null,
      hash text not null,
      role text not null,
      parts jsonb not null,
      search tsvector generated always as (to_tsvector('simple', nucleo_parts_text(parts))) stored,
      primary key (root_id, hash)
    )`.execute(db);
  await sql`create index if not exists nucleo_messages_search on nucleo_messages using gin (search)`.execute(
    db,
  );
  // A row of a 2 KB turn (its jsonb and its vector, some 3-4 KB) stays in the table's page as
  // it is: past the default ~2 KB target PostgreSQL first compresses it (pglz, slow, and a
  // vector hardly compresses), then moves it out of line, an extra insert into the TOAST table.
  // A longer row is still compressed, with lz4 where the server has it (much faster than pglz).
  for (const table of ["nucleo_job_content", "nucleo_messages"])
    await sql`alter table ${sql.table(table)} set (toast_tuple_target = 8160)`.execute(db);
  if (await hasLz4(db)) {
    await sql`alter table nucleo_messages
      alter column parts set compression lz4, alter column search set compression lz4`.execute(db);
    await sql`alter table nucleo_job_content alter column input set compression lz4,
      alter column output set compression lz4, alter column search set compression lz4`.execute(db);
  }

  await sql`
    create table if not exists nucleo_model_call_content (
      job_id text not null,
      seq integer not null,
      root_id text not null,
      system_hash text,
      thread text,
      message_count integer not null default 0,
      response_hash text not null,
      tools text[] not null default '{}',
      tool_choice text,
      response_format jsonb,
      primary key (job_id, seq)
    )`.execute(db);
  await sql`create index if not exists nucleo_model_call_content_root on nucleo_model_call_content (root_id)`.execute(
    db,
  );

  // A conversation's messages in order, each position once: a call's request is the first
  // message_count positions of its thread, so a loop stores one reference per new message.
  await sql`
    create table if not exists nucleo_thread_messages (
      root_id text not null,
      thread text not null,
      position integer not null,
      hash text not null,
      primary key (root_id, thread, position)
    )`.execute(db);
}

/** Whether the server was built with lz4 (PostgreSQL 14 and later, `--with-lz4`). */
async function hasLz4(db: Kysely<any>): Promise<boolean> {
  const { rows } = await sql<{ lz4: boolean | null }>`
    select bool_or('lz4' = any(enumvals)) as lz4
    from pg_settings where name = 'default_toast_compression'`.execute(db);
  return rows[0]?.lz4 === true;
}

/** Drops what `up` added. */
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists nucleo_thread_messages`.execute(db);
  await sql`drop table if exists nucleo_model_call_content`.execute(db);
  await sql`drop table if exists nucleo_messages`.execute(db);
  await sql`drop table if exists nucleo_job_content`.execute(db);
  await sql`drop function if exists nucleo_parts_text(jsonb)`.execute(db);
  await sql`alter table nucleo_jobs drop column if exists role`.execute(db);
}
