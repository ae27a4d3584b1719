import { describe, expect, it } from "vitest";
import { z } from "zod";
import type { JobSubmittedEvent, ReplayMark } from "../events/run-event.js";
import { AbstractTool } from "../jobs/abstract-tool.js";
import type { JobContext } from "../jobs/job-context.js";
import type { WorkflowReplay } from "../replay/replay-source.js";
import { EventLog, ScriptedDoer, ScriptedTool, WordCount } from "../test-support/jobs.js";
import { RecordingAdmission } from "../testing/recording-admission.js";
import { RecordingLogger } from "../testing/recording-logger.js";
import { recordedReplays } from "../testing/recorded-replays.js";
import { JobDispatcher } from "./job-dispatcher.js";

const SEAT = { grade: "MEDIUM" as const, inputTokens: 100, maxOutputTokens: 50 };

function marksOf(log: EventLog): Array<ReplayMark | undefined> {
  return log.ofType("job.submitted").map((event: JobSubmittedEvent) => event.replay);
}

/** A doer that counts words of each text in turn, then of the first two in parallel. */
function countingWorkflow(texts: readonly string[]) {
  const tool = () => new WordCount();
  return new ScriptedDoer(async (context) => {
    const words: number[] = [];
    for (const text of texts) words.push((await context.submitInStep(tool(), { text })).words);
    context.nextStep();
    const both = await Promise.all([
      context.submitInCurrentStep(tool(), { text: texts[0]! }),
      context.submitInCurrentStep(tool(), { text: texts[0]! }),
    ]);
    return [...words, ...both.map((output) => output.words)];
  });
}

describe("replay of a resumed workflow", () => {
  it("a resumable workflow positions and fingerprints every job the same way in every attempt", async () => {
    const replay: WorkflowReplay = { workflowId: "wf-1" };
    const first = new EventLog({ wantsContent: true });
    const second = new EventLog({ wantsContent: true });
    await new JobDispatcher({ observers: [first] }).submit(countingWorkflow(["a b", "c"]), null, {
      replay,
    });
    await new JobDispatcher({ observers: [second] }).submit(countingWorkflow(["a b", "c"]), null, {
      replay,
    });
    expect(marksOf(first).map((mark) => mark?.position)).toEqual([
      "",
      "/1.word_count.0",
      "/2.word_count.0",
      "/3.word_count.0",
      "/3.word_count.1",
    ]);
    expect(marksOf(second)).toEqual(marksOf(first));
  });

  it("a workflow submitted without replay carries no marks", async () => {
    const log = new EventLog();
    await new JobDispatcher({ observers: [log] }).submit(countingWorkflow(["a"]), null);
    expect(marksOf(log).every((mark) => mark === undefined)).toBe(true);
  });

  it("a child an earlier attempt finished at the same position with the same input returns the recorded output without running", async () => {
    const first = new EventLog({ wantsContent: true });
    await new JobDispatcher({ observers: [first] }).submit(countingWorkflow(["a b", "c"]), null, {
      replay: { workflowId: "wf" },
    });
    const second = new EventLog({ wantsContent: true });
    const output = await new JobDispatcher({ observers: [second] }).submit(
      countingWorkflow(["a b", "c"]),
      null,
      { replay: { workflowId: "wf", source: recordedReplays(first.events) } },
    );
    expect(output).toEqual([2, 1, 2, 2]);
    const children = second.ofType("job.submitted").filter((event) => event.parentId !== null);
    expect(children.every((event) => event.replay?.replayedFrom !== undefined)).toBe(true);
    expect(second.ofType("job.started").map((event) => event.jobId)).toEqual([
      second.events[0]!.jobId,
    ]);
    const firstIds = first
      .ofType("job.submitted")
      .slice(1)
      .map((event) => event.jobId);
    expect(children.map((event) => event.replay?.replayedFrom)).toEqual(firstIds);
  });

  it("a replayed job never executes", async () => {
    const first = new EventLog({ wantsContent: true });
    await new JobDispatcher({ observers: [first] }).submit(countingWorkflow(["a b"]), null, {
      replay: { workflowId: "wf" },
    });
    const tool = new ScriptedTool(() => "live");
    const second = await new JobDispatcher().submit(
      new ScriptedDoer((context) => context.submitInStep(tool, null)),
      null,
      {
        replay: {
          workflowId: "wf",
          source: { recall: () => ({ jobId: "old", output: "recorded" }) },
        },
      },
    );
    expect(second).toBe("recorded");
    expect(tool.runs).toBe(0);
  });

  it("a child whose input changed runs live", async () => {
    const first = new EventLog({ wantsContent: true });
    await new JobDispatcher({ observers: [first] }).submit(countingWorkflow(["a b", "c"]), null, {
      replay: { workflowId: "wf" },
    });
    const second = new EventLog({ wantsContent: true });
    const output = await new JobDispatcher({ observers: [second] }).submit(
      countingWorkflow(["a b", "c d e"]),
      null,
      { replay: { workflowId: "wf", source: recordedReplays(first.events) } },
    );
    expect(output).toEqual([2, 3, 2, 2]);
    const replayed = second
      .ofType("job.submitted")
      .map((event) => event.replay?.replayedFrom !== undefined);
    expect(replayed).toEqual([false, true, false, true, true]);
  });

  it("a replayed job books no seat", async () => {
    const admission = new RecordingAdmission();
    const tool = () =>
      new ScriptedTool(
        (resources) => {
          resources.recordUsage(resources.seats[0]!, { inputTokens: 10, outputTokens: 5 });
          return "answer";
        },
        () => [SEAT],
      );
    const workflow = () => new ScriptedDoer((context) => context.submitInStep(tool(), "q"));
    const first = new EventLog({ wantsContent: true });
    await new JobDispatcher({ admission, observers: [first] }).submit(workflow(), null, {
      replay: { workflowId: "wf" },
    });
    expect(admission.requests).toHaveLength(1);
    const second = new EventLog({ wantsContent: true });
    await new JobDispatcher({ admission, observers: [second] }).submit(workflow(), null, {
      replay: { workflowId: "wf", source: recordedReplays(first.events) },
    });
    expect(admission.requests).toHaveLength(1);
    expect(second.ofType("seat.reserved")).toEqual([]);
  });

  it("a replayed output the job's output schema refuses makes the job run live", async () => {
    const job = new WordCount();
    const output = await new JobDispatcher().submit(
      new ScriptedDoer((context) => context.submitInStep(job, { text: "one two" })),
      null,
      {
        replay: {
          workflowId: "wf",
          source: { recall: () => ({ jobId: "old", output: { words: "many" } }) },
        },
      },
    );
    expect(output).toEqual({ words: 2 });
  });

  it("a replay source that throws makes the job run live and is reported", async () => {
    const logger = new RecordingLogger();
    const output = await new JobDispatcher({ logger }).submit(
      new ScriptedDoer((context) => context.submitInStep(new WordCount(), { text: "one" })),
      null,
      {
        replay: {
          workflowId: "wf",
          source: {
            recall() {
              throw new Error("database away");
            },
          },
        },
      },
    );
    expect(output).toEqual({ words: 1 });
    expect(logger.entries[0]?.message).toContain("replay source threw");
  });

  it("the root is never replayed, whatever the source says", async () => {
    const doer = new ScriptedDoer(() => "live root");
    const output = await new JobDispatcher().submit(doer, null, {
      replay: {
        workflowId: "wf",
        source: { recall: () => ({ jobId: "old", output: "recorded" }) },
      },
    });
    expect(output).toBe("live root");
  });

  it("restoreReplayed redoes what the job's run did beyond its output", async () => {
    const notes: string[] = [];
    class NoteTaker extends AbstractTool<string, string> {
      readonly name = "note_taker";
      readonly input = z.string();
      readonly output = z.string();
      execute(input: string) {
        notes.push(input);
        return input.toUpperCase();
      }
      override restoreReplayed(input: string, output: string) {
        notes.push(`${input} (replayed as ${output})`);
      }
    }
    const workflow = () =>
      new ScriptedDoer((context) => context.submitInStep(new NoteTaker(), "hi"));
    const first = new EventLog({ wantsContent: true });
    await new JobDispatcher({ observers: [first] }).submit(workflow(), null, {
      replay: { workflowId: "wf" },
    });
    await new JobDispatcher().submit(workflow(), null, {
      replay: { workflowId: "wf", source: recordedReplays(first.events) },
    });
    expect(notes).toEqual(["hi", "hi (replayed as HI)"]);
  });

  it("replayIdentity decides the fingerprint when the input alone does not", async () => {
    class Asker extends AbstractTool<undefined, string> {
      readonly name = "asker";
      readonly input = z.undefined();
      readonly output = z.string();
      constructor(readonly question: string) {
        super();
      }
      execute() {
        return `answer to ${this.question}`;
      }
      override replayIdentity() {
        return { question: this.question };
      }
    }
    const workflow = (question: string) =>
      new ScriptedDoer((context) => context.submitInStep(new Asker(question), undefined));
    const first = new EventLog({ wantsContent: true });
    await new JobDispatcher({ observers: [first] }).submit(workflow("a"), null, {
      replay: { workflowId: "wf" },
    });
    const source = recordedReplays(first.events);
    expect(
      await new JobDispatcher().submit(workflow("a"), null, {
        replay: { workflowId: "wf", source },
      }),
    ).toBe("answer to a");
    const changed = new EventLog();
    await new JobDispatcher({ observers: [changed] }).submit(workflow("b"), null, {
      replay: { workflowId: "wf", source },
    });
    expect(changed.ofType("job.started")).toHaveLength(2);
  });

  it("the idempotency key is the workflow id and the position, the same in every attempt", async () => {
    const keys: string[] = [];
    const workflow = () =>
      new ScriptedDoer(async (context: JobContext) => {
        keys.push(context.idempotencyKey);
        await context.submitInStep(
          new ScriptedTool((_r, child) => keys.push(child.idempotencyKey)),
          null,
        );
      });
    await new JobDispatcher().submit(workflow(), null, {
      id: "attempt-1",
      replay: { workflowId: "wf-9" },
    });
    await new JobDispatcher().submit(workflow(), null, {
      id: "attempt-2",
      replay: { workflowId: "wf-9" },
    });
    expect(keys).toEqual(["wf-9", "wf-9/1.scripted_tool.0", "wf-9", "wf-9/1.scripted_tool.0"]);
  });

  it("outside a resumable workflow the idempotency key is the job's id", async () => {
    let key = "";
    const handle = new JobDispatcher().submit(
      new ScriptedDoer((context) => {
        key = context.idempotencyKey;
      }),
      null,
    );
    await handle;
    expect(key).toBe(handle.id);
  });

  it("a root may be given its id", async () => {
    const handle = new JobDispatcher().submit(new ScriptedDoer(() => 1), null, {
      id: "queue-id-1",
    });
    expect(handle.id).toBe("queue-id-1");
    await expect(handle).resolves.toBe(1);
  });

  it("a bad root id or replay option is refused, naming the option", async () => {
    const dispatcher = new JobDispatcher();
    await expect(dispatcher.submit(new ScriptedDoer(() => 1), null, { id: "" })).rejects.toThrow(
      /options\.id/,
    );
    await expect(
      dispatcher.submit(new ScriptedDoer(() => 1), null, { replay: { workflowId: 7 as never } }),
    ).rejects.toThrow(/options\.replay\.workflowId/);
    await expect(
      dispatcher.submit(new ScriptedDoer(() => 1), null, {
        replay: { workflowId: "wf", source: {} as never },
      }),
    ).rejects.toThrow(/options\.replay\.source/);
  });
});
