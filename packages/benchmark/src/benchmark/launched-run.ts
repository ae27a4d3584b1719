import { LLMReadableError, unwrap, type JobContext, type JobHandle, type Timers } from "@nucleo/core";
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

/**
 * Makes a fresh instance, pins it when asked, and submits it — synchronously, so a race's runs
 * are all submitted before the caller moves on — under a timeout that cancels the run (and
 * its descendants) when it hangs. A factory that throws becomes a failed outcome, not a throw.
 *
 * @internal
 */
export function launchRun<TInput, TOutput>(options: {
  readonly factory: () => ModelDependentTool<TInput, TOutput>;
  readonly input: TInput;
  readonly pin: string | undefined;
  readonly context: JobContext;
  readonly door: SubmitDoor;
  readonly timeoutMs: number;
  readonly timers: Timers;
  readonly onSubmitted: (jobId: string) => void;
}): LaunchedRun<TInput, TOutput> {
  let job: ModelDependentTool<TInput, TOutput>;
  try {
    job = options.factory();
    if (options.pin !== undefined) job.pinModel(options.pin);
  } catch (error) {
    return { job: undefined, jobId: undefined, settled: Promise.resolve({ ok: false, error: `factory_failed: the factory threw: ${describe(error)}` }) };
  }
  const { context, input } = options;
  const handle: JobHandle<TOutput> = options.door === "next-step" ? context.submitInStep(job, input) : context.submitInCurrentStep(job, input);
  options.onSubmitted(handle.id);
  const timer = options.timers.setTimeout(() => handle.cancel(`it ran past the benchmark's run timeout of ${options.timeoutMs} ms`), options.timeoutMs);
  const settled = handle.then(
    (output): RunOutcome<TOutput> => ({ ok: true, output }),
    (error: unknown): RunOutcome<TOutput> => ({ ok: false, error: describe(error) }),
  ).finally(() => options.timers.clearTimeout(timer));
  return { job, jobId: handle.id, settled };
}

/**
 * `code: message` of Nucleo's error (also when wrapped in a cause). Any other error is named
 * by its type only, as the dispatcher does: rows are published and recorded, and a library's
 * raw text may carry a secret. Throw a Nucleo error (a `SystemError`, say) to say more.
 */
export function describe(error: unknown): string {
  const ours = LLMReadableError.isInstance(error) ? error : unwrap(error);
  // A retry signal escaping the dispatcher is a bug upstream; name it, still without raw text.
  return LLMReadableError.isInstance(ours) ? `${ours.code}: ${ours.message}` : `${ours.name}: ${ours.message}`;
}
