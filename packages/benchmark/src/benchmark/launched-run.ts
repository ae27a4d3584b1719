import {
  LLMReadableError,
  unwrap,
  type JobContext,
  type JobHandle,
  type Timers,
} from "@nucleo/core";
import type { ModelDependentTool } from "@nucleo/tools";

/** How one run ended. */
export type RunOutcome<TOutput> =
  | { readonly ok: true; readonly output: TOutput }
  | { readonly ok: false; readonly error: string };

/** One run of the raced job: its instance, its job id once submitted, and how it ends. */
export interface LaunchedRun<TInput, TOutput> {
  /** `undefined` when the factory threw (the run never started). */
  readonly job: ModelDependentTool<TInput, TOutput> | undefined;
  /** `undefined` when the factory threw. */
  readonly jobId: string | undefined;
  readonly settled: Promise<RunOutcome<TOutput>>;
}

/** How {@link launchRun} submits: in a new step (the reference) or in the step already claimed (the race). */
export type SubmitDoor = "next-step" | "current-step";

/** A deadline that starts at the job's first seat at a model, not when it is submitted. */
export interface RunDeadline {
  readonly timeoutMs: number;
  readonly timers: Timers;
  /** Calls `start` when the job (or a job below it) first got a seat (at once if it already has). */
  readonly whenSeated: (jobId: string, start: () => void) => void;
  /** Drops the wait of a job that ended without a seat. */
  readonly forget: (jobId: string) => void;
  /** What the cancellation says, e.g. "it ran past the benchmark's run timeout of 600000 ms". */
  readonly reason: string;
}

/**
 * Submits a job under a {@link RunDeadline}: a job still going that long after its first seat
 * is cancelled with everything below it. Waiting for the first seat does not count: all runs
 * are submitted at once and admission paces them, so a deadline from submission would fail
 * runs that never got to work.
 *
 * @internal
 */
export function submitWithDeadline<TOutput>(
  handle: JobHandle<TOutput>,
  deadline: RunDeadline,
): Promise<RunOutcome<TOutput>> {
  let timer: unknown;
  let settled = false;
  deadline.whenSeated(handle.id, () => {
    if (!settled)
      timer = deadline.timers.setTimeout(() => handle.cancel(deadline.reason), deadline.timeoutMs);
  });
  return handle
    .then(
      (output): RunOutcome<TOutput> => ({ ok: true, output }),
      (error: unknown): RunOutcome<TOutput> => ({ ok: false, error: describeRunError(error) }),
    )
    .finally(() => {
      settled = true;
      if (timer !== undefined) deadline.timers.clearTimeout(timer);
      else deadline.forget(handle.id);
    });
}

/**
 * Makes a fresh instance, pins it (the reference explicitly unpinned: whatever its factory
 * set, it must be what the picker serves), and submits it — synchronously, so a race's runs are
 * all submitted before the caller moves on — under its deadline. A factory that throws becomes
 * a failed outcome, not a throw.
 *
 * @internal
 */
export function launchRun<TInput, TOutput>(options: {
  readonly factory: () => ModelDependentTool<TInput, TOutput>;
  readonly input: TInput;
  readonly pin: string | undefined;
  readonly context: JobContext;
  readonly door: SubmitDoor;
  readonly deadline: RunDeadline;
  readonly onSubmitted: (jobId: string) => void;
}): LaunchedRun<TInput, TOutput> {
  let job: ModelDependentTool<TInput, TOutput>;
  try {
    job = options.factory();
    job.pinModel(options.pin);
  } catch (error) {
    return {
      job: undefined,
      jobId: undefined,
      settled: Promise.resolve({
        ok: false,
        error: `factory_failed: the factory threw: ${describeRunError(error)}`,
      }),
    };
  }
  const { context, input } = options;
  const handle: JobHandle<TOutput> =
    options.door === "next-step"
      ? context.submitInStep(job, input)
      : context.submitInCurrentStep(job, input);
  options.onSubmitted(handle.id);
  return { job, jobId: handle.id, settled: submitWithDeadline(handle, options.deadline) };
}

/**
 * `code: message` of Nucleo's error (also when wrapped in a cause). Any other error is named
 * by its type only, as the dispatcher does: rows are published and recorded, and a library's
 * raw text may carry a secret. Throw a Nucleo error (a `SystemError`, say) to say more.
 */
export function describeRunError(error: unknown): string {
  const ours = LLMReadableError.isInstance(error) ? error : unwrap(error);
  // A retry signal escaping the dispatcher is a bug upstream; name it, still without raw text.
  return LLMReadableError.isInstance(ours)
    ? `${ours.code}: ${ours.message}`
    : `${ours.name}: ${ours.message}`;
}
