import { walkTrajectory, type TrajectoryNode } from "@nucleo/core";
import { expect, it } from "vitest";
import { describeOnBothDatabases } from "../test-support/databases.js";
import type { RecordedJob } from "./recorded-job.js";
import { RecorderQueries } from "./recorder-queries.js";
import { RecorderQueryError } from "./recorder-query-error.js";
import { seedExampleRuns } from "./test-support/example-runs.js";
import { seedRows } from "./test-support/seed-rows.js";
import { tiedSiblings } from "./test-support/tied-siblings.js";

function flatten(root: TrajectoryNode<RecordedJob>): string[] {
  const lines: string[] = [];
  walkTrajectory(root, (node, depth) => lines.push(`${"  ".repeat(depth)}${node.job.jobId}`));
  return lines;
}

describeOnBothDatabases("RecorderQueries.trajectory", (open) => {
  it("orders children by ordinal per parent, parallel siblings by start time, unstamped last", async () => {
    const { db } = await open();
    await seedExampleRuns(db);
    const trajectory = await new RecorderQueries(db).trajectory("wf-1");
    expect(flatten(trajectory.root)).toEqual([
      "wf-1",
      "  b",
      "    b1",
      "  a",
      "    a1",
      "  p2",
      "  p1",
      "  raw",
    ]);
    expect(trajectory.detached).toEqual([]);
    expect(trajectory.jobCount).toBe(8);
  });

  it("tells siblings started within one millisecond apart by their microseconds, as SQL does; full ties by submission", async () => {
    const { db } = await open();
    await seedRows(db, {
      jobs: [
        { id: "root" },
        { id: "late", parentId: "root", ordinal: 1, startedAt: "2025-01-06T10:00:00.000900Z" },
        { id: "early", parentId: "root", ordinal: 1, startedAt: "2025-01-06T10:00:00.000100Z" },
        {
          id: "tie-b",
          parentId: "root",
          ordinal: 2,
          startedAt: "2025-01-06T10:00:01Z",
          submittedAt: "2025-01-06T09:00:00Z",
        },
        {
          id: "tie-a",
          parentId: "root",
          ordinal: 2,
          startedAt: "2025-01-06T10:00:01Z",
          submittedAt: "2025-01-06T09:30:00Z",
        },
        { id: "never-stamped", parentId: "root", ordinal: null, submittedAt: null },
        { id: "raw", parentId: "root", ordinal: null, startedAt: "2025-01-06T11:00:00Z" },
      ],
    });
    const { root } = await new RecorderQueries(db).trajectory("root");
    expect(root.children.map((child) => child.job.jobId)).toEqual([
      "early",
      "late",
      "tie-b",
      "tie-a",
      "raw",
      "never-stamped",
    ]);
    expect(root.children.at(-1)!.job).toMatchObject({
      startedAt: Number.POSITIVE_INFINITY,
      times: { submittedAt: null, startedAt: null },
    });
  });

  it("breaks a full tie (same ordinal, start and submission) by id in byte order, as the README's SQL does", async () => {
    const { db } = await open();
    await seedRows(db, { jobs: tiedSiblings("root", ["b", "é", "B", "a"]) });
    const { root } = await new RecorderQueries(db).trajectory("root");
    expect(root.children.map((child) => child.job.jobId)).toEqual(["B", "a", "b", "é"]);
  });

  it("a job's subtree total is its own when it has no children, and sums its descendants' when it has", async () => {
    const { db } = await open();
    await seedExampleRuns(db);
    const { root } = await new RecorderQueries(db).trajectory("wf-1");
    const a = root.children[1]!;
    expect(a.children[0]!.job.cost.subtree).toBe(a.children[0]!.job.cost.own);
    expect(a.job.cost.subtree).not.toEqual(a.job.cost.own);
  });

  it("gives each job its status, times, class, name and error", async () => {
    const { db } = await open();
    await seedExampleRuns(db);
    const { root } = await new RecorderQueries(db).trajectory("wf-1");
    const b1 = root.children[0]!.children[0]!.job;
    expect(b1).toMatchObject({
      jobId: "b1",
      parentId: "b",
      rootId: "wf-1",
      ordinal: 1,
      jobClass: "Lookup",
      jobName: "lookup",
      status: "failed",
      error: { code: "timeout", message: "took too long" },
      times: {
        startedAt: Date.parse("2025-01-06T10:00:09Z"),
        endedAt: Date.parse("2025-01-06T10:00:10Z"),
      },
      startedAt: Date.parse("2025-01-06T10:00:09Z"),
    });
    expect(root.job.error).toBeNull();
    expect(root.job.kind).toBe("doer");
  });

  it("marks a job that returned an earlier attempt's output instead of running with the job it replayed, and every other job with null", async () => {
    const { db } = await open();
    const earlier = 'attempt-1 "plan", (1)';
    await seedRows(db, {
      jobs: [
        { id: "attempt-2" },
        { id: "plan", parentId: "attempt-2", ordinal: 1, replayedFrom: earlier },
        { id: "act", parentId: "attempt-2", ordinal: 2 },
      ],
    });
    const { root } = await new RecorderQueries(db).trajectory("attempt-2");
    expect([root, ...root.children].map((node) => [node.job.jobId, node.job.replayedFrom])).toEqual(
      [
        ["attempt-2", null],
        ["plan", earlier],
        ["act", null],
      ],
    );
  });

  it("reads back every text a job carries exactly, however PostgreSQL quotes it, repeated from row to row or not", async () => {
    const { db } = await open();
    // Texts record_out quotes or escapes, and texts that read like a neighbour's unquoted value.
    const awkward = [
      "a,b",
      "a",
      "(x)",
      'say "hi"',
      "back\\slash",
      "two\nlines",
      " ",
      "",
      "é😀",
      "NULL",
      "a,b",
    ];
    const jobs = [
      { id: 'wf "q"', jobClass: "Root", jobName: "root" },
      ...awkward.map((text, index) => ({
        id: `${text}#${index}`,
        parentId: 'wf "q"',
        ordinal: index + 1,
        jobClass: text,
        jobName: text,
        kind: text,
        status: text,
        error: { code: text, message: text },
      })),
    ];
    await seedRows(db, {
      jobs,
      calls: awkward.map((text, index) => ({
        jobId: `${text}#${index}`,
        cost: "0.1",
        currency: index % 2 === 0 ? "USD" : "EUR",
      })),
    });
    const { root } = await new RecorderQueries(db).trajectory('wf "q"');
    expect(root.job.jobId).toBe('wf "q"');
    expect(
      root.children.map(({ job }) => [
        job.jobId,
        job.parentId,
        job.jobClass,
        job.jobName,
        job.kind,
        job.status,
        job.error,
      ]),
    ).toEqual(
      awkward.map((text, index) => [
        `${text}#${index}`,
        'wf "q"',
        text,
        text,
        text,
        text,
        { code: text, message: text },
      ]),
    );
    expect(root.job.cost.subtree.cost).toEqual({ EUR: "0.5", USD: "0.6" });
  });

  it("rolls costs up at read time: own and subtree, exact, currencies apart", async () => {
    const { db } = await open();
    await seedExampleRuns(db);
    const { root } = await new RecorderQueries(db).trajectory("wf-1");
    expect(root.job.cost.own).toEqual({
      calls: 1,
      tokens: { input: 1_000, cacheRead: 500, cacheCreation: 0, output: 100, reasoning: 0 },
      cost: { USD: "0.1" },
    });
    // 0.1 + 0.2 + 0.1 + 10^-18 dollars, exactly; euros never added to dollars.
    expect(root.job.cost.subtree.cost).toEqual({ EUR: "0.75", USD: "0.400000000000000001" });
    expect(root.job.cost.subtree.calls).toBe(6);
    const a = root.children[1]!.job;
    expect(a.cost.own.cost).toEqual({ EUR: "0.05", USD: "0.2" });
    expect(a.cost.subtree.cost).toEqual({ EUR: "0.05", USD: "0.3" });
    expect(a.cost.subtree.tokens).toEqual({
      input: 2_310,
      cacheRead: 0,
      cacheCreation: 40,
      output: 1_120,
      reasoning: 50,
    });
    const raw = root.children[4]!.job;
    expect(raw.cost.own).toEqual({
      calls: 0,
      tokens: { input: 0, cacheRead: 0, cacheCreation: 0, output: 0, reasoning: 0 },
      cost: {},
    });
  });

  it("a job's subtree total in the trajectory equals subtreeCost for it", async () => {
    const { db } = await open();
    await seedExampleRuns(db);
    const queries = new RecorderQueries(db);
    const { root } = await queries.trajectory("wf-1");
    const nodes: RecordedJob[] = [];
    walkTrajectory(root, (node) => nodes.push(node.job));
    for (const job of nodes) {
      const { jobId: _jobId, ...subtree } = await queries.subtreeCost(job.jobId);
      expect(subtree, job.jobId).toEqual(job.cost.subtree);
    }
  });

  it("keeps jobs whose parent is not recorded yet as detached trees, their spending still counted above", async () => {
    const { db } = await open();
    await seedRows(db, {
      jobs: [
        { id: "root" },
        { id: "gone", parentId: "root", ordinal: 1 },
        { id: "child", parentId: "gone", ordinal: 1 },
        { id: "grandchild", parentId: "child", ordinal: 1 },
        { id: "unwritten", parentId: "grandchild", ordinal: 1 },
      ],
      missingJobs: ["gone", "unwritten"],
      calls: [
        { jobId: "child", cost: "1.5" },
        { jobId: "unwritten", cost: "0.25" },
        { jobId: "root", cost: "1" },
      ],
    });
    const queries = new RecorderQueries(db);
    const trajectory = await queries.trajectory("root");
    expect(flatten(trajectory.root)).toEqual(["root"]);
    expect(trajectory.detached.map(flatten)).toEqual([["child", "  grandchild"]]);
    expect(trajectory.root.job.cost.subtree.cost).toEqual({ USD: "2.75" });
    expect(trajectory.detached[0]!.job.cost.subtree.cost).toEqual({ USD: "1.75" });
    expect(trajectory.detached[0]!.children[0]!.job.cost.subtree.cost).toEqual({ USD: "0.25" });
    expect((await queries.subtreeCost("root")).cost).toEqual({ USD: "2.75" });
  });

  it("an unknown workflow id is refused with an error naming it", async () => {
    const { db } = await open();
    await seedExampleRuns(db);
    const error = await new RecorderQueries(db)
      .trajectory("wf-404")
      .catch((caught: unknown) => caught);
    expect(RecorderQueryError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: "unknown_workflow", id: "wf-404", query: "trajectory" });
    expect((error as Error).message).toContain('"wf-404"');
  });

  it("a job that is not a root is refused, naming the workflow it belongs to", async () => {
    const { db } = await open();
    await seedExampleRuns(db);
    await expect(new RecorderQueries(db).trajectory("a1")).rejects.toThrow(
      '"a1" is a job inside workflow "wf-1", not a workflow',
    );
  });

  it("an empty id is refused as invalid input naming the parameter", async () => {
    const { db } = await open();
    await expect(new RecorderQueries(db).trajectory("")).rejects.toMatchObject({
      code: "invalid_input",
      parameter: "rootId",
    });
  });
});
