import { describe, expect, it, vi } from "vitest";
import type { JobHandle } from "../jobs/job-handle.js";
import { CostLedger } from "../ledger/cost-ledger.js";
import { declaredReadOnly, refusal, reportCall, writer } from "../test-support/containment.js";
import { EventLog, flush, forever, ScriptedDoer, ScriptedTool } from "../test-support/jobs.js";
import { JobDispatcher } from "./job-dispatcher.js";

// The rules that keep a workflow together: what a running job submits is its child, and nothing
// leaves the workflow. The read-only side of the same door is in
// workflow-containment-read-only.test.ts.

describe("dispatcher.submit from inside a running job makes that job's child", () => {
  it("takes the running job as parent: its id, its workflow, its ancestors, no step ordinal", async () => {
    const log = new EventLog();
    const dispatcher = new JobDispatcher({ observers: [log] });
    let inner: JobHandle<unknown> | undefined;
    const middle = new ScriptedDoer(async () => {
      inner = dispatcher.submit(new ScriptedTool(() => "inner"), null);
      return inner;
    });
    const root = dispatcher.submit(
      new ScriptedDoer((context) => context.submitInStep(middle, null)),
      null,
    );
    await expect(root).resolves.toBe("inner");

    const [rootEvent, middleEvent, innerEvent] = log.ofType("job.submitted");
    expect(innerEvent).toMatchObject({
      jobId: inner!.id,
      parentId: middleEvent!.jobId,
      rootId: root.id,
      ordinal: null,
    });
    expect(innerEvent!.ancestors).toEqual([middleEvent!.jobId, rootEvent!.jobId]);
  });

  it("a tool still running after its parent doer returned may submit through the dispatcher: the child is the tool's", async () => {
    const dispatcher = new JobDispatcher();
    let inner: Promise<unknown> | undefined;
    let toolDone!: Promise<unknown>;
    const gate = Promise.withResolvers<void>();
    const tool = new ScriptedTool(async () => {
      await gate.promise;
      inner = dispatcher.submit(new ScriptedTool(() => "inner"), null);
      return "tool";
    });
    await dispatcher.submit(
      new ScriptedDoer((context) => {
        toolDone = context.submit(tool, null);
        return "parent returned";
      }),
      null,
    );
    gate.resolve();
    await toolDone;
    await expect(inner).resolves.toBe("inner");
  });

  it("is cancelled with the workflow", async () => {
    const dispatcher = new JobDispatcher();
    const reasons: unknown[] = [];
    const started = Promise.withResolvers<void>();
    const stuck = new ScriptedTool((_resources, context) => {
      context.signal.addEventListener("abort", () => reasons.push(context.signal.reason), {
        once: true,
      });
      started.resolve();
      return forever();
    });
    let inner: JobHandle<unknown> | undefined;
    const root = dispatcher.submit(
      new ScriptedDoer(async () => {
        inner = dispatcher.submit(stuck, null);
        await inner;
      }),
      null,
    );
    await started.promise;
    const innerOutcome = inner!.then(
      () => "finished",
      (error: Error) => error.message,
    );
    root.cancel("the caller gave up");
    await expect(root).rejects.toThrow(/the caller gave up/);
    await flush();
    expect(reasons).toHaveLength(1);
    await expect(innerOutcome).resolves.toMatch(/the caller gave up/);
  });

  it("counts its cost in the workflow's ledger and in the running job's subtree", async () => {
    const ledger = new CostLedger();
    const subtree = new CostLedger();
    const dispatcher = new JobDispatcher({ observers: [ledger] });
    const root = dispatcher.submit(
      new ScriptedDoer(async (context) => {
        context.observe(subtree);
        reportCall(context, "0.25");
        await dispatcher.submit(
          new ScriptedTool((_resources, child) => reportCall(child, "0.5")),
          null,
        );
      }),
      null,
    );
    await root;
    expect(ledger.totalFor(root.id).cost.get("USD")?.toString()).toBe("0.75");
    expect(subtree.totalFor(root.id).calls).toBe(2);
  });

  it("stays the job's child when made from a timer the job set while it runs", async () => {
    const log = new EventLog();
    const dispatcher = new JobDispatcher({ observers: [log] });
    const root = dispatcher.submit(
      new ScriptedDoer(async () => {
        // A real timer: its callback runs in the job's async context, not the test's.
        const fromTimer = await new Promise<JobHandle<unknown>>((resolve) => {
          setTimeout(() => resolve(dispatcher.submit(new ScriptedTool(() => "late"), null)), 0);
        });
        return fromTimer;
      }),
      null,
    );
    await expect(root).resolves.toBe("late");
    const [, timed] = log.ofType("job.submitted");
    expect(timed).toMatchObject({ parentId: root.id, rootId: root.id });
  });

  it("a submission made outside every job, after one finished, is a new workflow", async () => {
    const log = new EventLog();
    const dispatcher = new JobDispatcher({ observers: [log] });
    await dispatcher.submit(new ScriptedDoer(() => "first"), null);
    const second = dispatcher.submit(new ScriptedTool(() => "second"), null);
    await expect(second).resolves.toBe("second");
    expect(log.ofType("job.submitted")[1]).toMatchObject({
      jobId: second.id,
      parentId: null,
      rootId: second.id,
    });
  });
});

describe("nothing leaves a workflow through dispatcher.submit", () => {
  it("a submission to another dispatcher from inside a running job is refused, pointing at the job's context", async () => {
    const elsewhere = new JobDispatcher();
    const written = writer();
    const tries: Array<{ code?: string; message: string }> = [];
    const attempt = async () => void tries.push(await refusal(elsewhere.submit(written, null)));
    const dispatcher = new JobDispatcher();
    await dispatcher.submit(declaredReadOnly(new ScriptedDoer(attempt)), null, {
      scope: { readOnly: true },
    });
    await dispatcher.submit(new ScriptedDoer(attempt), null); // a writable workflow may not leave either
    expect(written.runs).toBe(0);
    expect(tries.map((error) => error.code)).toEqual(["other_dispatcher", "other_dispatcher"]);
    expect(tries[0]!.message).toMatch(
      /submit\(job "scripted_tool", \.\.\.\) was called on a dispatcher other than the one running job .*context\.submitInStep/,
    );
  });

  it("a submission from code a job left behind after it ended is refused, and the writer never runs", async () => {
    const log = new EventLog();
    const dispatcher = new JobDispatcher({ observers: [log] });
    const written = writer();
    const later = Promise.withResolvers<void>();
    let leftBehind: Promise<{ code?: string; message: string }> | undefined;
    const reader = declaredReadOnly(
      new ScriptedDoer(() => {
        // A callback the job registers and returns without awaiting: it runs in the job's context.
        leftBehind = later.promise.then(() => refusal(dispatcher.submit(written, null)));
        return "done";
      }),
    );
    const root = dispatcher.submit(reader, null, { scope: { readOnly: true } });
    await root;
    later.resolve();
    const error = await leftBehind!;
    expect(error.code).toBe("job_ended");
    expect(error.message).toMatch(new RegExp(`job ${root.id} left behind after it ended`));
    expect(written.runs).toBe(0);
    // Refused inside its workflow: the events place it under the ended job.
    expect(log.ofType("job.submitted").at(-1)).toMatchObject({
      parentId: root.id,
      rootId: root.id,
    });
  });

  it("a submission from a job's abort listener, when its workflow is cancelled from outside, stays in the workflow and never runs", async () => {
    const log = new EventLog();
    const dispatcher = new JobDispatcher({ observers: [log] });
    const written = writer();
    const started = Promise.withResolvers<void>();
    let fromListener: JobHandle<unknown> | undefined;
    const reader = declaredReadOnly(
      new ScriptedDoer((context) => {
        // The listener runs when the canceller aborts the signal, from the canceller's code.
        context.signal.addEventListener(
          "abort",
          () => {
            fromListener = dispatcher.submit(written, null, { scope: { readOnly: false } });
          },
          { once: true },
        );
        started.resolve();
        return forever();
      }),
    );
    const root = dispatcher.submit(reader, null, { scope: { readOnly: true } });
    await started.promise;
    root.cancel();
    await expect(root).rejects.toThrow(/cancelled/);
    await expect(fromListener!).rejects.toThrow();
    expect(written.runs).toBe(0);
    expect(
      log.ofType("job.submitted").find((event) => event.jobId === fromListener!.id),
    ).toMatchObject({ parentId: root.id, rootId: root.id });
  });

  it("a second copy of @nucleo/core sees the running job too, and refuses what would leave it", async () => {
    vi.resetModules();
    const copy = (await import("./job-dispatcher.js")) as typeof import("./job-dispatcher.js");
    expect(copy.JobDispatcher).not.toBe(JobDispatcher); // a separate module instance
    const foreign = new copy.JobDispatcher();
    const written = writer();
    const outcome: Array<{ code?: string; message: string }> = [];
    await new JobDispatcher().submit(
      declaredReadOnly(
        new ScriptedDoer(async () => {
          outcome.push(await refusal(foreign.submit(written, null)));
        }),
      ),
      null,
      { scope: { readOnly: true } },
    );
    expect(outcome.map((error) => error.code)).toEqual(["other_dispatcher"]);
    expect(written.runs).toBe(0);
    // And the other way round: a job of the second copy cannot leave through this one.
    const home = new JobDispatcher();
    await foreign.submit(
      declaredReadOnly(
        new ScriptedDoer(async () => {
          outcome.push(await refusal(home.submit(written, null)));
        }),
      ),
      null,
    );
    expect(outcome.map((error) => error.code)).toEqual(["other_dispatcher", "other_dispatcher"]);
    expect(written.runs).toBe(0);
  });
});
