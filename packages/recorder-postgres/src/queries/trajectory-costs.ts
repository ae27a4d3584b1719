import { walkTrajectory, type TrajectoryJob, type TrajectoryNode } from "@nucleo/core";
import { sql, type Kysely } from "kysely";
import type { RecorderDatabase } from "../schema/database.js";
import type { CostTotals } from "./cost-totals.js";
import { TotalsTable, type SpendRow } from "./totals-table.js";

/** A job's own and subtree totals. */
export interface JobCosts {
  readonly own: CostTotals;
  readonly subtree: CostTotals;
}

/** One job's calls in one currency, summed by the database. */
export interface JobSpend extends SpendRow {
  readonly jobId: string;
}

/** Spending no recorded parent link carries up: a detached tree's, or calls of a job with no row yet. */
interface Stray {
  readonly ancestors: readonly string[];
  readonly table: TotalsTable;
  readonly index: number;
}

/**
 * Gives every job of a trajectory its own totals (from `spend`, summed per job and currency by
 * the database, exactly) and its subtree's, rolled up the tree in memory in one pass —
 * children before parents — so no query runs per job and no running total is stored. What
 * the parent links cannot carry (a tree whose parent row is not written yet, calls of a job
 * with no row yet) is added along the ancestors the rows themselves record, so a job's
 * subtree total always equals `subtreeCost(jobId)`.
 *
 * @internal
 */
export async function rollUpTrajectoryCosts(
  db: Kysely<RecorderDatabase>,
  rootId: string,
  jobs: readonly TrajectoryJob[],
  trees: readonly TrajectoryNode<TrajectoryJob>[],
  spend: readonly JobSpend[],
): Promise<JobCosts[]> {
  const indexOf = new Map<string, number>();
  jobs.forEach((job, index) => indexOf.set(job.jobId, index));
  const parentOf = new Int32Array(jobs.length);
  jobs.forEach((job, index) => (parentOf[index] = job.parentId === null ? -1 : (indexOf.get(job.parentId) ?? -1)));

  const own = new TotalsTable(jobs.length);
  const unrecorded = new Map<string, number>();
  const unrecordedTable = new TotalsTable(spend.length);
  for (const row of spend) {
    const index = indexOf.get(row.jobId);
    if (index !== undefined) own.addRow(index, row);
    else {
      if (!unrecorded.has(row.jobId)) unrecorded.set(row.jobId, unrecorded.size);
      unrecordedTable.addRow(unrecorded.get(row.jobId)!, row);
    }
  }

  // Parents come before children in a depth-first walk: walking it backwards, each job's
  // subtree is complete when it is added to its parent's.
  const order: number[] = [];
  for (const tree of trees) walkTrajectory(tree, (node) => order.push(indexOf.get(node.job.jobId)!));
  const subtree = new TotalsTable(jobs.length);
  for (let position = order.length - 1; position >= 0; position -= 1) {
    const index = order[position]!;
    subtree.addFrom(index, own, index);
    const parent = parentOf[index]!;
    if (parent >= 0) subtree.addFrom(parent, subtree, index);
  }

  const detachedRoots = trees.map((tree) => tree.job.jobId).filter((jobId) => jobId !== rootId);
  if (unrecorded.size > 0 || detachedRoots.length > 0) {
    const strays = await findStrays(db, rootId, { unrecorded, unrecordedTable, detachedRoots, subtree, indexOf });
    addStrays(strays, { indexOf, parentOf, subtree });
  }
  return jobs.map((_, index) => ({ own: own.totalsAt(index), subtree: subtree.totalsAt(index) }));
}

interface StrayInputs {
  readonly unrecorded: ReadonlyMap<string, number>;
  readonly unrecordedTable: TotalsTable;
  readonly detachedRoots: readonly string[];
  readonly subtree: TotalsTable;
  readonly indexOf: ReadonlyMap<string, number>;
}

async function findStrays(db: Kysely<RecorderDatabase>, rootId: string, inputs: StrayInputs): Promise<Stray[]> {
  const strays: Stray[] = [];
  if (inputs.unrecorded.size > 0) {
    const rows = await db
      .selectFrom("nucleo_model_calls")
      .select(["job_id", "ancestors"])
      .distinctOn("job_id")
      .where("root_id", "=", rootId)
      .where(sql<boolean>`job_id = any(${[...inputs.unrecorded.keys()]}::text[])`)
      .execute();
    for (const row of rows) strays.push({ ancestors: row.ancestors, table: inputs.unrecordedTable, index: inputs.unrecorded.get(row.job_id)! });
  }
  if (inputs.detachedRoots.length > 0) {
    const rows = await db
      .selectFrom("nucleo_jobs")
      .select(["id", "ancestors"])
      .where(sql<boolean>`id = any(${inputs.detachedRoots}::text[])`)
      .execute();
    for (const row of rows) strays.push({ ancestors: row.ancestors, table: inputs.subtree, index: inputs.indexOf.get(row.id)! });
  }
  return strays;
}

/**
 * Adds each stray's totals to its nearest recorded ancestor and up that one's parent links.
 * Deepest first: a stray that lands inside a detached tree is counted in that tree's totals
 * before the tree itself is carried up, and never twice.
 */
function addStrays(strays: Stray[], tree: { indexOf: ReadonlyMap<string, number>; parentOf: Int32Array; subtree: TotalsTable }): void {
  strays.sort((left, right) => right.ancestors.length - left.ancestors.length);
  for (const stray of strays) {
    const nearest = stray.ancestors.find((ancestor) => tree.indexOf.has(ancestor));
    for (let index = nearest === undefined ? -1 : tree.indexOf.get(nearest)!; index >= 0; index = tree.parentOf[index]!) {
      tree.subtree.addFrom(index, stray.table, stray.index);
    }
  }
}
