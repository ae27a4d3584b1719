import { sql, type Kysely } from "kysely";

// Frozen in time: this migration takes `Kysely<any>` and imports nothing of the application,
// so later schema changes never rewrite history (Kysely's rule for migrations).

/**
 * What a resumed workflow replays (issue 19):
 *
 * - `nucleo_jobs.position`, `fingerprint`: a job's place in a workflow submitted as resumable
 *   and the hash of what it was asked, the same in every attempt (null for other workflows;
 *   the root's position is the empty string); `replayed_from`: set when the job did not run
 *   but returned an earlier attempt's recorded output, the id of the job that produced it.
 * - `nucleo_replay_checkpoints`: each finished job of a resumable workflow (the root aside)
 *   with its output exactly as it returned it, one row per workflow attempt (`root_id`) and
 *   position, written in the same transaction as the job's finish. A later attempt loads the
 *   rows of the earlier ones (`root_id = any(...)`, the primary key's first column) and
 *   returns a job's output instead of running it when position and fingerprint match. The
 *   rows go when the workflow settles.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table nucleo_jobs
    add column if not exists position text,
    add column if not exists fingerprint text,
    add column if not exists replayed_from text`.execute(db);

  await sql`
    create table if not exists nucleo_replay_checkpoints (
      root_id text not null,
      position text not null,
      fingerprint text not null,
      job_id text not null,
      output jsonb not null,
      primary key (root_id, position)
    )`.execute(db);
}

/** Drops what `up` added. */
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists nucleo_replay_checkpoints`.execute(db);
  await sql`alter table nucleo_jobs
    drop column if exists replayed_from,
    drop column if exists fingerprint,
    drop column if exists position`.execute(db);
}
