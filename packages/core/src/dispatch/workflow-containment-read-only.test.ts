import { describe, expect, it } from "vitest";
import type { JobHandle } from "../jobs/job-handle.js";
import { ScopeGuard } from "../scope/scope-guard.js";
import { declaredReadOnly, refusal, writer } from "../test-support/containment.js";
import { EventLog, ScriptedDoer, ScriptedTool } from "../test-support/jobs.js";
import { JobDispatcher } from "./job-dispatcher.js";

// Read-only inside a workflow: a job that declares it is bound by it, and what its code submits
// through the dispatcher runs under its scope, never a wider one.

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
});
