import { sql, type Kysely } from "kysely";

// Frozen in time: this migration takes `Kysely<any>` and imports nothing of the application,
// so later schema changes never rewrite history (Kysely's rule for migrations).

/**
 * The workflow list's order, exactly as its query spells it: newest submission first, a
 * workflow whose submission is not recorded yet (null) as `-infinity`, after all others; then
 * the id in byte order (`collate "C"`, the same on every server), so the order is total.
 */
const LIST_ORDER = `(coalesce(submitted_at, '-infinity'::timestamptz)) desc, (id collate "C") desc`;

/**
 * What makes a page of the workflow list (`RecorderQueries.workflows`, issue 20) one short
 * index scan however deep it is and whichever common filter it has: each index below holds
 * the root jobs only (`parent_id is null`: a small share of all jobs, and child jobs never
 * write to them) in the list's order, after the filter's column, so a filtered page reads its
 * index from the cursor on and stops after a page's worth — no sort, no offset.
 *
 * - `nucleo_jobs_workflows`: the order alone (no filter, or a time range: the range bounds
 *   the same scan).
 * - `nucleo_jobs_workflows_status`, `_name`, `_tenant`: the order after `status`, `job_name`
 *   and `scope_axes->>'tenant'`.
 * - `nucleo_model_calls_entry_root`: whether a workflow has a call a catalog entry served,
 *   one index probe per workflow the scan meets (read from the index alone), or, for an
 *   entry few workflows used, the workflows it served, looked up directly.
 *
 * - Statistics on the order key and on the tenant, each an expression: PostgreSQL keeps none
 *   for a partial index's expressions, and without them the planner guesses a filter's rows
 *   (a tenant's, those past a cursor) at a fixed fraction, off by far both ways — enough to
 *   sort a filter's every row instead of reading a page's worth in order.
 *
 * A root job's status is now in an index, so its status changes are no longer HOT updates
 * (a few per workflow). The indexes are built inside the migration's transaction, which holds
 * writes to both tables meanwhile: some seconds per million rows (the README's figures).
 * `analyze` gathers the new statistics at once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const roots = [
    ["nucleo_jobs_workflows", ""],
    ["nucleo_jobs_workflows_status", "status, "],
    ["nucleo_jobs_workflows_name", "job_name, "],
    ["nucleo_jobs_workflows_tenant", "(scope_axes->>'tenant'), "],
  ] as const;
  for (const [name, leading] of roots) {
    await sql`create index if not exists ${sql.id(name)} on nucleo_jobs (${sql.raw(leading + LIST_ORDER)}) where parent_id is null`.execute(
      db,
    );
  }
  await sql`create index if not exists nucleo_model_calls_entry_root on nucleo_model_calls (entry_id, root_id)`.execute(
    db,
  );
  await sql`create statistics if not exists nucleo_jobs_submitted_key on ((coalesce(submitted_at, '-infinity'::timestamptz))) from nucleo_jobs`.execute(
    db,
  );
  await sql`create statistics if not exists nucleo_jobs_tenant on ((scope_axes->>'tenant')) from nucleo_jobs`.execute(
    db,
  );
  await sql`analyze nucleo_jobs`.execute(db);
}

/** Drops the indexes and statistics `up` made. */
export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ["nucleo_jobs_tenant", "nucleo_jobs_submitted_key"])
    await sql`drop statistics if exists ${sql.id(name)}`.execute(db);
  for (const name of [
    "nucleo_model_calls_entry_root",
    "nucleo_jobs_workflows_tenant",
    "nucleo_jobs_workflows_name",
    "nucleo_jobs_workflows_status",
    "nucleo_jobs_workflows",
  ]) {
    await sql`drop index if exists ${sql.id(name)}`.execute(db);
  }
}
