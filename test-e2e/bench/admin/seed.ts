/**
 * Seeds the console's benchmark database in bulk, as the recorder's own query benchmark does:
 * one workflow of `size` jobs as a ten-ary tree (a model call per job, so every subtree has a
 * cost), and `workflows` more root jobs spread over a year, for the runs list. Rows are written
 * by SQL in a few statements; the recorder's migrations made the tables and their triggers.
 */
import type pg from "pg";

const BRANCHING = 10;

/** Seeds one workflow of `size` jobs under `rootId`. */
export async function seedLargeWorkflow(
  client: pg.Client,
  rootId: string,
  size: number,
): Promise<void> {
  const ids: string[] = [];
  const parents: (string | null)[] = [];
  const ancestors: string[] = [];
  const lineage: string[][] = [];
  for (let index = 0; index < size; index += 1) {
    const parent = index === 0 ? -1 : Math.floor((index - 1) / BRANCHING);
    const chain = parent < 0 ? [] : [idOf(rootId, parent), ...lineage[parent]!];
    lineage.push(chain);
    ids.push(idOf(rootId, index));
    parents.push(parent < 0 ? null : idOf(rootId, parent));
    ancestors.push(chain.join(","));
  }
  await client.query(
    `insert into nucleo_jobs (id, parent_id, root_id, ancestors, job_class, job_name, kind, ordinal, status, submitted_at, started_at, ended_at, attempts)
     select id, parent, $1, case when chain = '' then '{}'::text[] else string_to_array(chain, ',') end,
            'Class' || (n % 20), 'job ' || n, 'tool', case when parent is null then null else ((n - 2) % 10) + 1 end, 'finished',
            now() - interval '1 hour' + n * interval '1 millisecond',
            now() - interval '1 hour' + n * interval '1 millisecond' + interval '5 milliseconds',
            now() - interval '1 hour' + n * interval '1 millisecond' + interval '2 seconds', 1
       from unnest($2::text[], $3::text[], $4::text[]) with ordinality as t(id, parent, chain, n)`,
    [rootId, ids, parents, ancestors],
  );
  for (let first = 0; first < size; first += 1_000) {
    await client.query(
      `insert into nucleo_model_calls (job_id, seq, root_id, ancestors, job_class, at, entry_id, response_model,
         input_tokens, cache_read_input_tokens, output_tokens, reasoning_output_tokens, cost, currency, finish_reason)
       select id, 1, root_id, ancestors, job_class, started_at, 'entry-a', 'model-a',
              1000 + length(id), 200, 150, 20, 0.000123 + length(id) * 0.000001, 'USD', 'end'
         from nucleo_jobs where id = any($1::text[])`,
      [ids.slice(first, first + 1_000)],
    );
  }
}

function idOf(rootId: string, index: number): string {
  return index === 0 ? rootId : `${rootId}-${index}`;
}

/** Seeds `count` finished root jobs (workflows of one job), one every 30 s back from now. */
export async function seedManyWorkflows(client: pg.Client, count: number): Promise<void> {
  const batch = 200_000;
  for (let first = 0; first < count; first += batch) {
    await client.query(
      `insert into nucleo_jobs (id, parent_id, root_id, ancestors, job_class, job_name, kind, status, submitted_at, started_at, ended_at, attempts, scope_axes)
       select 'wf-' || n, null, 'wf-' || n, '{}', 'Workflow' || (n % 7), (array['budget_check','digest_document','support_chat'])[1 + n % 3],
              'doer', case when n % 50 = 0 then 'failed' else 'finished' end,
              now() - n * interval '30 seconds', now() - n * interval '30 seconds', now() - n * interval '30 seconds' + interval '2 seconds', 1,
              jsonb_build_object('tenant', 'tenant-' || (n % 100))
         from generate_series($1::int, $2::int) as n`,
      [first + 1, Math.min(count, first + batch)],
    );
  }
  await client.query("vacuum analyze");
}
