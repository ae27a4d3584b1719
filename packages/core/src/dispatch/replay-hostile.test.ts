import { describe, expect, it } from "vitest";
import { z } from "zod";
import { AbstractTool } from "../jobs/abstract-tool.js";
import { EventLog, ScriptedDoer, ScriptedTool } from "../test-support/jobs.js";
import { RecordingLogger } from "../testing/recording-logger.js";
import { recordedReplays } from "../testing/recorded-replays.js";
import { JobDispatcher } from "./job-dispatcher.js";

// Replay against what could hand a job the wrong output: requests JSON would flatten alike,
// another class under the same name, a schema of the job's own that throws.

describe("replay never hands a job an output that is not its own", () => {
  it("what JSON would flatten alike (a Map, NaN) is never replayed: such a job runs live", async () => {
    class MapTaker extends AbstractTool<unknown, string> {
      readonly name = "map_taker";
      readonly input = z.unknown();
      readonly output = z.string();
      runs = 0;
      execute() {
        this.runs += 1;
        return "live";
      }
    }
    for (const input of [new Map([["a", 1]]), { score: Number.NaN }]) {
      const job = new MapTaker();
      const output = await new JobDispatcher().submit(
        new ScriptedDoer((context) => context.submitInStep(job, input)),
        null,
        {
          replay: {
            workflowId: "wf",
            source: { recall: () => ({ jobId: "old", output: "recorded" }) },
          },
        },
      );
      expect(output).toBe("live");
      expect(job.runs).toBe(1);
    }
  });

  it("another job class under the same name at the same position is not handed the recorded output", async () => {
    const first = new EventLog({ wantsContent: true });
    await new JobDispatcher({ observers: [first] }).submit(
      new ScriptedDoer((context) =>
        context.submitInStep(new ScriptedTool(() => "old class"), null),
      ),
      null,
      { replay: { workflowId: "wf" } },
    );
    class Renamed extends ScriptedTool {}
    const output = await new JobDispatcher().submit(
      new ScriptedDoer((context) => context.submitInStep(new Renamed(() => "new class"), null)),
      null,
      { replay: { workflowId: "wf", source: recordedReplays(first.events) } },
    );
    expect(output).toBe("new class");
  });

  it("an output schema that throws while checking a recorded output makes the job run live, never submit() throw", async () => {
    class Fragile extends AbstractTool<string, string> {
      readonly name = "fragile";
      readonly input = z.string();
      readonly output = z.string().refine((text) => {
        if (text === "recorded") throw new Error("the schema's own bug");
        return true;
      });
      execute() {
        return "live";
      }
    }
    const logger = new RecordingLogger();
    const output = await new JobDispatcher({ logger }).submit(
      new ScriptedDoer((context) => context.submitInStep(new Fragile(), "q")),
      null,
      {
        replay: {
          workflowId: "wf",
          source: { recall: () => ({ jobId: "old", output: "recorded" }) },
        },
      },
    );
    expect(output).toBe("live");
    expect(logger.entries[0]?.message).toContain("output schema or restoreReplayed threw");
  });
});
