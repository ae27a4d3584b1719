import { sql, type Kysely } from "kysely";
import { expect, it } from "vitest";
import type { RecorderDatabase } from "../schema/database.js";
import { describeOnBothDatabases } from "../test-support/databases.js";
import { RecorderQueries } from "./recorder-queries.js";
import type { WorkflowListOptions } from "./workflow-list-options.js";
import { workflowListQuery } from "./workflow-list-query.js";

const WORKFLOWS = 20_000;

/**
 * 20,000 root workflows shaped as bench/workflow-list-seed.ts shapes a million (fewer tenants,
 * so each filter value still holds a thousand or more: a plan that sorted them would show),
 * then ANALYZE.
 */
async function seedManyWorkflows(db: Kysely<RecorderDatabase>): Promise<void> {
  await sql`
    insert into nucleo_jobs (id, parent_id, root_id, job_name, status, submitted_at, scope_axes)
    select 'wf-' || g, null, 'wf-' || g, 'workflow-' || (g % 20),
      case when g % 100 < 5 then 'running' when g % 100 < 10 then 'failed' else 'finished' end,
      case when g % 1000 = 999 then null else timestamptz '2025-01-01' + g * interval '3 seconds' end,
      case when g % 10 = 0 then '{}'::jsonb else jsonb_build_object('tenant', 'tenant-' || (g % 7)) end
    from generate_series(1, ${WORKFLOWS}) as g`.execute(db);
  await sql`
    insert into nucleo_model_calls (job_id, seq, root_id, job_class, at, entry_id, response_model, cost, currency, finish_reason)
    select 'wf-' || g, 1, 'wf-' || g, 'Class', timestamptz '2025-01-01' + g * interval '3 seconds',
      'entry-' || (g % 8), 'model', 0.001, 'USD', 'end'
    from generate_series(1, ${WORKFLOWS}) as g`.execute(db);
  await sql`analyze`.execute(db);
}

interface PlanNode {
  readonly "Node Type": string;
  readonly "Relation Name"?: string;
  readonly "Index Name"?: string;
  readonly "Actual Rows": number;
  readonly Plans?: readonly PlanNode[];
}

function nodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodes)];
}

describeOnBothDatabases("the workflow list's plans", (open) => {
  it("a page, filtered by any common filter, first or deep, reads one index from its place and sorts no more than the page", async () => {
    const { db } = await open();
    await seedManyWorkflows(db);
    const deep = await new RecorderQueries(db).workflows({
      to: new Date(Date.UTC(2025, 0, 1, 8)),
      limit: 1,
    });
    const cases: WorkflowListOptions[] = [
      {},
      { status: "running" },
      { status: "failed" },
      { workflow: "workflow-7" },
      { tenant: "tenant-4" },
      { from: new Date(Date.UTC(2025, 0, 1, 4)), to: new Date(Date.UTC(2025, 0, 1, 12)) },
      { model: "entry-3" },
      { status: "failed", tenant: "tenant-42" },
    ];
    for (const filters of cases) {
      for (const options of [filters, { ...filters, cursor: deep.next! }]) {
        const { rows } = await sql<{
          "QUERY PLAN": [{ Plan: PlanNode }] | string;
        }>`explain (analyze, timing off, format json) ${workflowListQuery(options)}`.execute(db);
        const explained = rows[0]!["QUERY PLAN"];
        const [output] = typeof explained === "string" ? JSON.parse(explained) : explained;
        const plan = nodes(output.Plan);
        const label = JSON.stringify(options);
        const jobScans = plan.filter((node) => node["Relation Name"] === "nucleo_jobs");
        expect(
          jobScans.map((node) => node["Node Type"]),
          label,
        ).toEqual(["Index Scan"]);
        expect(jobScans[0]!["Index Name"], label).toMatch(/^nucleo_jobs_workflows/);
        const sorted = plan
          .filter((node) => node["Node Type"] === "Sort")
          .flatMap((node) => (node.Plans ?? []).map((child) => child["Actual Rows"]));
        expect(Math.max(0, ...sorted), label).toBeLessThanOrEqual(51);
      }
    }
  });
});
