/** The fields a trajectory needs of each job: its parent link, ordinal and start time. */
export interface TrajectoryJob {
  readonly jobId: string;
  readonly parentId: string | null;
  /** Step ordinal under the parent; `null` when the job was submitted raw. */
  readonly ordinal: number | null;
  /** Epoch milliseconds; submission time where the start is unknown. */
  readonly startedAt: number;
}

/** A job and its children, in trajectory order. */
export interface TrajectoryNode<TJob extends TrajectoryJob> {
  readonly job: TJob;
  readonly children: readonly TrajectoryNode<TJob>[];
}

/**
 * Rebuilds a run's trajectory: a tree, not a list. Parent links are walked depth-first and
 * each parent's children are ordered by (ordinal, start time) — ordinals are per parent, so a
 * flat sort by ordinal collides across parents, and a sort by start time interleaves parallel
 * branches. Unstamped children come after stamped ones; full ties keep the order of `jobs`
 * (pass them in submission order). Returns the roots (jobs whose parent is absent).
 *
 * @example
 * const [root] = buildTrajectory(rows);
 * walkTrajectory(root, (node, depth) => console.log("  ".repeat(depth), node.job.ordinal, node.job.jobId));
 */
export function buildTrajectory<TJob extends TrajectoryJob>(
  jobs: Iterable<TJob>,
): TrajectoryNode<TJob>[] {
  const nodes = new Map<string, { job: TJob; children: TrajectoryNode<TJob>[] }>();
  for (const job of jobs) nodes.set(job.jobId, { job, children: [] });
  const roots: TrajectoryNode<TJob>[] = [];
  for (const node of nodes.values()) {
    const parent = node.job.parentId === null ? undefined : nodes.get(node.job.parentId);
    (parent ? parent.children : roots).push(node);
  }
  for (const node of nodes.values()) node.children.sort(byTrajectoryOrder);
  return roots.sort(byTrajectoryOrder);
}

/** Visits a trajectory depth-first, parents before children, in trajectory order. */
export function walkTrajectory<TJob extends TrajectoryJob>(
  root: TrajectoryNode<TJob>,
  visit: (node: TrajectoryNode<TJob>, depth: number) => void,
): void {
  const stack: Array<[TrajectoryNode<TJob>, number]> = [[root, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    visit(node, depth);
    for (let index = node.children.length - 1; index >= 0; index--)
      stack.push([node.children[index]!, depth + 1]);
  }
}

function byTrajectoryOrder(
  a: TrajectoryNode<TrajectoryJob>,
  b: TrajectoryNode<TrajectoryJob>,
): number {
  const left = a.job.ordinal ?? Number.POSITIVE_INFINITY;
  const right = b.job.ordinal ?? Number.POSITIVE_INFINITY;
  if (left !== right) return left < right ? -1 : 1;
  return a.job.startedAt - b.job.startedAt;
}
