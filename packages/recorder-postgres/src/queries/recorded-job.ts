import type { TrajectoryJob, TrajectoryNode } from "@nucleo/core";
import type { CostTotals } from "./cost-totals.js";

/** A job's recorded times, epoch milliseconds; `null` where nothing was recorded. */
export interface RecordedTimes {
  readonly submittedAt: number | null;
  /** The first attempt's start. */
  readonly startedAt: number | null;
  readonly endedAt: number | null;
}

/** One job of a trajectory, as the recorder holds it, with what it and its subtree spent. */
export interface RecordedJob extends TrajectoryJob {
  readonly jobId: string;
  readonly parentId: string | null;
  readonly rootId: string;
  /** Step ordinal under its parent; `null` when the job was submitted raw. */
  readonly ordinal: number | null;
  /**
   * The trajectory's order key (see `TrajectoryJob`): the start, else the submission, in epoch
   * milliseconds; `Infinity` when neither is recorded (sorts last). {@link RecordedJob.times}
   * has the times as recorded.
   */
  readonly startedAt: number;
  readonly times: RecordedTimes;
  readonly jobClass: string;
  readonly jobName: string;
  /** `tool`, `doer`, `orchestrator`, `thinker`, ... */
  readonly kind: string;
  /** `submitted`, `running`, `finished` or `failed`. */
  readonly status: string;
  readonly attempts: number;
  /** Why it failed, when it did. */
  readonly error: { readonly code: string | null; readonly message: string | null } | null;
  /**
   * Set when the job did not run, in a resumed workflow, but returned an earlier attempt's
   * recorded output: the id of the job that produced it (a job of that attempt). `null` for a
   * job that ran.
   */
  readonly replayedFrom: string | null;
  /**
   * What the job's own model calls spent, and what its whole subtree (itself and every
   * descendant) spent: summed from the model-call rows when read, never stored.
   */
  readonly cost: { readonly own: CostTotals; readonly subtree: CostTotals };
}

/** A workflow's trajectory: its jobs as a tree, children in trajectory order. */
export interface Trajectory {
  readonly rootId: string;
  /** The workflow's root job and, below it, every job reachable through recorded parents. */
  readonly root: TrajectoryNode<RecordedJob>;
  /**
   * Jobs of the workflow whose parent is not recorded (yet: the writer may still be at work),
   * as trees of their own: kept, not dropped. Their spending is in their recorded ancestors'
   * subtree totals all the same. Empty once everything is written.
   */
  readonly detached: readonly TrajectoryNode<RecordedJob>[];
  /** How many jobs the workflow has recorded, detached ones included. */
  readonly jobCount: number;
}
