import { describe, expect, it } from "vitest";
import { z } from "zod";
import { CorrectionSignal, ThrottleSignal } from "../errors/retry-signals.js";
import { wrapWithContext } from "../errors/wrap-with-context.js";
import { describeIssue } from "../schema/describe-issue.js";
import { RecordingAdmission } from "../testing/recording-admission.js";
import {
  EventLog,
  flush,
  ScriptedDoer,
  ScriptedTool,
  signalWatcher,
} from "../test-support/jobs.js";
import { JobDispatcher } from "./job-dispatcher.js";

describe("cancellation and failure reach every descendant", () => {
  it("the caller's signal still reaches children a doer left running after it returned", async () => {
    const reasons: unknown[] = [];
    const controller = new AbortController();
    const handle = new JobDispatcher().submit(
      new ScriptedDoer((context) => {
        void context.submitInStep(signalWatcher(reasons), null);
        return "returned";
      }),
      null,
      { signal: controller.signal },
    );
    await expect(handle).resolves.toBe("returned");
    await flush();
    controller.abort();
    await flush();
    expect(reasons).toHaveLength(1);
  });

  it("when a job fails, its still-running children are cancelled rather than left spending", async () => {
    const reasons: unknown[] = [];
    const handle = new JobDispatcher().submit(
      new ScriptedDoer(async (context) => {
        void context.submitInStep(signalWatcher(reasons), null);
        await flush();
        throw new Error("the doer's own bug");
      }),
      null,
    );
    await expect(handle).rejects.toThrow(/Unexpected error/);
    await flush();
    expect(reasons).toHaveLength(1);
    expect(String((reasons[0] as Error).message)).toMatch(/parent job .* failed/);
  });

  it("a failed handle nobody awaits does not surface as an unhandled rejection", async () => {
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", listener);
    try {
      new JobDispatcher().submit(
        new ScriptedTool(() => {
          throw new Error("nobody listens");
        }),
        null,
      );
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off("unhandledRejection", listener);
    }
    expect(unhandled).toEqual([]);
  });

  it("submitInCurrentStep before nextStep is refused like any refusal: an id and its events", async () => {
    const log = new EventLog();
    const handle = new JobDispatcher({ observers: [log] }).submit(
      new ScriptedDoer((context) =>
        context.submitInCurrentStep(new ScriptedTool(() => null), null),
      ),
      null,
    );
    await expect(handle).rejects.toThrow(/nextStep\(\) first/);
    const refused = log.ofType("job.failed").find((event) => event.error.code === "no_step");
    expect(refused?.jobId).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("retry signals wrapped by libraries", () => {
  it("a throttle carried on another error's cause is retried as a throttle, and its seat cools through admission.throttled", async () => {
    const admission = new RecordingAdmission();
    const tool = new ScriptedTool(
      (_resources, _context, run) => {
        if (run === 1)
          throw new Error("sdk wrapper", {
            cause: new ThrottleSignal({ service: "openai", retryAfterMs: 0 }),
          });
        return "served";
      },
      () => [{ grade: "SMALL", inputTokens: 1, maxOutputTokens: 1 }],
    );
    await expect(new JobDispatcher({ admission }).submit(tool, null)).resolves.toBe("served");
    expect(admission.returned[0]!.outcome).toBe("throttled");
  });

  it("wrapWithContext lets a wrapped signal through exactly as unwrap does", async () => {
    const signal = new CorrectionSignal({ reason: "x" });
    const outcome = await wrapWithContext(
      { service: "s", step: "t", parameter: "p", value: "v" },
      () => {
        throw new Error("outer", { cause: signal });
      },
    ).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(outcome).toBe(signal);
  });

  it("a retry-after that is not a finite, non-negative number counts as none given", () => {
    expect(
      new ThrottleSignal({ service: "s", retryAfterMs: Number.NaN }).retryAfterMs,
    ).toBeUndefined();
    expect(new ThrottleSignal({ service: "s", retryAfterMs: -5 }).retryAfterMs).toBeUndefined();
    expect(new ThrottleSignal({ service: "s", retryAfterMs: 1_500 }).retryAfterMs).toBe(1_500);
  });
});

describe("refusals never repeat what the model chose", () => {
  it("unrecognized keys are refused without quoting them", () => {
    const result = z.strictObject({ a: z.string() }).safeParse({ a: "x", CANARY_KEY_7731: 1 });
    expect(result.success).toBe(false);
    expect(JSON.stringify(describeIssue(result.error!.issues[0]!))).not.toContain(
      "CANARY_KEY_7731",
    );
  });
});
