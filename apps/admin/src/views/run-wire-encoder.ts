import type { TrajectoryNode } from "@nucleo/core";
import type { CostTotals, RecordedJob, Trajectory } from "@nucleo/recorder-postgres";
import type { RunDetailWire, WireSpends } from "../api/run-wire.js";
import { runStatus } from "./run-views.js";

interface SpendColumns {
  calls: number[];
  cost: string[];
}

const spendColumns = (): SpendColumns => ({ calls: [], cost: [] });

/**
 * A trajectory straight into the compact form the API sends (see `RunDetailWire`): one walk in
 * tree order with its own stack (a chain of 100,000 nested jobs does not overflow it), each job
 * before its children, detached jobs after the tree, every field pushed onto its column — no
 * object or array per job, which is what made a 100,000-job run slow to send. The page decodes
 * it with `decodeRun`.
 */
export function encodeTrajectory(trajectory: Trajectory): RunDetailWire {
  const strings: string[] = [];
  const indexOf = new Map<string, number>();
  const intern = (text: string): number => {
    let index = indexOf.get(text);
    if (index === undefined) {
      index = strings.push(text) - 1;
      indexOf.set(text, index);
    }
    return index;
  };
  const pushSpend = (columns: SpendColumns, totals: CostTotals) => {
    columns.calls.push(totals.calls);
    let cost = "";
    for (const currency in totals.cost) {
      cost += `${cost === "" ? "" : ";"}${intern(currency)}:${totals.cost[currency]}`;
    }
    columns.cost.push(cost);
  };

  const id: string[] = [];
  const parent: number[] = [];
  const parentId: Record<string, string> = {};
  const depthColumn: number[] = [];
  const ordinal: number[] = [];
  const jobClass: number[] = [];
  const jobName: string[] = [];
  const kind: number[] = [];
  const status: number[] = [];
  const attempts: number[] = [];
  const submitted: (number | null)[] = [];
  const started: (number | null)[] = [];
  const ended: (number | null)[] = [];
  const children: number[] = [];
  const replayedFrom: Record<string, string> = {};
  const error: Record<string, readonly [number, string | null]> = {};
  const own = spendColumns();
  const subtree = spendColumns();
  let base = Number.POSITIVE_INFINITY;

  // Parallel stacks: the node, its depth, its parent's row.
  const stack: TrajectoryNode<RecordedJob>[] = [];
  const depths: number[] = [];
  const parents: number[] = [];
  const pushAll = (
    nodes: readonly TrajectoryNode<RecordedJob>[],
    depth: number,
    parentRow: number,
  ) => {
    for (let index = nodes.length - 1; index >= 0; index -= 1) {
      stack.push(nodes[index]!);
      depths.push(depth);
      parents.push(parentRow);
    }
  };
  pushAll([trajectory.root, ...trajectory.detached], 0, -1);
  while (stack.length > 0) {
    const node = stack.pop()!;
    const depth = depths.pop()!;
    const parentRow = parents.pop()!;
    const job = node.job;
    const row = id.push(job.jobId) - 1;
    parent.push(parentRow);
    if (parentRow < 0 && job.parentId !== null) parentId[row] = job.parentId;
    depthColumn.push(depth);
    ordinal.push(job.ordinal ?? -1);
    jobClass.push(intern(job.jobClass));
    // Names are often unique (interning them cost more than it saved); classes and kinds repeat.
    jobName.push(job.jobName);
    kind.push(intern(job.kind));
    status.push(intern(runStatus(job.status)));
    attempts.push(job.attempts);
    const { submittedAt, startedAt, endedAt } = job.times;
    submitted.push(submittedAt);
    started.push(startedAt);
    ended.push(endedAt);
    if (submittedAt !== null && submittedAt < base) base = submittedAt;
    if (startedAt !== null && startedAt < base) base = startedAt;
    if (endedAt !== null && endedAt < base) base = endedAt;
    children.push(node.children.length);
    if (job.replayedFrom !== null) replayedFrom[row] = job.replayedFrom;
    if (job.error !== null) {
      error[row] = [job.error.code === null ? -1 : intern(job.error.code), job.error.message];
    }
    pushSpend(own, job.cost.own);
    pushSpend(subtree, job.cost.subtree);
    pushAll(node.children, depth + 1, row);
  }
  if (!Number.isFinite(base)) base = 0;
  const offsets = (times: (number | null)[]): number[] => {
    const column = times as number[];
    for (let row = 0; row < column.length; row += 1) {
      const time = times[row];
      column[row] = time === null || time === undefined ? -1 : time - base;
    }
    return column;
  };
  return {
    format: "nucleo.run.2",
    rootId: trajectory.rootId,
    jobCount: trajectory.jobCount,
    strings,
    base,
    id,
    parent,
    parentId,
    depth: depthColumn,
    ordinal,
    jobClass,
    jobName,
    kind,
    status,
    attempts,
    submitted: offsets(submitted),
    started: offsets(started),
    ended: offsets(ended),
    children,
    replayedFrom,
    error,
    own: own satisfies WireSpends,
    subtree: subtree satisfies WireSpends,
  };
}
