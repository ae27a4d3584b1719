/**
 * The workflow-list benchmark's data, written by `generate_series` in a few statements (about a
 * minute for the million on a 2-vCPU VM). Plain erasable TypeScript: Node runs the bench directly.
 *
 * - 1,000,000 root workflows, one submitted every 3 s from 2025-01-01 (about 35 days), two at a
 *   time sharing a submission instant (ties the id settles); 1 in 1,000 without a recorded
 *   submission (listed last). Status: 1% submitted, 4% running, 5% failed (with an error), 90%
 *   finished. 20 workflow names, 7 classes; a tenant from 97 on 9 in 10, none on the rest.
 * - One model call on every root (an entry of eight, `entry-0` … `entry-7`; `entry-rare` on 1
 *   workflow in 1,000; EUR on 1 in 10, USD otherwise), and on every fifth workflow a child job
 *   with a call of its own, which the recorder's trigger attributes to the root: 200,000
 *   attribution rows, so a workflow's cost is its own calls plus what was attributed below it.
 */
import { sql, type Kysely } from "kysely";
import type { RecorderDatabase } from "@nucleo/recorder-postgres";

/** How many root workflows the bench lists. */
export const WORKFLOWS = 1_000_000;

/** The first workflow's submission; each next one 3 s later, in pairs. */
export const FIRST_SUBMISSION = Date.UTC(2025, 0, 1);

/** Root `g`'s submission as SQL: pairs share an instant; 1 in 1,000 has none. */
const SUBMITTED = `case when g % 1000 = 999 then null
  else timestamptz '2025-01-01 00:00:00+00' + (g / 2) * interval '6 seconds' end`;

/** Fills an empty, migrated recorder database; answers the rows written. */
export async function seedWorkflows(db: Kysely<RecorderDatabase>): Promise<string> {
  await sql`
    insert into nucleo_jobs (id, parent_id, root_id, ancestors, job_class, job_name, kind, status,
      submitted_at, started_at, ended_at, attempts, last_seq, scope_axes, error_code, error_message)
    select 'wf-' || g, null, 'wf-' || g, '{}', 'Class' || (g % 7), 'workflow-' || (g % 20), 'doer',
      case when g % 100 = 0 then 'submitted' when g % 100 < 5 then 'running'
           when g % 100 < 10 then 'failed' else 'finished' end,
      ${sql.raw(SUBMITTED)},
      case when g % 100 = 0 or g % 1000 = 999 then null else ${sql.raw(SUBMITTED)} + interval '1 second' end,
      case when g % 100 < 5 or g % 1000 = 999 then null else ${sql.raw(SUBMITTED)} + interval '30 seconds' end,
      1, 4,
      case when g % 10 = 0 then '{}'::jsonb else jsonb_build_object('tenant', 'tenant-' || (g % 97)) end,
      case when g % 100 between 5 and 9 then 'timeout' end,
      case when g % 100 between 5 and 9 then 'took too long' end
    from generate_series(1, ${WORKFLOWS}) as g`.execute(db);
  await sql`
    insert into nucleo_jobs (id, parent_id, root_id, ancestors, job_class, job_name, kind, status,
      submitted_at, attempts, last_seq)
    select 'wf-' || g || '-c', 'wf-' || g, 'wf-' || g, array['wf-' || g], 'Child', 'child', 'tool',
      'finished', timestamptz '2025-01-01 00:00:00+00' + (g / 2) * interval '6 seconds' + interval '2 seconds', 1, 4
    from generate_series(5, ${WORKFLOWS}, 5) as g`.execute(db);
  await sql`
    insert into nucleo_model_calls (job_id, seq, root_id, ancestors, job_class, at, entry_id,
      response_model, input_tokens, output_tokens, cost, currency, finish_reason)
    select 'wf-' || g, 3, 'wf-' || g, '{}', 'Class' || (g % 7),
      timestamptz '2025-01-01 00:00:00+00' + (g / 2) * interval '6 seconds' + interval '3 seconds',
      case when g % 1000 = 7 then 'entry-rare' else 'entry-' || (g % 8) end, 'model-' || (g % 8),
      1000 + g % 500, 100 + g % 300, ((g % 9973) * 0.000001)::numeric,
      case when g % 10 = 3 then 'EUR' else 'USD' end, 'end'
    from generate_series(1, ${WORKFLOWS}) as g`.execute(db);
  // One statement: the trigger attributes every child's call to its root in one row each.
  await sql`
    insert into nucleo_model_calls (job_id, seq, root_id, ancestors, job_class, at, entry_id,
      response_model, input_tokens, output_tokens, cost, currency, finish_reason)
    select 'wf-' || g || '-c', 3, 'wf-' || g, array['wf-' || g], 'Child',
      timestamptz '2025-01-01 00:00:00+00' + (g / 2) * interval '6 seconds' + interval '4 seconds',
      'entry-' || (g % 3), 'model-' || (g % 3), 500, 50, 0.0001, 'USD', 'end'
    from generate_series(5, ${WORKFLOWS}, 5) as g`.execute(db);
  const { rows } = await sql<{ jobs: string; calls: string; attributions: string }>`
    select (select count(*) from nucleo_jobs) as jobs,
           (select count(*) from nucleo_model_calls) as calls,
           (select count(*) from nucleo_cost_attribution) as attributions`.execute(db);
  const count = (value: string) => Number(value).toLocaleString("en-US");
  const counts = rows[0]!;
  return `${count(counts.jobs)} jobs, ${count(counts.calls)} model calls, ${count(counts.attributions)} attribution rows`;
}
