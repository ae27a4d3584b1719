import { describe, expect, it } from "vitest";
import { JobDispatcher } from "../dispatch/job-dispatcher.js";
import { ManualTimers } from "../testing/manual-timers.js";
import { ScriptedDoer, ScriptedTool } from "../test-support/jobs.js";
import { RunLog } from "./run-log.js";
import {
  buildTrajectory,
  walkTrajectory,
  type TrajectoryJob,
  type TrajectoryNode,
} from "./trajectory.js";

function job(
  jobId: string,
  parentId: string | null,
  ordinal: number | null,
  startedAt: number,
): TrajectoryJob {
  return { jobId, parentId, ordinal, startedAt };
}

function outline(root: TrajectoryNode<TrajectoryJob>): string[] {
  const lines: string[] = [];
  walkTrajectory(root, (node, depth) =>
    lines.push(`${"  ".repeat(depth)}${node.job.ordinal ?? "-"} ${node.job.jobId}`),
  );
  return lines;
}

describe("trajectory reconstruction", () => {
  it("is a tree: children under their parent, ordered by (ordinal, start time), depth-first", () => {
    // Parallel branches interleave in time and ordinals repeat across parents; neither flat sort works.
    const rows = [
      job("b2", "b", 2, 40),
      job("root", null, null, 0),
      job("a1", "a", 1, 31),
      job("b", "root", 2, 20),
      job("a", "root", 1, 10),
      job("b1", "b", 1, 30),
      job("a2-late", "a", 2, 50),
      job("a2-early", "a", 2, 45),
      job("raw", "root", null, 5),
    ];
    const [root, ...others] = buildTrajectory(rows);
    expect(others).toEqual([]);
    expect(outline(root!)).toEqual([
      "- root",
      "  1 a",
      "    1 a1",
      "    2 a2-early",
      "    2 a2-late",
      "  2 b",
      "    1 b1",
      "    2 b2",
      "  - raw",
    ]);
  });

  it("RunLog rebuilds a real workflow's trajectory from the dispatcher's events", async () => {
    const time = new ManualTimers();
    const log = new RunLog();
    const dispatcher = new JobDispatcher({ observers: [log], clock: time, timers: time });
    const tool = (name: string) => Object.assign(new ScriptedTool(() => name), { name });
    const handle = dispatcher.submit(
      Object.assign(
        new ScriptedDoer(async (context) => {
          await context.submitInStep(tool("fetch"), null);
          context.nextStep();
          await Promise.all([
            context.submitInCurrentStep(tool("left"), null),
            context.submitInCurrentStep(tool("right"), null),
          ]);
          await context.submitInStep(tool("merge"), null);
        }),
        { name: "workflow" },
      ),
      null,
    );
    await handle;
    const tree = log.trajectory(handle.id)!;
    const lines: string[] = [];
    walkTrajectory(tree, (node, depth) =>
      lines.push(
        `${"  ".repeat(depth)}${node.job.ordinal ?? "-"} ${node.job.jobName} ${node.job.status}`,
      ),
    );
    expect(lines).toEqual([
      "- workflow finished",
      "  1 fetch finished",
      "  2 left finished",
      "  2 right finished",
      "  3 merge finished",
    ]);
  });
});
