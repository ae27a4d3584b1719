import { errorFields, type Logger } from "@nucleo/core";
import type { Job, JobResult } from "pg-boss";
import { FleetError } from "../fleet-error.js";
import { failedOutput, finishedOutput, storedErrorOf } from "../queue/job-output.js";
import type { FleetHandler, FleetRun, RunEnding } from "./fleet-run.js";
import type { ResolvedServeOptions } from "./serve-options.js";

/** A run in progress, as its server sees it. */
export interface RunningRun {
  readonly run: FleetRun;
  /** Aborts the run's signal and settles it at once as handed back (a drain past its grace). */
  /** Aborts the run's signal saying `why`, and hands the workflow back to the queue. */
  handBack(why: string): void;
}

/** What a slot needs to run a job. */
export interface RunContext {
  readonly handler: FleetHandler;
  readonly options: ResolvedServeOptions;
  readonly logger: Logger;
  readonly running: Set<RunningRun>;
  /** True once a drain's grace ran out: a job claimed after that is handed back unrun. */
  readonly handingBack: () => boolean;
}

type Outcome =
  | { readonly kind: "value"; readonly value: unknown }
  | { readonly kind: "error"; readonly error: unknown }
  | { readonly kind: "drained" };

/**
 * Runs the handler for one claimed job and answers how pg-boss should settle it (a per-job
 * result: `completed`, `failed` to retry, or `deadletter`). The handler's signal follows the
 * job's own only while the handler runs: pg-boss also aborts the job's signal after every
 * normal completion, which is no cancellation.
 */
export async function runOne(job: Job<unknown>, context: RunContext): Promise<JobResult> {
  const data = job.data as { workflow?: unknown; input?: unknown; tenant?: unknown } | null;
  if (typeof data?.workflow !== "string")
    return deadLetter(
      job.id,
      new FleetError({
        code: "invalid_option",
        field: "data",
        workflowId: job.id,
        message: `Job ${job.id} is not a workflow request ({ workflow, input }).`,
      }),
    );
  const controller = new AbortController();
  const run: FleetRun = Object.freeze({
    id: job.id,
    workflow: data.workflow,
    input: data.input,
    tenant: typeof data.tenant === "string" ? data.tenant : undefined,
    attempt: job.retryCount + 1,
    signal: controller.signal,
  });
  if (context.handingBack()) return handedBack(run, context, 0);
  let running = true;
  let lost = false;
  const onLost = () => {
    if (!running) return;
    lost = true;
    controller.abort(
      new FleetError({
        code: "cancelled",
        workflowId: run.id,
        message: `Workflow ${run.id} was cancelled, or another worker took it: stop running it.`,
      }),
    );
  };
  job.signal.addEventListener("abort", onLost, { once: true });
  if (job.signal.aborted) onLost();
  let handBack!: () => void;
  const handedBackNow = new Promise<Outcome>(
    (resolve) => (handBack = () => resolve({ kind: "drained" })),
  );
  const entry: RunningRun = {
    run,
    handBack: (why) => {
      controller.abort(
        new FleetError({
          code: "drained",
          workflowId: run.id,
          message: `${why}: workflow ${run.id} goes back to the queue`,
        }),
      );
      handBack();
    },
  };
  context.running.add(entry);
  notify(context, () => context.options.onTaken?.(run));
  const started = performance.now();
  try {
    const outcome = await Promise.race([
      Promise.resolve()
        .then(() => context.handler(run))
        .then(
          (value): Outcome => ({ kind: "value", value }),
          (error: unknown): Outcome => ({ kind: "error", error }),
        ),
      handedBackNow,
    ]);
    running = false;
    const durationMs = performance.now() - started;
    if (outcome.kind === "drained") return handedBack(run, context, durationMs);
    return settle(run, outcome, context, durationMs, lost);
  } finally {
    running = false;
    job.signal.removeEventListener("abort", onLost);
    context.running.delete(entry);
  }
}

function settle(
  run: FleetRun,
  outcome: Outcome,
  context: RunContext,
  durationMs: number,
  lost: boolean,
): JobResult {
  if (outcome.kind === "value") {
    const output = finishedOutput(outcome.value);
    try {
      JSON.stringify(output);
    } catch (error) {
      const reason = new FleetError({
        code: "invalid_option",
        field: "output",
        workflowId: run.id,
        message: `Workflow ${run.id} returned an output JSON cannot hold: ${errorFields(error).message}`,
      });
      ended(run, context, { outcome: "dead_letter", error: storedErrorOf(reason), durationMs });
      return deadLetter(run.id, reason);
    }
    ended(run, context, { outcome: lost ? "lost" : "finished", durationMs });
    return { id: run.id, status: "completed", output };
  }
  if (outcome.kind !== "error") throw new Error("unreachable");
  const retryable = classify(outcome.error, context);
  const error = storedErrorOf(outcome.error);
  ended(run, context, {
    outcome: lost ? "lost" : retryable ? "retry" : "dead_letter",
    error,
    durationMs,
  });
  // A lost run's settle is fenced out by pg-boss (the attempt is no longer active): harmless.
  return {
    id: run.id,
    status: retryable ? "failed" : "deadletter",
    output: failedOutput(outcome.error),
  };
}

function handedBack(run: FleetRun, context: RunContext, durationMs: number): JobResult {
  const reason = new FleetError({
    code: "drained",
    workflowId: run.id,
    message: `The worker shut down before workflow ${run.id} ended: handed back to the queue.`,
  });
  ended(run, context, { outcome: "handed_back", error: storedErrorOf(reason), durationMs });
  // A failure, not a reset: pg-boss has no way to hand a job back that does not use a retry.
  return { id: run.id, status: "failed", output: failedOutput(reason) };
}

function deadLetter(id: string, reason: unknown): JobResult {
  return { id, status: "deadletter", output: failedOutput(reason) };
}

function classify(error: unknown, context: RunContext): boolean {
  try {
    return context.options.isRetryable(error) === true;
  } catch (thrown) {
    context.logger.warn(
      { error: errorFields(thrown) },
      "isRetryable threw: the failure is treated as retryable.",
    );
    return true;
  }
}

function ended(run: FleetRun, context: RunContext, ending: RunEnding): void {
  notify(context, () => context.options.onEnded?.(run, ending));
}

function notify(context: RunContext, call: () => void): void {
  try {
    call();
  } catch (error) {
    context.logger.warn(
      { error: errorFields(error) },
      "A FleetServer hook (onTaken or onEnded) threw; the run goes on.",
    );
  }
}
