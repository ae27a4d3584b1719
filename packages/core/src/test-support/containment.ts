import type { JobContext } from "../jobs/job-context.js";
import { ScriptedTool } from "./jobs.js";

// Fixtures shared by core's workflow-containment tests. Not exported from the package.

/** Marks a job read-only the way a class does with `override readonly readOnly = true`. */
export function declaredReadOnly<TJob extends object>(job: TJob): TJob {
  Object.defineProperty(job, "readOnly", { value: true });
  return job;
}

/** A tool that writes (it does not say it only reads) and counts its runs. */
export function writer(): ScriptedTool {
  return new ScriptedTool(() => "wrote");
}

/** Reports one priced model call, as a tool that called a model would. */
export function reportCall(context: JobContext, cost: string): void {
  context.emit({
    type: "llm.call",
    entryId: "demo",
    providerModel: "demo/model",
    usage: { inputTokens: 1, outputTokens: 1 },
    cost,
    currency: "USD",
    latencyMs: 1,
    stopReason: "end",
    attempt: 1,
    corrections: 0,
  });
}

/** Settles with the rejection's error, or fails the test if the handle resolved. */
export async function refusal(
  handle: PromiseLike<unknown>,
): Promise<{ code?: string; message: string }> {
  return Promise.resolve(handle).then(
    (value) => {
      throw new Error(`expected a refusal, got ${JSON.stringify(value)}`);
    },
    (error: { code?: string; message: string }) => error,
  );
}
