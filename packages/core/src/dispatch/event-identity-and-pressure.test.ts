import { describe, expect, it } from "vitest";
import { EventLog, ScriptedDoer, ScriptedTool, flush } from "../test-support/jobs.js";
import { RecordingLogger } from "../testing/recording-logger.js";
import { JobDispatcher } from "./job-dispatcher.js";

describe("event identity: (jobId, seq)", () => {
  it("numbers each job's events 1, 2, 3 … in order, so (jobId, seq) names each event once", async () => {
    const log = new EventLog();
    await new JobDispatcher({ observers: [log] }).submit(
      new ScriptedDoer(async (context) => {
        await context.submitInStep(new ScriptedTool(() => null), null);
        context.publish("note", "a");
      }),
      null,
    );
    const byJob = new Map<string, number[]>();
    for (const event of log.events)
      byJob.set(event.jobId, [...(byJob.get(event.jobId) ?? []), event.seq]);
    for (const seqs of byJob.values()) expect(seqs).toEqual(seqs.map((_, index) => index + 1));
    const keys = log.events.map((event) => `${event.jobId}#${event.seq}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("a refused submission's events are numbered too", async () => {
    const log = new EventLog();
    await new JobDispatcher({ observers: [log] }).submit({} as never, null).catch(() => {});
    expect(log.events.map((event) => [event.type, event.seq])).toEqual([
      ["job.submitted", 1],
      ["job.failed", 2],
    ]);
  });

  it("job.submitted carries the job's ancestors, parent first, root last", async () => {
    const log = new EventLog();
    const root = new JobDispatcher({ observers: [log] }).submit(
      new ScriptedDoer(async (context) => {
        await context.submitInStep(
          new ScriptedDoer(async (child) => {
            await child.submitInStep(new ScriptedTool(() => null), null);
          }),
          null,
        );
      }),
      null,
    );
    await root;
    const [top, child, grandchild] = log.ofType("job.submitted");
    expect(top!.ancestors).toEqual([]);
    expect(child!.ancestors).toEqual([root.id]);
    expect(grandchild!.ancestors).toEqual([child!.jobId, root.id]);
  });
});

describe("observer pressure: a saturated observer holds back new attempts, never drops events", () => {
  it("no job attempt starts while an observer's pressure() is pending; all run once it settles", async () => {
    const log = new EventLog();
    let release!: () => void;
    let pending: Promise<void> | undefined = new Promise<void>((resolve) => (release = resolve));
    const saturated = { onEvent: () => {}, pressure: () => pending };
    const dispatcher = new JobDispatcher({ observers: [log, saturated] });
    const tool = new ScriptedTool(() => "ran");
    const handle = dispatcher.submit(tool, null);
    await flush();
    expect(tool.runs).toBe(0);
    expect(log.ofType("job.submitted")).toHaveLength(1); // the submission itself is reported
    expect(log.ofType("job.started")).toHaveLength(0);
    pending = undefined;
    release();
    await expect(handle).resolves.toBe("ran");
    expect(tool.runs).toBe(1);
  });

  it("an observer whose pressure() throws is reported and does not hold anything", async () => {
    const logger = new RecordingLogger();
    const broken = {
      onEvent: () => {},
      pressure: (): Promise<void> => {
        throw new Error("broken gauge");
      },
    };
    const dispatcher = new JobDispatcher({ observers: [broken], logger });
    await expect(dispatcher.submit(new ScriptedTool(() => 1), null)).resolves.toBe(1);
    expect(logger.entries[0]?.message).toMatch(/threw from pressure\(\)/);
    expect(logger.entries[0]?.fields).toMatchObject({
      component: "dispatcher",
      observer: "Object",
      error: { name: "Error", message: "broken gauge" },
    });
  });
});
