import type { RecordedJob, Trajectory } from "@nucleo/recorder-postgres";
import { describe, expect, it } from "vitest";
import { formatTrajectory } from "./format-answers.js";

const NO_COST = {
  calls: 0,
  tokens: { input: 0, cacheRead: 0, cacheCreation: 0, output: 0, reasoning: 0 },
  cost: {},
};

function job(overrides: Partial<RecordedJob>): RecordedJob {
  return {
    jobId: "root~2",
    parentId: null,
    rootId: "root~2",
    ordinal: null,
    startedAt: 0,
    times: { submittedAt: 0, startedAt: 0, endedAt: 5 },
    jobClass: "BudgetCheck",
    jobName: "budget_check",
    kind: "orchestrator",
    status: "finished",
    attempts: 1,
    error: null,
    replayedFrom: null,
    cost: { own: NO_COST, subtree: NO_COST },
    ...overrides,
  } as RecordedJob;
}

describe("formatTrajectory", () => {
  it("marks a job that returned an earlier attempt's recorded output as replayed", () => {
    const root = job({});
    const replayed = job({
      jobId: "call-2",
      parentId: "root~2",
      ordinal: 1,
      jobClass: "LLMCall",
      jobName: "llm_call",
      replayedFrom: "call-1",
    });
    const live = job({ jobId: "call-3", parentId: "root~2", ordinal: 2, jobName: "llm_call" });
    const trajectory = {
      rootId: root.jobId,
      root: {
        job: root,
        children: [
          { job: replayed, children: [] },
          { job: live, children: [] },
        ],
      },
      detached: [],
      jobCount: 3,
    } as unknown as Trajectory;
    const text = formatTrajectory(trajectory);
    expect(text).toMatch(/call-2 +LLMCall +finished \(replayed\)/);
    expect(text).toMatch(/call-3 +BudgetCheck +finished(?! \(replayed\))/);
  });
});
