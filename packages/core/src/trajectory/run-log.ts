import type { RunEvent } from "../events/run-event.js";
import type { RunObserver } from "../events/run-observer.js";
import { buildTrajectory, type TrajectoryJob, type TrajectoryNode } from "./trajectory.js";

/** One job as the run log saw it. */
export interface RunLogJob extends TrajectoryJob {
  readonly rootId: string;
  readonly jobClass: string;
  readonly jobName: string;
  readonly status: "submitted" | "running" | "finished" | "failed";
  readonly submittedAt: number;
  readonly finishedAt: number | null;
  readonly attempts: number;
  readonly error: { readonly code: string; readonly message: string } | null;
  /** What the job published on its metadata (`context.publish`), by key. */
  readonly published: Readonly<Record<string, unknown>>;
}

/**
 * An in-memory record of jobs, built from events — what a Postgres recorder persists, kept in
 * process for tests, examples and the embedded worker. Answers trajectories per workflow.
 */
export class RunLog implements RunObserver {
  readonly #jobs = new Map<string, RunLogJob>();

  onEvent(event: RunEvent): void {
    switch (event.type) {
      case "job.submitted":
        this.#jobs.set(event.jobId, {
          jobId: event.jobId,
          parentId: event.parentId,
          rootId: event.rootId,
          jobClass: event.jobClass,
          jobName: event.jobName,
          ordinal: event.ordinal,
          status: "submitted",
          submittedAt: event.at,
          startedAt: event.at,
          finishedAt: null,
          attempts: 0,
          error: null,
          published: {},
        });
        return;
      case "job.started":
        return this.#update(event.jobId, (job) => ({
          ...job,
          status: "running",
          startedAt: job.attempts === 0 ? event.at : job.startedAt,
          attempts: event.attempt,
        }));
      case "job.finished":
        return this.#update(event.jobId, (job) => ({
          ...job,
          status: "finished",
          finishedAt: event.at,
        }));
      case "job.failed":
        return this.#update(event.jobId, (job) => ({
          ...job,
          status: "failed",
          finishedAt: event.at,
          error: { code: event.error.code, message: event.error.message },
        }));
      case "job.published":
        return this.#update(event.jobId, (job) => ({
          ...job,
          published: { ...job.published, [event.key]: event.value },
        }));
      default:
        return;
    }
  }

  /** One job, if seen. */
  job(jobId: string): RunLogJob | undefined {
    return this.#jobs.get(jobId);
  }

  /** The workflow rooted at `rootId` as a tree (see `buildTrajectory`). */
  trajectory(rootId: string): TrajectoryNode<RunLogJob> | undefined {
    const jobs = [...this.#jobs.values()].filter((job) => job.rootId === rootId);
    return buildTrajectory(jobs).find((node) => node.job.jobId === rootId);
  }

  #update(jobId: string, change: (job: RunLogJob) => RunLogJob): void {
    const job = this.#jobs.get(jobId);
    if (job) this.#jobs.set(jobId, change(job));
  }
}
