import type { Kysely } from "kysely";
import { expect, it } from "vitest";
import type { RecorderDatabase } from "../schema/database.js";
import { describeOnBothDatabases } from "../test-support/databases.js";
import { BENCHMARK_REPORT_KEY } from "./benchmark-report-schema.js";
import { benchmarkReport, EventScript } from "./test-support/index.js";
import { countRows } from "./test-support/count-rows.js";
import { jobs, record } from "./test-support/record-deliveries.js";

type Db = Kysely<RecorderDatabase>;

// Every event is recorded once, and right, however often and in whatever order it arrives.
describeOnBothDatabases("the writer's tables", (open) => {
  it("an event delivered twice is one row, in one batch or two", async () => {
    const { db } = await open();
    const run = new EventScript();
    const root = run.submit();
    run.started(root);
    run.seatReserved(root, "seat-1");
    run.llmCall(root);
    run.seatSettled(root, "seat-1");
    run.toolWithheld(root);
    run.skillAdmitted(root);
    run.published(root, "count", 1);
    run.published(root, BENCHMARK_REPORT_KEY, benchmarkReport());
    run.finished(root);

    await record(db, [run.events]);
    const once = await snapshot(db);
    await record(db, [[...run.events, ...run.events], run.events]);
    expect(await snapshot(db)).toEqual(once);
    expect(once.counts).toEqual({
      jobs: 1,
      calls: 1,
      seats: 1,
      withholds: 1,
      admissions: 1,
      reports: 1,
      reportRows: 2,
    });
  });

  it("out-of-order delivery leaves a job's status, times and facts right", async () => {
    const { db } = await open();
    const script = (prefix: string) => {
      const run = new EventScript({ prefix });
      const root = run.submit();
      run.started(root);
      run.retrying(root);
      run.started(root, 2);
      run.llmCall(root);
      run.published(root, "plan", "first");
      run.published(root, "verdict", "second");
      run.finished(root);
      return run.events;
    };
    const inOrder = script("in-order-");
    const newestFirst = script("newest-first-");
    const shuffled = script("shuffled-");
    // Newest first, one event per batch: the row is written before its submission arrives.
    // Shuffled within one batch: the coalescing in memory decides.
    await record(db, [
      inOrder,
      ...[...newestFirst].reverse().map((event) => [event]),
      [5, 0, 7, 2, 1, 6, 4, 3].map((index) => shuffled[index]!),
    ]);

    const rows = await jobs(db);
    const expected = {
      status: "finished",
      attempts: 2,
      started_at: new Date(inOrder[1]!.at),
      submitted_at: new Date(inOrder[0]!.at),
      ended_at: new Date(inOrder[7]!.at),
      job_class: "RootDoer",
      kind: "orchestrator",
      last_seq: 8,
      metadata: { plan: "first", verdict: "second" },
    };
    expect(rows.map(({ id, root_id, ...row }) => row)).toEqual(
      [0, 1, 2].map(() => expect.objectContaining(expected)),
    );
    expect(new Set(rows.map(({ id, root_id, ...row }) => JSON.stringify(row))).size).toBe(1);
  });

  it("the last value published under a key wins, whatever the order within a batch", async () => {
    const { db } = await open();
    const run = new EventScript();
    const root = run.submit();
    const first = run.published(root, "step", "first");
    const second = run.published(root, "step", "second");
    await record(db, [[second, first]]);
    expect((await jobs(db))[0]?.metadata).toEqual({ step: "second" });
  });

  it("a job first seen through a later event gets its submission facts when job.submitted arrives", async () => {
    const { db } = await open();
    const run = new EventScript();
    const root = run.submit();
    const child = run.submit({ parent: root, jobClass: "ChildTool", ordinal: 2 });
    run.started(child);
    const call = run.llmCall(child);
    const finished = run.finished(child);
    const submitted = run.events[1]!;

    await record(db, [[call]]);
    expect((await jobs(db)).find((job) => job.id === child.id)).toMatchObject({
      job_class: "ChildTool",
      ancestors: [root.id],
      submitted_at: null,
      status: "submitted",
      last_seq: 0,
    });
    await record(db, [[finished], [submitted]]);
    expect((await jobs(db)).find((job) => job.id === child.id)).toMatchObject({
      job_class: "ChildTool",
      job_name: "childtool",
      ordinal: 2,
      kind: "tool",
      ancestors: [root.id],
      submitted_at: new Date(submitted.at),
      status: "finished",
    });
  });

  it("a seat settled before its reservation arrives reads whole once both have", async () => {
    const { db } = await open();
    const run = new EventScript();
    const root = run.submit();
    const reserved = run.seatReserved(root, "seat-1", { entryId: "claude-medium" });
    const settled = run.seatSettled(root, "seat-1", { outcome: "released", usage: null });
    await record(db, [[settled], [reserved], [settled]]);
    expect(await db.selectFrom("nucleo_seats").selectAll().execute()).toEqual([
      expect.objectContaining({
        entry_id: "claude-medium",
        reserved_at: new Date(reserved.at),
        settled_at: new Date(settled.at),
        outcome: "released",
        used_input_tokens: null,
        max_output_tokens: 800,
      }),
    ]);
  });
});

async function snapshot(db: Db) {
  const count = (table: keyof RecorderDatabase) => countRows(db, table);
  return {
    counts: {
      jobs: await count("nucleo_jobs"),
      calls: await count("nucleo_model_calls"),
      seats: await count("nucleo_seats"),
      withholds: await count("nucleo_tool_withholds"),
      admissions: await count("nucleo_skill_admissions"),
      reports: await count("nucleo_benchmark_reports"),
      reportRows: await count("nucleo_benchmark_rows"),
    },
    jobs: await jobs(db),
    seats: await db.selectFrom("nucleo_seats").selectAll().execute(),
  };
}
