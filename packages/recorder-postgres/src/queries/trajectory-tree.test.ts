import {
  buildTrajectory,
  walkTrajectory,
  type TrajectoryJob,
  type TrajectoryNode,
} from "@nucleo/core";
import { describe, expect, it } from "vitest";
import { buildJobTree, compareBytes } from "./trajectory-tree.js";

interface Job extends TrajectoryJob {
  readonly submittedAt: number;
}

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** Jobs under a few roots, with colliding ordinals and times (ties to break), some parents unrecorded. */
function randomJobs(seed: number, size: number): Job[] {
  const next = random(seed);
  const jobs: Job[] = [];
  for (let index = 0; index < size; index += 1) {
    const parent =
      index === 0 || next() < 0.05
        ? null
        : next() < 0.05
          ? `missing-${index}`
          : jobs[Math.floor(next() * jobs.length)]!.jobId;
    const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)]!;
    jobs.push({
      jobId: `${pick(["a", "B", "é", "😀", "\uE000"])}${Math.floor(next() * 1_000)}-${index}`,
      parentId: parent,
      ordinal: pick([null, 1, 2, 2, 3]),
      startedAt: pick([Number.POSITIVE_INFINITY, 1_000, 1_000, 2_000.5, 3_000]),
      submittedAt: pick([Number.POSITIVE_INFINITY, 500, 500, 700]),
    });
  }
  return jobs;
}

function shape(trees: readonly TrajectoryNode<Job>[]): string[] {
  const lines: string[] = [];
  for (const tree of trees)
    walkTrajectory(tree, (node, depth) => lines.push(`${depth} ${node.job.jobId}`));
  return lines;
}

describe("buildJobTree", () => {
  it("builds the trees core's buildTrajectory builds from the jobs in submission order, then id", () => {
    for (let seed = 1; seed <= 30; seed += 1) {
      const jobs = randomJobs(seed, 300);
      const inSubmissionOrder = [...jobs].sort((left, right) =>
        left.submittedAt === right.submittedAt
          ? compareBytes(left.jobId, right.jobId)
          : left.submittedAt < right.submittedAt
            ? -1
            : 1,
      );
      const tree = buildJobTree({
        jobs,
        submittedAt: Float64Array.from(jobs, (job) => job.submittedAt),
      });
      expect(shape(tree.trees), `seed ${seed}`).toEqual(shape(buildTrajectory(inSubmissionOrder)));
    }
  });

  it("lists every job parents first, with its parent's position and whether it has children", () => {
    const jobs = randomJobs(7, 200);
    const tree = buildJobTree({
      jobs,
      submittedAt: Float64Array.from(jobs, (job) => job.submittedAt),
    });
    expect(Array.from(tree.depthFirst, (index) => jobs[index]!.jobId)).toEqual(
      shape(tree.trees).map((line) => line.split(" ")[1]),
    );
    const seen = new Set<number>();
    for (const index of tree.depthFirst) {
      const parent = tree.parentOf[index]!;
      expect(parent === -1 || seen.has(parent)).toBe(true);
      expect(
        parent === -1
          ? jobs[index]!.parentId === null || !tree.indexOf.has(jobs[index]!.parentId!)
          : jobs[parent]!.jobId === jobs[index]!.parentId,
      ).toBe(true);
      seen.add(index);
    }
    for (let index = 0; index < jobs.length; index += 1) {
      expect(tree.hasChildren[index] === 1).toBe(
        jobs.some((job) => job.parentId === jobs[index]!.jobId),
      );
    }
  });
});

describe("compareBytes", () => {
  it('orders text as PostgreSQL\'s COLLATE "C" does: by code point, astral characters after U+FFFF', () => {
    const texts = ["b", "B", "a", "", "ab", "a\u0001", "é", "\uE000", "\uFFFF", "😀", "😀a", "Z"];
    const byCodePoint = [...texts].sort((left, right) => {
      const a = [...left].map((character) => character.codePointAt(0)!);
      const b = [...right].map((character) => character.codePointAt(0)!);
      for (let index = 0; index < Math.min(a.length, b.length); index += 1)
        if (a[index] !== b[index]) return a[index]! - b[index]!;
      return a.length - b.length;
    });
    expect([...texts].sort(compareBytes)).toEqual(byCodePoint);
    expect(byCodePoint).toEqual([
      "",
      "B",
      "Z",
      "a",
      "a\u0001",
      "ab",
      "b",
      "é",
      "\uE000",
      "\uFFFF",
      "😀",
      "😀a",
    ]);
  });
});
