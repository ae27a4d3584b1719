import { sql, type Kysely, type RawBuilder } from "kysely";
import type { RecorderDatabase } from "../schema/database.js";
import { readDecimal } from "./cost-totals.js";
import { encodeWorkflowCursor, type WorkflowCursor } from "./workflow-cursor.js";
import {
  checkWorkflowListOptions,
  type CheckedWorkflowListOptions,
  type WorkflowListOptions,
} from "./workflow-list-options.js";

/** One recorded workflow (its root job) as the list shows it. */
export interface WorkflowSummary {
  /** The workflow's id: its root job's id. */
  readonly rootId: string;
  /** The root job's name (`job_name`). */
  readonly workflow: string;
  readonly jobClass: string;
  /** `submitted`, `running`, `finished` or `failed`. */
  readonly status: string;
  /** The tenant it was submitted with (`scope_axes->>'tenant'`), or null when it had none. */
  readonly tenant: string | null;
  /** Epoch milliseconds; null where nothing was recorded (yet). */
  readonly submittedAt: number | null;
  readonly startedAt: number | null;
  readonly endedAt: number | null;
  /** Why it failed, when it did. */
  readonly error: { readonly code: string | null; readonly message: string | null } | null;
  /**
   * What the whole workflow cost so far, per currency, as exact decimal text (`{ USD: "0.3" }`):
   * the root's own calls and what `nucleo_cost_attribution` holds below it. Empty without calls.
   */
  readonly cost: Readonly<Record<string, string>>;
}

/** A page of workflows, newest first. */
export interface WorkflowPage {
  readonly workflows: WorkflowSummary[];
  /** Hand it back as `cursor` for the next page; null on the last page. */
  readonly next: string | null;
}

/**
 * The list's order key: the submission, a workflow without one (its submission event not yet
 * written) as `-infinity`, so it sorts after every other. Spelled exactly as migration 0007's
 * indexes spell it, or the planner would not use them.
 */
const SUBMITTED_KEY = sql`coalesce(r.submitted_at, '-infinity'::timestamptz)`;
/** Ids in byte order, the same on every server (and as the indexes hold them). */
const ID_KEY = sql`(r.id collate "C")`;

interface WorkflowRow {
  readonly id: string;
  readonly job_name: string;
  readonly job_class: string;
  readonly status: string;
  readonly tenant: string | null;
  readonly submitted_at: Date | null;
  readonly started_at: Date | null;
  readonly ended_at: Date | null;
  readonly error_code: string | null;
  readonly error_message: string | null;
  /** The order key as exact text: epoch microseconds, or `-infinity` / `infinity`. */
  readonly submitted_key: string;
  readonly cost: Record<string, unknown> | null;
}

/**
 * One page of the recorded workflows, newest submission first (then id, descending, in byte
 * order), after the cursor's workflow. A keyset page: one statement that reads the filter's
 * index from the cursor on (see migration 0007) and stops after `limit + 1` rows, so every
 * page costs the same however deep; the costs are summed for the page's rows only.
 *
 * @internal
 */
export async function readWorkflows(
  db: Kysely<RecorderDatabase>,
  options: WorkflowListOptions,
): Promise<WorkflowPage> {
  const checked = checkWorkflowListOptions(options);
  const { rows } = await workflowListStatement(checked).execute(db);
  const more = rows.length > checked.limit;
  const page = more ? rows.slice(0, checked.limit) : rows;
  const last = page.at(-1);
  return {
    workflows: page.map(readWorkflowRow),
    next:
      more && last !== undefined
        ? encodeWorkflowCursor({ submitted: last.submitted_key, rootId: last.id })
        : null,
  };
}

/** The statement {@link readWorkflows} runs, its options checked, for plan checks and the bench. @internal */
export function workflowListQuery(options: WorkflowListOptions): RawBuilder<WorkflowRow> {
  return workflowListStatement(checkWorkflowListOptions(options));
}

function workflowListStatement(checked: CheckedWorkflowListOptions): RawBuilder<WorkflowRow> {
  const { cost } = checked;
  const conditions: RawBuilder<unknown>[] = [sql`r.parent_id is null`];
  if (checked.after !== undefined)
    conditions.push(
      sql`(${SUBMITTED_KEY}, ${ID_KEY}) < (${keyOf(checked.after)}, ${checked.after.rootId}::text)`,
    );
  if (checked.status !== undefined) conditions.push(sql`r.status = ${checked.status}::text`);
  if (checked.workflow !== undefined) conditions.push(sql`r.job_name = ${checked.workflow}::text`);
  if (checked.tenant !== undefined)
    conditions.push(sql`r.scope_axes->>'tenant' = ${checked.tenant}::text`);
  // On the key, so the range bounds the index scan; a workflow without a submission has none.
  if (checked.from !== undefined)
    conditions.push(sql`${SUBMITTED_KEY} >= ${checked.from}::timestamptz`);
  if (checked.to !== undefined)
    conditions.push(
      sql`${SUBMITTED_KEY} < ${checked.to}::timestamptz and r.submitted_at is not null`,
    );
  if (checked.model !== undefined)
    conditions.push(sql`exists (select from nucleo_model_calls mc
      where mc.root_id = r.id and mc.entry_id = ${checked.model}::text)`);
  // Only when bounded: what the workflow spent in that currency, summed for each row the scan
  // meets (a workflow with no call in it spent 0).
  const spentJoin =
    cost === undefined
      ? sql``
      : sql`cross join lateral (
          select coalesce(sum(s.cost), 0) as spent from (
            select cost from nucleo_model_calls where job_id = r.id and currency = ${cost.currency}::text
            union all
            select cost from nucleo_cost_attribution where ancestor_id = r.id and currency = ${cost.currency}::text
          ) as s) as bound`;
  if (cost?.min !== undefined) conditions.push(sql`bound.spent >= ${cost.min}::numeric`);
  if (cost?.max !== undefined) conditions.push(sql`bound.spent <= ${cost.max}::numeric`);
  return sql<WorkflowRow>`
    select p.id, p.job_name, p.job_class, p.status, p.tenant, p.submitted_at, p.started_at,
           p.ended_at, p.error_code, p.error_message,
           case when isfinite(p.submitted_key) then (extract(epoch from p.submitted_key) * 1000000)::int8::text
                else p.submitted_key::text end as submitted_key,
           spending.cost
    from (
      select r.id, r.job_name, r.job_class, r.status, r.scope_axes->>'tenant' as tenant,
             r.submitted_at, r.started_at, r.ended_at, r.error_code, r.error_message,
             ${SUBMITTED_KEY} as submitted_key
      from nucleo_jobs r ${spentJoin}
      where ${sql.join(conditions, sql` and `)}
      order by ${SUBMITTED_KEY} desc, ${ID_KEY} desc
      limit ${checked.limit + 1}
    ) as p
    cross join lateral (
      -- The root's own calls and what was attributed below it; a currency whose calls were
      -- all deleted since is no spending.
      select jsonb_object_agg(c.currency, c.cost::text) as cost from (
        select currency, sum(cost) as cost from (
          select currency, 1::int8 as calls, cost from nucleo_model_calls where job_id = p.id
          union all
          select currency, calls, cost from nucleo_cost_attribution where ancestor_id = p.id
        ) as spend
        group by currency
        having sum(calls) <> 0
      ) as c) as spending
    order by p.submitted_key desc, (p.id collate "C") desc`;
}

/**
 * The cursor's key as the timestamp it stands for, exactly: whole seconds and the microseconds
 * apart, each a count an interval multiplies without rounding over timestamptz's whole range.
 */
function keyOf(cursor: WorkflowCursor): RawBuilder<unknown> {
  if (cursor.submitted === "infinity" || cursor.submitted === "-infinity")
    return sql`${cursor.submitted}::timestamptz`;
  const micros = sql`${cursor.submitted}::int8`;
  return sql`(timestamptz 'epoch' + (${micros} / 1000000) * interval '1 second' + (${micros} % 1000000) * interval '1 microsecond')`;
}

function readWorkflowRow(row: WorkflowRow): WorkflowSummary {
  const cost: Record<string, string> = {};
  const spent = row.cost ?? {};
  for (const currency of Object.keys(spent).sort()) cost[currency] = readDecimal(spent[currency]);
  return {
    rootId: row.id,
    workflow: row.job_name,
    jobClass: row.job_class,
    status: row.status,
    tenant: row.tenant,
    submittedAt: row.submitted_at?.getTime() ?? null,
    startedAt: row.started_at?.getTime() ?? null,
    endedAt: row.ended_at?.getTime() ?? null,
    error:
      row.error_code === null && row.error_message === null
        ? null
        : { code: row.error_code, message: row.error_message },
    cost,
  };
}
