import { describe, expect, it, vi } from "vitest";
import type { JobContext } from "../jobs/job-context.js";
import type { JobHandle } from "../jobs/job-handle.js";
import { CostLedger } from "../ledger/cost-ledger.js";
import { ScopeGuard } from "../scope/scope-guard.js";
import { EventLog, flush, forever, ScriptedDoer, ScriptedTool } from "../test-support/jobs.js";
import { JobDispatcher } from "./job-dispatcher.js";

/** Marks a job read-only the way a class does with `override readonly readOnly = true`. */
function declaredReadOnly<TJob extends object>(job: TJob): TJob {
  Object.defineProperty(job, "readOnly", { value: true });
  return job;
}

/** A tool that writes (it does not say it only reads) and counts its runs. */
function writer() {
  return new ScriptedTool(() => "wrote");
}

/** Reports one priced model call, as a tool that called a model would. */
function reportCall(context: JobContext, cost: string): void {
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
async function refusal(handle: PromiseLike<unknown>): Promise<{ code?: string; message: string }> {
  return Promise.resolve(handle).then(
    (value) => {
      throw new Error(`expected a refusal, got ${JSON.stringify(value)}`);
    },
    (error: { code?: string; message: string }) => error,
  );
}

describe("read-only binds the job that declares it", () => {
  it("a read-only doer started by a writable caller sees context.scope.readOnly in its own execute, and events show it", async () => {
    const seen: boolean[] = [];
    const log = new EventLog();
    const dispatcher = new JobDispatcher({ observers: [log] });
    const reader = declaredReadOnly(
      new ScriptedDoer((context) => seen.push(context.scope.readOnly)),
    );
    await dispatcher.submit(reader, null); // top-level, writable
    await dispatcher.submit(
      new ScriptedDoer((context) => context.submitInStep(reader, null)),
      null,
    ); // under a writable doer
    expect(seen).toEqual([true, true]);
    const submitted = log.ofType("job.submitted");
    expect(submitted.map((event) => event.scope.readOnly)).toEqual([true, false, true]);
  });

  it("a read-only tool started by a writable caller sees context.scope.readOnly in its own execute", async () => {
    const seen: ScopeGuard[] = [];
    const tool = declaredReadOnly(
      new ScriptedTool((_resources, context) => seen.push(context.scope)),
    );
    await new JobDispatcher().submit(tool, null, { scope: { axes: { tenant: "acme" } } });
    expect(seen[0]!.readOnly).toBe(true);
    expect(seen[0]!.axes).toEqual({ tenant: "acme" }); // the caller's axes are kept
  });

  it("a read-only doer started by a writable caller cannot submit a writing tool through its context", async () => {
    const log = new EventLog();
    const written = writer();
    const reader = declaredReadOnly(
      new ScriptedDoer((context) => context.submitInStep(written, null)),
    );
    const error = await refusal(new JobDispatcher({ observers: [log] }).submit(reader, null));
    expect(error.code).toBe("scope_violation");
    expect(error.message).toMatch(/"scripted_tool" is not read-only/);
    expect(written.runs).toBe(0);
  });

  it("read-only jobs under one writable scope share one read-only guard rather than one each", () => {
    const writable = ScopeGuard.OPEN.narrow({ axes: { tenant: "acme" } }, new Set(["tenant"]));
    const first = writable.narrow({ readOnly: true }, new Set());
    expect(writable.narrow({ readOnly: true }, new Set())).toBe(first);
    expect(first.readOnly).toBe(true);
    expect(writable.readOnly).toBe(false);
  });
});

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

  it("from a tool's code, takes the tool as parent, under the tool's own scope: a read-only tool under a writable doer cannot submit a writer", async () => {
    const dispatcher = new JobDispatcher();
    const written = writer();
    let viaDispatcher: Promise<{ code?: string }> | undefined;
    const tool = declaredReadOnly(
      new ScriptedTool(() => {
        viaDispatcher = refusal(dispatcher.submit(written, null));
        return "read";
      }),
    );
    await dispatcher.submit(new ScriptedDoer((context) => context.submitInStep(tool, null)), null);
    expect((await viaDispatcher!).code).toBe("scope_violation");
    expect(written.runs).toBe(0);
    const log = new EventLog();
    const open = new JobDispatcher({ observers: [log] });
    let toolId = "";
    let inner: JobHandle<unknown> | undefined;
    await open.submit(
      new ScriptedDoer(async (context) => {
        const handle = context.submitInStep(
          new ScriptedTool(() => {
            inner = open.submit(new ScriptedTool(() => "inner"), null);
            return "tool";
          }),
          null,
        );
        toolId = handle.id;
        return handle;
      }),
      null,
    );
    await inner;
    expect(log.ofType("job.submitted").at(-1)).toMatchObject({ parentId: toolId, ordinal: null });
  });

  it("a tool a read-only workflow submitted from another workflow's async context (a shared queue's timer) still submits under its own scope", async () => {
    const dispatcher = new JobDispatcher();
    const written = writer();
    // A module-level batching queue: its drain timer is set by whoever pushes first.
    const queue: Array<() => void> = [];
    let drain: ReturnType<typeof setTimeout> | undefined;
    const enqueue = (task: () => void): void => {
      queue.push(task);
      drain ??= setTimeout(() => {
        drain = undefined;
        for (const queued of queue.splice(0)) queued();
      }, 0);
    };
    let attempt: Promise<{ code?: string }> | undefined;
    const reader = declaredReadOnly(
      new ScriptedTool(() => {
        attempt = refusal(dispatcher.submit(written, null));
        return "read";
      }),
    );
    let releaseWritable!: () => void;
    // Workflow A (writable) pushes first: the drain timer carries A's context.
    const writable = dispatcher.submit(
      new ScriptedDoer(
        () =>
          new Promise<void>((resolve) => {
            enqueue(() => {});
            releaseWritable = resolve;
          }),
      ),
      null,
    );
    // Workflow B (read-only) hands its tool's submission to the shared queue.
    const readOnly = dispatcher.submit(
      declaredReadOnly(
        new ScriptedDoer(
          (context) =>
            new Promise((resolve) => enqueue(() => resolve(context.submitInStep(reader, null)))),
        ),
      ),
      null,
      { scope: { readOnly: true } },
    );
    await readOnly;
    expect((await attempt!).code).toBe("scope_violation");
    releaseWritable();
    await writable;
    expect(written.runs).toBe(0);
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

  it("a top-level read-only tool cannot submit a writer through the dispatcher either", async () => {
    const dispatcher = new JobDispatcher();
    const written = writer();
    let attempt: Promise<{ code?: string }> | undefined;
    const tool = declaredReadOnly(
      new ScriptedTool(() => {
        attempt = refusal(dispatcher.submit(written, null, { scope: { readOnly: false } }));
        return "read";
      }),
    );
    await dispatcher.submit(tool, null);
    expect((await attempt!).code).toBe("scope_violation");
    expect(written.runs).toBe(0);
  });

  it("inherits the running job's scope: a writer submitted from a read-only workflow is refused and never runs", async () => {
    const dispatcher = new JobDispatcher();
    const written = writer();
    const seen: ScopeGuard[] = [];
    const probe = declaredReadOnly(
      new ScriptedTool((_resources, context) => seen.push(context.scope)),
    );
    const reader = declaredReadOnly(
      new ScriptedDoer(async () => {
        await dispatcher.submit(probe, null);
        return dispatcher.submit(written, null, { scope: { readOnly: false } });
      }),
    );
    const error = await refusal(
      dispatcher.submit(reader, null, { scope: { axes: { ticket: "T-1" }, readOnly: true } }),
    );
    expect(error.code).toBe("scope_violation");
    expect(written.runs).toBe(0);
    expect(seen.map((scope) => [scope.axes, scope.readOnly])).toEqual([[{ ticket: "T-1" }, true]]);
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
