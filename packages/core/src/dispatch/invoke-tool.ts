import { SystemError } from "../errors/system-error.js";
import type { AbstractJob } from "../jobs/abstract-job.js";
import type { JobContext, JobResources } from "../jobs/job-context.js";
import { INVOKE } from "../jobs/job-symbols.js";
import type { CancellationNode } from "./cancellation-node.js";
import type { Timers } from "./dispatcher-options.js";
import { declaredTimeout } from "./tool-hooks.js";

/**
 * Runs a tool's `execute` once, under its timeout when it declares one: when the time is up,
 * `node` is aborted with a `timeout` error, which fails the job and cancels its descendants.
 *
 * Positional parameters rather than an options object, and not async: it runs once per tool
 * attempt, where an object or a paused frame per job in flight would show in the benchmark.
 *
 * @throws whatever `execute` or `timeoutMs()` throws synchronously.
 * @internal
 */
export function invokeTool<TInput, TOutput>(
  job: AbstractJob<TInput, TOutput>,
  input: TInput,
  resources: JobResources,
  context: JobContext,
  timers: Timers,
  node: CancellationNode,
): Promise<TOutput> | TOutput {
  const timeoutMs = declaredTimeout(job);
  if (timeoutMs === null) return job[INVOKE](input, resources, context);
  const timer = timers.setTimeout(() => {
    node.abort(
      new SystemError({
        code: "timeout",
        message: `Job "${job.name}" (${context.jobId}) timed out after ${timeoutMs} ms.`,
      }),
    );
  }, timeoutMs);
  try {
    return Promise.resolve(job[INVOKE](input, resources, context)).finally(() =>
      timers.clearTimeout(timer),
    );
  } catch (error) {
    timers.clearTimeout(timer);
    throw error;
  }
}
