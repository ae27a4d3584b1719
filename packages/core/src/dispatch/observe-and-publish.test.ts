import { describe, expect, it } from "vitest";
import { Decimal } from "../money/decimal.js";
import { EventLog, ScriptedDoer, ScriptedTool } from "../test-support/jobs.js";
import { RunLog } from "../trajectory/run-log.js";
import { JobDispatcher } from "./job-dispatcher.js";

const call = (context: { emit: ScriptedDoerContext["emit"] }, entryId: string) =>
  context.emit({
    type: "llm.call",
    entryId,
    providerModel: entryId,
    usage: { inputTokens: 1, outputTokens: 1 },
    cost: "0.01",
    currency: "USD",
    latencyMs: 1,
    stopReason: "end",
    attempt: 1,
    corrections: 0,
  });
type ScriptedDoerContext = Parameters<ConstructorParameters<typeof ScriptedDoer>[0]>[0];

describe("context.observe: a job's private view of its own subtree", () => {
  it("delivers the job's own events and every descendant's, and no sibling's", async () => {
    const seen = new EventLog();
    const dispatcher = new JobDispatcher({ observers: [new EventLog()] });
    const observed = new ScriptedDoer(async (context) => {
      context.observe(seen);
      await context.submitInStep(
        new ScriptedDoer(async (child) => {
          await child.submitInStep(
            new ScriptedTool((_resources, grandchild) => call(grandchild, "deep")),
            null,
          );
        }),
        null,
      );
    });
    const workflow = dispatcher.submit(
      new ScriptedDoer(async (context) => {
        context.nextStep();
        await Promise.all([
          context.submitInCurrentStep(observed, null),
          context.submitInCurrentStep(
            new ScriptedTool((_resources, sibling) => call(sibling, "sibling")),
            null,
          ),
        ]);
      }),
      null,
    );
    await workflow;
    const calls = seen.ofType("llm.call");
    expect(calls.map((event) => event.entryId)).toEqual(["deep"]);
    expect(seen.ofType("job.submitted")).toHaveLength(2); // the child and the grandchild
    expect(seen.events.some((event) => event.jobId === workflow.id)).toBe(false);
  });

  it("ends by itself after the observing job's last event", async () => {
    const seen = new EventLog();
    const dispatcher = new JobDispatcher();
    let leftRunning: Promise<unknown> | undefined;
    let release!: () => void;
    const handle = dispatcher.submit(
      new ScriptedDoer((context) => {
        context.observe(seen);
        // A child left running after the job returns is no longer reported.
        leftRunning = context.submit(
          new ScriptedTool(async (_resources, child) => {
            await new Promise<void>((resolve) => (release = resolve));
            call(child, "late");
          }),
          null,
        );
        return "done";
      }),
      null,
    );
    await handle;
    expect(seen.events.at(-1)).toMatchObject({ type: "job.finished", jobId: handle.id });
    release();
    await leftRunning;
    expect(seen.ofType("llm.call")).toHaveLength(0);
  });

  it("ends when the returned function is called", async () => {
    const seen = new EventLog();
    await new JobDispatcher().submit(
      new ScriptedDoer(async (context) => {
        const stop = context.observe(seen);
        await context.submitInStep(
          new ScriptedTool((_resources, child) => call(child, "before")),
          null,
        );
        stop();
        await context.submitInStep(
          new ScriptedTool((_resources, child) => call(child, "after")),
          null,
        );
      }),
      null,
    );
    expect(seen.ofType("llm.call").map((event) => event.entryId)).toEqual(["before"]);
  });

  it("refuses something that is not an observer, naming the method", async () => {
    const handle = new JobDispatcher().submit(
      new ScriptedDoer((context) => context.observe({} as never)),
      null,
    );
    await expect(handle).rejects.toThrow(/observe\(observer\) needs an object with an onEvent/);
  });
});

describe("context.publish: values published on a job's metadata", () => {
  it("reaches observers as job.published with the job's lineage, and the run log keeps the last value per key", async () => {
    const log = new EventLog();
    const runs = new RunLog();
    const handle = new JobDispatcher({ observers: [log, runs] }).submit(
      new ScriptedDoer((context) => {
        context.publish("report", { rows: [{ model: "a", cost: Decimal.parse("0.5") }] });
        context.publish("report", { rows: [] });
        context.publish("note", "kept");
      }),
      null,
    );
    await handle;
    expect(log.ofType("job.published")[0]).toMatchObject({
      jobId: handle.id,
      rootId: handle.id,
      key: "report",
    });
    expect(runs.job(handle.id)?.published).toEqual({ report: { rows: [] }, note: "kept" });
  });

  it("refuses a value that is not plain JSON data, naming the key and the path", async () => {
    const publish = (value: unknown) =>
      new JobDispatcher().submit(
        new ScriptedDoer((context) => context.publish("report", value)),
        null,
      );
    await expect(publish({ rows: [{ score: Number.NaN }] })).rejects.toThrow(
      /publish\("report", value\): the number at \$\.rows\[0\]\.score is not finite/,
    );
    await expect(publish({ when: new Map() })).rejects.toThrow(
      /\$\.when is a Map, not a plain object/,
    );
    await expect(publish({ count: 1n })).rejects.toThrow(/\$\.count is a bigint/);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    await expect(publish(cyclic)).rejects.toThrow(/\$\.self refers back to itself/);
  });

  it("refuses a value published after the job ended, which would land on a finished job", async () => {
    let late: unknown;
    let publishLater!: () => void;
    await new JobDispatcher({ observers: [new EventLog()] }).submit(
      new ScriptedDoer((context) => {
        publishLater = () => {
          try {
            context.publish("report", {});
          } catch (error) {
            late = error;
          }
        };
      }),
      null,
    );
    publishLater();
    expect((late as Error).message).toMatch(
      /has already ended: publish\("report", value\) comes too late/,
    );
  });

  it("emit refuses what only the dispatcher or publish may report, whatever the caller's types say", async () => {
    const log = new EventLog();
    const emit = (event: unknown) =>
      new JobDispatcher({ observers: [log] }).submit(
        new ScriptedDoer((context) => context.emit(event as never)),
        null,
      );
    await expect(
      emit({ type: "job.published", key: "report", value: { count: 1n } }),
    ).rejects.toThrow(/not "job.published" \(use publish\(key, value\)\)/);
    await expect(emit({ type: "job.finished", durationMs: 0 })).rejects.toThrow(
      /emit\(\) takes llm.call, tool.withheld and skill.admitted events, not "job.finished"/,
    );
    expect(log.ofType("job.published")).toHaveLength(0);
  });

  it("refuses an empty key", async () => {
    const handle = new JobDispatcher().submit(
      new ScriptedDoer((context) => context.publish("", 1)),
      null,
    );
    await expect(handle).rejects.toThrow(/needs a non-empty key/);
  });
});
