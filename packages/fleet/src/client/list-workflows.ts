import type { PgBoss } from "pg-boss";
import { invalidOption } from "../fleet-error.js";
import { describe, integerIn } from "../queue/check.js";
import type { FleetSettings } from "../queue/fleet-settings.js";
import { checkText } from "./submit-options.js";
import { isUuid } from "./uuid-v5.js";
import {
  JOB_STATES,
  type JobRow,
  type WorkflowState,
  type WorkflowStatus,
  workflowStatus,
} from "./workflow-status.js";

/** Which workflows `list()` returns, newest first. */
export interface ListOptions {
  /** Only workflows in this state. */
  readonly state?: WorkflowState;
  /** Only workflows of this name. */
  readonly workflow?: string;
  /** Only workflows of this tenant. */
  readonly tenant?: string;
  /** At most this many (1 to 1,000; default 100). */
  readonly limit?: number;
  /** The next page: the id of the last workflow of the previous one. */
  readonly after?: string;
}

/**
 * The queue's workflows, newest first. pg-boss's `findJobs` lists oldest first and cannot filter
 * on state, so this is a read-only query of pg-boss's job table (through `getDb()`), on the
 * columns `findJobs` itself selects; it writes nothing.
 */
export async function listWorkflows(
  boss: PgBoss,
  settings: FleetSettings,
  options: ListOptions = {},
): Promise<WorkflowStatus[]> {
  const state = options.state;
  if (state !== undefined && !Object.hasOwn(JOB_STATES, state))
    throw invalidOption(
      "state",
      `state must be one of ${Object.keys(JOB_STATES).join(", ")}, got ${describe(state)}`,
    );
  if (options.workflow !== undefined) checkText("workflow", options.workflow);
  if (options.tenant !== undefined) checkText("tenant", options.tenant);
  if (options.after !== undefined && !isUuid(options.after))
    throw invalidOption("after", `after must be a workflow id, got ${describe(options.after)}`);
  const limit = integerIn("limit", options.limit, 100, 1, 1000);
  // The schema name was checked against /^[a-z_][a-z0-9_]*$/ at open: safe to write into SQL.
  const job = `${settings.schema}.job`;
  const sql = `
    select id, data, state::text as state, retry_count as "retryCount", created_on as "createdOn",
      started_on as "startedOn", completed_on as "completedOn", output
    from ${job}
    where name = $1
      and ($2::text is null or state::text = $2)
      and ($3::text is null or data ->> 'workflow' = $3)
      and ($4::text is null or data ->> 'tenant' = $4)
      and ($5::uuid is null or (created_on, id) < (select created_on, id from ${job} where name = $1 and id = $5))
    order by created_on desc, id desc
    limit $6`;
  const { rows } = await boss
    .getDb()
    .executeSql(sql, [
      settings.queue,
      state === undefined ? null : JOB_STATES[state],
      options.workflow ?? null,
      options.tenant ?? null,
      options.after ?? null,
      limit,
    ]);
  return (rows as JobRow[]).map(workflowStatus);
}
