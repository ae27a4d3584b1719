import { describe, expect, it } from "vitest";
import { SystemError } from "../errors/system-error.js";
import { ManualTimers } from "../testing/manual-timers.js";
import { flush, forever, ScriptedDoer, ScriptedTool, signalWatcher } from "../test-support/jobs.js";
import { JobDispatcher } from "./job-dispatcher.js";

describe("timeouts and cancellation", () => {
  it("a tool's timeout aborts its signal and fails it with a timeout error", async () => {
    const time = new ManualTimers();
    const reasons: unknown[] = [];
    const handle = new JobDispatcher({ clock: time, timers: time }).submit(
      signalWatcher(reasons, 30_000),
      null,
    );
    await flush();
    time.advance(29_999);
    await flush();
    expect(reasons).toHaveLength(0);
    time.advance(1);
    const error = await handle.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(SystemError.isInstance(error) && error.code).toBe("timeout");
    expect(reasons).toHaveLength(1);
  });

  it("a job that ignores its signal still fails promptly on timeout", async () => {
    const time = new ManualTimers();
    const handle = new JobDispatcher({ clock: time, timers: time }).submit(
      new ScriptedTool(
        () => forever(),
        () => null,
        50,
      ),
      null,
    );
    await flush();
    time.advance(50);
    await expect(handle).rejects.toThrow(/timed out/);
  });

  it("cancelling a workflow reaches every descendant's signal", async () => {
    const reasons: unknown[] = [];
    const middle = new ScriptedDoer(async (context) => {
      context.nextStep();
      await Promise.all([
        context.submitInCurrentStep(signalWatcher(reasons), null),
        context.submitInCurrentStep(signalWatcher(reasons), null),
      ]);
    });
    const handle = new JobDispatcher().submit(
      new ScriptedDoer(async (context) => context.submitInStep(middle, null)),
      null,
    );
    await flush();
    handle.cancel("user pressed stop");
    await expect(handle).rejects.toThrow(/user pressed stop/);
    await flush();
    expect(reasons).toHaveLength(2);
  });

  it("cancel detached from its handle fails with a clear error instead of cancelling nothing", async () => {
    const handle = new JobDispatcher().submit(new ScriptedTool(() => forever()), null);
    const detached = handle.cancel;
    expect(() => detached()).toThrow(/handle\.cancel\(\)/);
    handle.cancel("done");
    await expect(handle).rejects.toThrow(/done/);
  });

  it("a refused job's handle rejects, and cancelling it does nothing", async () => {
    const handle = new JobDispatcher().submit({} as never, null);
    handle.cancel();
    await expect(handle).rejects.toThrow(/must be an instance of a Nucleo job/);
  });

  it("a tool's timeout reaches the descendants it submitted", async () => {
    const time = new ManualTimers();
    const reasons: unknown[] = [];
    const parent = new ScriptedTool(
      async (_resources, context) => context.submitInStep(signalWatcher(reasons), null),
      () => null,
      100,
    );
    const handle = new JobDispatcher({ clock: time, timers: time }).submit(parent, null);
    await flush();
    time.advance(100);
    await expect(handle).rejects.toThrow(/timed out/);
    await flush();
    expect(reasons).toHaveLength(1);
  });

  it("the caller's AbortSignal cancels the job and its descendants", async () => {
    const reasons: unknown[] = [];
    const controller = new AbortController();
    const handle = new JobDispatcher().submit(
      new ScriptedDoer(async (context) => context.submitInStep(signalWatcher(reasons), null)),
      null,
      { signal: controller.signal },
    );
    await flush();
    controller.abort();
    await expect(handle).rejects.toThrow(/cancelled by its caller's signal/);
    await flush();
    expect(reasons).toHaveLength(1);
  });

  it("the reason a caller's signal aborted with ends the cancellation's message", async () => {
    const controller = new AbortController();
    const handle = new JobDispatcher().submit(new ScriptedDoer(() => forever()), null, {
      signal: controller.signal,
    });
    await flush();
    controller.abort(new Error("the worker is shutting down: the workflow goes back to the queue"));
    await expect(handle).rejects.toThrow(
      /cancelled by its caller's signal: the worker is shutting down: the workflow goes back to the queue$/,
    );
  });

  it("an already-aborted caller signal refuses the job before it runs", async () => {
    const tool = new ScriptedTool(() => "ran");
    const handle = new JobDispatcher().submit(tool, null, { signal: AbortSignal.abort() });
    await expect(handle).rejects.toThrow(/cancelled/);
    expect(tool.runs).toBe(0);
  });

  it("children a doer left running are still cancelled through it after it returned", async () => {
    const reasons: unknown[] = [];
    const orphanMaker = new ScriptedDoer((context) => {
      void context.submitInStep(signalWatcher(reasons), null).catch(() => {});
      return "returned early";
    });
    const rootGate = Promise.withResolvers<void>();
    const handle = new JobDispatcher().submit(
      new ScriptedDoer(async (context) => {
        await context.submitInStep(orphanMaker, null);
        await rootGate.promise;
      }),
      null,
    );
    await flush();
    handle.cancel();
    await expect(handle).rejects.toThrow(/cancelled/);
    await flush();
    expect(reasons).toHaveLength(1);
  });

  it("cancelling one child leaves its siblings and its parent running", async () => {
    const handle = new JobDispatcher().submit(
      new ScriptedDoer(async (context) => {
        context.nextStep();
        const a = context.submitInCurrentStep(new ScriptedTool(() => forever()), null);
        const b = context.submitInCurrentStep(new ScriptedTool(() => "b done"), null);
        a.cancel();
        const aOutcome = await a.then(
          () => "finished",
          (error: Error) => error.message,
        );
        return `${aOutcome} | ${await b}`;
      }),
      null,
    );
    await expect(handle).resolves.toMatch(/was cancelled\. \| b done$/);
  });
});
