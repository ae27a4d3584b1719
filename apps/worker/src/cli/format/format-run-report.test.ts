import type { RecordedJob, Trajectory } from "@nucleo/recorder-postgres";
import { describe, expect, it } from "vitest";
import { formatTrajectory } from "./format-answers.js";
import { formatRunReport } from "./format-run-report.js";

const NO_COST = {
  calls: 0,
  tokens: { input: 0, cacheRead: 0, cacheCreation: 0, output: 0, reasoning: 0 },
  cost: {},
};

function job(overrides: Partial<RecordedJob>): RecordedJob {
  return {
    jobId: "root",
    parentId: null,
    rootId: "root",
    ordinal: null,
    startedAt: 0,
    times: { submittedAt: 0, startedAt: 0, endedAt: 5 },
    jobClass: "Digest",
    jobName: "digest_document",
    kind: "doer",
    status: "finished",
    attempts: 1,
    error: null,
    replayedFrom: null,
    cost: { own: NO_COST, subtree: NO_COST },
    ...overrides,
  };
}

function trajectoryOf(root: RecordedJob, children: RecordedJob[]): Trajectory {
  return {
    rootId: root.jobId,
    root: { job: root, children: children.map((child) => ({ job: child, children: [] })) },
    detached: [],
    jobCount: 1 + children.length,
  } as Trajectory;
}

describe("formatRunReport", () => {
  it("model-written text reaches the terminal printable: no escape sequence, C1 control or bidi override survives", () => {
    const hostile = "ok\u202Eevil\u2066 \x9b2J\x1b]8;;https://x.test\x07link\x1b]8;;\x07\rover";
    const failedChild = job({
      jobId: "c1",
      parentId: "root",
      ordinal: 1,
      jobName: "summarize_paragraph",
      status: "failed",
      error: { code: "internal", message: hostile },
    });
    const text = formatRunReport({
      workflow: "digest_document",
      workflowId: "root",
      input: { text: "x" },
      outcome: { ok: true, output: { digest: hostile } },
      trajectory: trajectoryOf(job({}), [failedChild]),
      byModel: [],
      benchmarks: [],
    });
    for (const forbidden of ["\u202E", "\u2066", "\x9b", "\x1b", "\x07", "\r"])
      expect(text).not.toContain(forbidden);
    expect(text).toContain("internal: okevil link over");
  });

  it("a failed run's error message is printed on one printable line", () => {
    const text = formatRunReport({
      workflow: "digest_document",
      workflowId: "root",
      input: {},
      outcome: { ok: false, error: new Error("boom\x1b[2J\u202Egone"), stoppedByShutdown: false },
      trajectory: trajectoryOf(job({ status: "failed" }), []),
      byModel: [],
      benchmarks: [],
    });
    expect(text).toContain("Failed  boomgone");
  });
});

describe("formatTrajectory", () => {
  it("marks a job that returned an earlier attempt's recorded output as replayed", () => {
    const root = job({ jobId: "root~2", rootId: "root~2", jobClass: "BudgetCheck" });
    const child = {
      parentId: "root~2",
      rootId: "root~2",
      jobClass: "LLMCall",
      jobName: "llm_call",
    };
    const replayed = job({ ...child, jobId: "call-2", ordinal: 1, replayedFrom: "call-1" });
    const live = job({ ...child, jobId: "call-3", ordinal: 2 });
    const text = formatTrajectory(trajectoryOf(root, [replayed, live]));
    expect(text).toMatch(/call-2 +LLMCall +finished \(replayed\)/);
    expect(text).toMatch(/call-3 +LLMCall +finished +\d/);
  });
});
