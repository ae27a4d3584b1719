import { describe, expect, it } from "vitest";
import { META_ITERATION } from "../jobs/job-context.js";
import { EventLog, ScriptedDoer, ScriptedTool } from "../test-support/jobs.js";
import { JobDispatcher } from "./job-dispatcher.js";

function ordinalsOfChildren(log: EventLog, parentId: string): Array<number | null> {
  return log
    .ofType("job.submitted")
    .filter((event) => event.parentId === parentId)
    .map((event) => event.ordinal);
}

describe("step ordinals", () => {
  it("submitInStep numbers sequential children by call order: 1, 2, 3", async () => {
    const log = new EventLog();
    const tool = () => new ScriptedTool(() => null);
    const handle = new JobDispatcher({ observers: [log] }).submit(
      new ScriptedDoer(async (context) => {
        await context.submitInStep(tool(), null);
        await context.submitInStep(tool(), null);
        await context.submitInStep(tool(), null);
      }),
      null,
    );
    await handle;
    expect(ordinalsOfChildren(log, handle.id)).toEqual([1, 2, 3]);
  });

  it("nextStep + submitInCurrentStep give genuinely parallel children one shared ordinal", async () => {
    const log = new EventLog();
    const tool = () => new ScriptedTool(() => null);
    const handle = new JobDispatcher({ observers: [log] }).submit(
      new ScriptedDoer(async (context) => {
        await context.submitInStep(tool(), null);
        context.nextStep();
        await Promise.all([
          context.submitInCurrentStep(tool(), null),
          context.submitInCurrentStep(tool(), null),
          context.submitInCurrentStep(tool(), null),
        ]);
        await context.submitInStep(tool(), null);
      }),
      null,
    );
    await handle;
    expect(ordinalsOfChildren(log, handle.id)).toEqual([1, 2, 2, 2, 3]);
  });

  it("a raw submit leaves the ordinal unset", async () => {
    const log = new EventLog();
    const handle = new JobDispatcher({ observers: [log] }).submit(
      new ScriptedDoer(async (context) => {
        await context.submit(new ScriptedTool(() => null), null);
      }),
      null,
    );
    await handle;
    expect(ordinalsOfChildren(log, handle.id)).toEqual([null]);
  });

  it("seeds the ordinal into the child's context metadata under META_ITERATION", async () => {
    const seen: unknown[] = [];
    const probe = () =>
      new ScriptedTool((_resources, context) =>
        seen.push(context.metadata[META_ITERATION] ?? "unset"),
      );
    await new JobDispatcher().submit(
      new ScriptedDoer(async (context) => {
        await context.submitInStep(probe(), null, { metadata: { source: "test" } });
        await context.submit(probe(), null);
      }),
      null,
    );
    expect(META_ITERATION).toBe("iteration");
    expect(seen).toEqual([1, "unset"]);
  });

  it("ordinals are per parent: each doer counts its own children from 1", async () => {
    const log = new EventLog();
    const inner = () =>
      new ScriptedDoer(async (context) => {
        await context.submitInStep(new ScriptedTool(() => null), null);
        await context.submitInStep(new ScriptedTool(() => null), null);
      });
    const handle = new JobDispatcher({ observers: [log] }).submit(
      new ScriptedDoer(async (context) => {
        await context.submitInStep(inner(), null);
        await context.submitInStep(inner(), null);
      }),
      null,
    );
    await handle;
    const children = log.ofType("job.submitted").filter((event) => event.parentId === handle.id);
    for (const child of children) expect(ordinalsOfChildren(log, child.jobId)).toEqual([1, 2]);
  });

  it("submitInCurrentStep before any nextStep is refused with a clear error", async () => {
    const handle = new JobDispatcher().submit(
      new ScriptedDoer(async (context) =>
        context.submitInCurrentStep(new ScriptedTool(() => null), null),
      ),
      null,
    );
    await expect(handle).rejects.toThrow(/call nextStep\(\) first/);
  });
});
