import { describe, expect, it } from "vitest";
import {
  allFoldable,
  axisTicks,
  barGeometry,
  formatTick,
  timeAxis,
  type TreeJob,
  visibleJobIndexes,
  zoomOnto,
} from "./run-tree.ts";

// root ─┬ a ─┬ a1
//       │    └ a2 ─ a2x
//       └ b
// detached (depth 0, after the tree)
const tree: TreeJob[] = [
  { jobId: "root", depth: 0, children: 2 },
  { jobId: "a", depth: 1, children: 2 },
  { jobId: "a1", depth: 2, children: 0 },
  { jobId: "a2", depth: 2, children: 1 },
  { jobId: "a2x", depth: 3, children: 0 },
  { jobId: "b", depth: 1, children: 0 },
  { jobId: "detached", depth: 0, children: 0 },
];
const ids = (indexes: Int32Array): string[] => [...indexes].map((i) => tree[i]!.jobId);

describe("folding hides exactly the folded job's descendants", () => {
  it("shows every job when nothing is folded", () => {
    expect(ids(visibleJobIndexes(tree, new Set()))).toEqual(tree.map((job) => job.jobId));
  });

  it("hides a folded job's subtree and resumes at its next sibling", () => {
    expect(ids(visibleJobIndexes(tree, new Set(["a"])))).toEqual(["root", "a", "b", "detached"]);
  });

  it("keeps a nested fold hidden under a folded ancestor", () => {
    expect(ids(visibleJobIndexes(tree, new Set(["a2", "root"])))).toEqual(["root", "detached"]);
  });

  it("folds at a deep level only below that level", () => {
    expect(ids(visibleJobIndexes(tree, new Set(["a2"])))).toEqual([
      "root",
      "a",
      "a1",
      "a2",
      "b",
      "detached",
    ]);
  });

  it("ignores a fold on a job without children", () => {
    expect(ids(visibleJobIndexes(tree, new Set(["b", "a1"])))).toHaveLength(tree.length);
  });

  it("folds everything with children at once", () => {
    expect([...allFoldable(tree)]).toEqual(["root", "a", "a2"]);
    expect(ids(visibleJobIndexes(tree, allFoldable(tree)))).toEqual(["root", "detached"]);
  });

  it("computes the rows of 100,000 jobs in one linear pass", () => {
    const wide: TreeJob[] = [{ jobId: "r", depth: 0, children: 99_999 }];
    for (let i = 1; i < 100_000; i++) wide.push({ jobId: `j${i}`, depth: 1, children: 0 });
    const started = performance.now();
    expect(visibleJobIndexes(wide, new Set()).length).toBe(100_000);
    expect(visibleJobIndexes(wide, new Set(["r"])).length).toBe(1);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe("the waterfall shares one time axis", () => {
  it("spans the earliest submit to the latest end", () => {
    const axis = timeAxis(
      [
        { submittedAt: 100, startedAt: 110, endedAt: 200 },
        { submittedAt: 120, startedAt: 150, endedAt: 400 },
      ],
      1_000,
    );
    expect(axis).toEqual({ start: 100, end: 400 });
  });

  it("runs a job that has not ended up to now", () => {
    expect(timeAxis([{ submittedAt: 0, startedAt: 10, endedAt: null }], 50)).toEqual({
      start: 0,
      end: 50,
    });
  });

  it("is never zero-length, even with no times at all", () => {
    const empty = timeAxis([{ submittedAt: null, startedAt: null, endedAt: null }], 7);
    expect(empty.end).toBeGreaterThan(empty.start);
    const instant = timeAxis([{ submittedAt: 5, startedAt: 5, endedAt: 5 }], 7);
    expect(instant.end).toBeGreaterThan(instant.start);
  });

  it("places parallel steps side by side in time", () => {
    const axis = { start: 0, end: 100 };
    const first = barGeometry({ submittedAt: 0, startedAt: 10, endedAt: 60 }, axis, 0);
    const second = barGeometry({ submittedAt: 0, startedAt: 20, endedAt: 50 }, axis, 0);
    expect(first).toEqual({ leftPercent: 10, widthPercent: 50, open: false });
    expect(second).toEqual({ leftPercent: 20, widthPercent: 30, open: false });
  });

  it("draws no bar for a job that never started and an open bar for one still running", () => {
    const axis = { start: 0, end: 100 };
    expect(barGeometry({ submittedAt: 5, startedAt: null, endedAt: null }, axis, 50)).toBeNull();
    expect(barGeometry({ submittedAt: 5, startedAt: 40, endedAt: null }, axis, 80)).toEqual({
      leftPercent: 40,
      widthPercent: 40,
      open: true,
    });
  });

  it("ticks at round steps across the span", () => {
    const ticks = axisTicks({ start: 1_000, end: 2_000 }, 5);
    expect(ticks.map((tick) => tick.offsetMs)).toEqual([0, 200, 400, 600, 800, 1_000]);
    expect(ticks.at(-1)?.percent).toBe(100);
  });

  it("labels a zoomed axis with round times since the run began", () => {
    const ticks = axisTicks({ start: 1_150, end: 1_950 }, 4, 1_000);
    expect(ticks.map((tick) => tick.offsetMs)).toEqual([200, 400, 600, 800]);
    expect(ticks[0]?.percent).toBeCloseTo(6.25);
  });

  it("zooms onto one job and clips the others to the window", () => {
    const zoomed = zoomOnto({ submittedAt: 0, startedAt: 100, endedAt: 200 }, 0);
    expect(zoomed).toEqual({ start: 90, end: 210 });
    if (zoomed === null) return;
    expect(barGeometry({ submittedAt: 0, startedAt: 0, endedAt: 50 }, zoomed, 0)).toBeNull();
    expect(barGeometry({ submittedAt: 0, startedAt: 300, endedAt: 400 }, zoomed, 0)).toBeNull();
    expect(barGeometry({ submittedAt: 0, startedAt: 0, endedAt: 150 }, zoomed, 0)).toEqual({
      leftPercent: 0,
      widthPercent: 50,
      open: false,
    });
    expect(zoomOnto({ submittedAt: 0, startedAt: null, endedAt: null }, 0)).toBeNull();
  });

  it("labels ticks briefly", () => {
    expect([0, 250, 1_500, 12_000, 90_000, 120_000, 7_500_000].map(formatTick)).toEqual([
      "0",
      "250ms",
      "1.5s",
      "12s",
      "1m30s",
      "2m",
      "2h05m",
    ]);
  });
});
