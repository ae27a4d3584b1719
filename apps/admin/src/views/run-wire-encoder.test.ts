import type { TrajectoryNode } from "@nucleo/core";
import type { CostTotals, RecordedJob, Trajectory } from "@nucleo/recorder-postgres";
import { describe, expect, it } from "vitest";
import { decodeRun, type RunDetailWire } from "../api/run-wire.js";
import { encodeTrajectory } from "./run-wire-encoder.js";

const tokens = { input: 10, cacheRead: 1, cacheCreation: 2, output: 3, reasoning: 4 };
const spend = (calls: number, cost: Record<string, string>): CostTotals => ({
  calls,
  tokens,
  cost,
});
const none = spend(0, {});

function node(
  jobId: string,
  children: TrajectoryNode<RecordedJob>[] = [],
  extra: Partial<RecordedJob> = {},
): TrajectoryNode<RecordedJob> {
  const job = {
    jobId,
    parentId: null,
    rootId: "r",
    ordinal: 2,
    startedAt: Number.POSITIVE_INFINITY,
    times: { submittedAt: 1_800_000_000_100, startedAt: 1_800_000_000_200, endedAt: null },
    jobClass: "LLMCall",
    jobName: `job ${jobId}`,
    kind: "tool",
    status: "finished",
    attempts: 1,
    error: null,
    replayedFrom: null,
    cost: { own: none, subtree: none },
    ...extra,
  } as RecordedJob;
  return { job, children };
}

const roundTrip = (trajectory: Trajectory) =>
  decodeRun(JSON.parse(JSON.stringify(encodeTrajectory(trajectory))) as RunDetailWire);

describe("a run sent in its compact form", () => {
  it("lists each job before its children, in the trajectory's order, with depths and parents, then the detached", () => {
    const trajectory: Trajectory = {
      rootId: "r",
      root: node("r", [
        node("a", [node("a1"), node("a2")], { parentId: "r" }),
        node("b", [], { parentId: "r" }),
      ]),
      detached: [node("lost", [node("lost1")], { parentId: "not-written-yet" })],
      jobCount: 7,
    };
    const { jobs } = roundTrip(trajectory);
    expect(jobs.map((job) => `${job.jobId}@${job.depth}/${job.children}<${job.parentId}`)).toEqual([
      "r@0/2<null",
      "a@1/2<r",
      "a1@2/0<a",
      "a2@2/0<a",
      "b@1/0<r",
      "lost@0/1<not-written-yet",
      "lost1@1/0<lost",
    ]);
  });

  it("decodes every field as recorded: times, ordinals, errors, replays, statuses and exact costs per currency", () => {
    const root = node("r", [], {
      ordinal: null,
      status: "a-status-from-the-future",
      times: { submittedAt: 1_800_000_000_000, startedAt: null, endedAt: 1_800_000_009_999 },
      error: { code: null, message: "\"'><svg onload=alert(1)>" },
      replayedFrom: "old~1",
      cost: {
        own: spend(1, { USD: "0.0000003" }),
        subtree: spend(3, { USD: "0.0000123", EUR: "1" }),
      },
    });
    const [job] = roundTrip({ rootId: "r", root, detached: [], jobCount: 1 }).jobs;
    expect(job).toEqual({
      jobId: "r",
      parentId: null,
      depth: 0,
      ordinal: null,
      jobClass: "LLMCall",
      jobName: "job r",
      kind: "tool",
      status: "submitted",
      attempts: 1,
      submittedAt: 1_800_000_000_000,
      startedAt: null,
      endedAt: 1_800_000_009_999,
      error: { code: null, message: "\"'><svg onload=alert(1)>" },
      replayedFrom: "old~1",
      own: { calls: 1, cost: { USD: "0.0000003" } },
      subtree: { calls: 3, cost: { USD: "0.0000123", EUR: "1" } },
      children: 0,
    });
    expect(
      JSON.stringify(encodeTrajectory({ rootId: "r", root, detached: [], jobCount: 1 })),
    ).not.toContain("Infinity");
  });

  it("a chain 100,000 jobs deep encodes without overflowing the stack", () => {
    let chain = node("leaf");
    for (let i = 0; i < 100_000; i += 1) chain = node(`j${i}`, [chain]);
    const wire = encodeTrajectory({ rootId: "r", root: chain, detached: [], jobCount: 100_001 });
    expect(wire.id).toHaveLength(100_001);
    expect(wire.depth.at(-1)).toBe(100_000);
  });

  it("refuses a column of the wrong length or a string it does not hold, instead of drawing nonsense", () => {
    const wire = encodeTrajectory({ rootId: "r", root: node("r"), detached: [], jobCount: 1 });
    expect(() => decodeRun({ ...wire, depth: [] })).toThrow(/column is not 1 long/);
    expect(() => decodeRun({ ...wire, strings: [] })).toThrow(/no string/);
    expect(() => decodeRun({ ...wire, format: "nucleo.run.9" as never })).toThrow(/unknown format/);
  });
});
