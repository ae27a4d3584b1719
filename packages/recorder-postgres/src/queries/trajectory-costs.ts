import type { TrajectoryJob } from "@nucleo/core";
import { sql, type Kysely } from "kysely";
import type { RecorderDatabase } from "../schema/database.js";
import type { CostTotals } from "./cost-totals.js";
import type { IdIndex } from "./id-index.js";
import { TotalsTable, type CallColumns } from "./totals-table.js";
import type { JobTree } from "./trajectory-tree.js";

/** A job's own and subtree totals. */
export interface JobCosts {
  readonly own: CostTotals;
  readonly subtree: CostTotals;
}

/** What {@link rollUpTrajectoryCosts} rolls up. */
export interface TrajectoryCostInputs {
  readonly rootId: string;
  /** The jobs, whose `cost` the rollup writes. */
  readonly jobs: readonly (TrajectoryJob & { cost: JobCosts })[];
  readonly tree: JobTree<TrajectoryJob>;
  readonly calls: CallColumns;
}

/** Spending no recorded parent link carries up: a detached tree's, or calls of a job with no row yet. */
interface Stray {
  readonly ancestors: readonly string[];
  readonly table: TotalsTable;
  readonly index: number;
}

/**
 * Gives every job of a trajectory (writing its `cost`) its own totals (its calls, summed here
 * exactly) and its subtree's, rolled up the tree in memory in one pass — children before parents — so no query
 * runs per job and no running total is stored. A job with no children has its own totals as
 * its subtree's (the same object). What the parent links cannot carry (a tree whose parent row
 * is not written yet, calls of a job with no row yet) is added along the ancestors the rows
 * themselves record, so a job's subtree total always equals `subtreeCost(jobId)`.
 *
 * @internal
 */
export async function rollUpTrajectoryCosts(
  db: Kysely<RecorderDatabase>,
  inputs: TrajectoryCostInputs,
): Promise<void> {
  const { rootId, jobs, calls } = inputs;
  const { trees, indexOf, parentOf, depthFirst } = inputs.tree;
  // 1 where a job's subtree total is its own entry (it has children, or strays land on it).
  const rolledUp = inputs.tree.hasChildren.slice();
  const own = new TotalsTable(jobs.length);
  const unrecorded = new Map<string, number>();
  let unrecordedTable: TotalsTable | undefined;
  const { jobIds } = calls;
  for (let call = 0; call < jobIds.length; call += 1) {
    const jobId = jobIds[call]!;
    const index = indexOf.positionOf(jobId);
    if (index !== -1) own.addCall(index, calls, call);
    else {
      if (!unrecorded.has(jobId)) unrecorded.set(jobId, unrecorded.size);
      (unrecordedTable ??= new TotalsTable(jobIds.length)).addCall(
        unrecorded.get(jobId)!,
        calls,
        call,
      );
    }
  }

  // Parents come before children in a depth-first walk: walking it backwards, each job's
  // subtree is complete when it is added to its parent's. A childless job's subtree is its own.
  const subtree = new TotalsTable(jobs.length);
  for (let position = depthFirst.length - 1; position >= 0; position -= 1) {
    const index = depthFirst[position]!;
    const parent = parentOf[index]!;
    if (rolledUp[index] === 1) {
      subtree.addFrom(index, own, index);
      if (parent >= 0) subtree.addFrom(parent, subtree, index);
    } else if (parent >= 0) subtree.addFrom(parent, own, index);
  }

  const detachedRoots = trees.map((tree) => tree.job.jobId).filter((jobId) => jobId !== rootId);
  if (unrecordedTable !== undefined || detachedRoots.length > 0) {
    // Strays land on inner jobs and on detached roots; childless ones among the latter first
    // take their own totals as their subtree's, as an inner job's table entry would.
    for (const jobId of detachedRoots) {
      const index = indexOf.positionOf(jobId);
      if (rolledUp[index] === 0) subtree.addFrom(index, own, index);
      rolledUp[index] = 1;
    }
    const strays = await findStrays(db, rootId, {
      unrecorded,
      unrecordedTable,
      detachedRoots,
      subtree,
      indexOf,
    });
    addStrays(strays, { indexOf, parentOf, subtree, own, rolledUp });
  }
  for (let index = 0; index < jobs.length; index += 1) {
    const ownTotals = own.totalsAt(index);
    jobs[index]!.cost = {
      own: ownTotals,
      subtree: rolledUp[index] === 1 ? subtree.totalsAt(index) : ownTotals,
    };
  }
}

interface StrayInputs {
  readonly unrecorded: ReadonlyMap<string, number>;
  readonly unrecordedTable: TotalsTable | undefined;
  readonly detachedRoots: readonly string[];
  readonly subtree: TotalsTable;
  readonly indexOf: IdIndex;
}

async function findStrays(
  db: Kysely<RecorderDatabase>,
  rootId: string,
  inputs: StrayInputs,
): Promise<Stray[]> {
  const strays: Stray[] = [];
  if (inputs.unrecordedTable !== undefined) {
    const rows = await db
      .selectFrom("nucleo_model_calls")
      .select(["job_id", "ancestors"])
      .distinctOn("job_id")
      .where("root_id", "=", rootId)
      .where(sql<boolean>`job_id = any(${[...inputs.unrecorded.keys()]}::text[])`)
      .execute();
    for (const row of rows)
      strays.push({
        ancestors: row.ancestors,
        table: inputs.unrecordedTable,
        index: inputs.unrecorded.get(row.job_id)!,
      });
  }
  if (inputs.detachedRoots.length > 0) {
    const rows = await db
      .selectFrom("nucleo_jobs")
      .select(["id", "ancestors"])
      .where(sql<boolean>`id = any(${inputs.detachedRoots}::text[])`)
      .execute();
    for (const row of rows)
      strays.push({
        ancestors: row.ancestors,
        table: inputs.subtree,
        index: inputs.indexOf.positionOf(row.id),
      });
  }
  return strays;
}

/**
 * Adds each stray's totals to its nearest recorded ancestor and up that one's parent links.
 * Deepest first: a stray that lands inside a detached tree is counted in that tree's totals
 * before the tree itself is carried up, and never twice.
 */
function addStrays(
  strays: Stray[],
  tree: {
    indexOf: IdIndex;
    parentOf: Int32Array;
    subtree: TotalsTable;
    own: TotalsTable;
    rolledUp: Uint8Array;
  },
): void {
  strays.sort((left, right) => right.ancestors.length - left.ancestors.length);
  for (const stray of strays) {
    const nearest = stray.ancestors.find((ancestor) => tree.indexOf.has(ancestor));
    for (
      let index = nearest === undefined ? -1 : tree.indexOf.positionOf(nearest);
      index >= 0;
      index = tree.parentOf[index]!
    ) {
      // A childless job a stray lands on gets a subtree total of its own first.
      if (tree.rolledUp[index] === 0) {
        tree.subtree.addFrom(index, tree.own, index);
        tree.rolledUp[index] = 1;
      }
      tree.subtree.addFrom(index, stray.table, stray.index);
    }
  }
}
