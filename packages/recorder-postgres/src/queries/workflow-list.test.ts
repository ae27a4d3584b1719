import type { Kysely } from "kysely";
import { expect, it } from "vitest";
import type { RecorderDatabase } from "../schema/database.js";
import { describeOnBothDatabases } from "../test-support/databases.js";
import { RecorderQueries } from "./recorder-queries.js";
import { LISTED_ORDER, seedListedWorkflows } from "./test-support/listed-workflows.js";
import { seedRows, type SeedJob } from "./test-support/seed-rows.js";
import type { WorkflowListOptions } from "./workflow-list-options.js";

/** Every page from the first, as lists of root ids. */
async function allPages(
  db: Kysely<RecorderDatabase>,
  options: WorkflowListOptions,
): Promise<string[][]> {
  const queries = new RecorderQueries(db);
  const pages: string[][] = [];
  let cursor: string | undefined;
  do {
    const page = await queries.workflows(cursor === undefined ? options : { ...options, cursor });
    pages.push(page.workflows.map((workflow) => workflow.rootId));
    cursor = page.next ?? undefined;
  } while (cursor !== undefined && pages.length < 1_000);
  return pages;
}

describeOnBothDatabases("RecorderQueries.workflows", (open) => {
  it("lists root jobs only, newest submission first, ties by id descending in byte order, workflows without a submission last", async () => {
    const { db } = await open();
    await seedListedWorkflows(db);
    const { workflows, next } = await new RecorderQueries(db).workflows();
    expect(workflows.map((workflow) => workflow.rootId)).toEqual(LISTED_ORDER);
    expect(next).toBeNull();
  });

  it("each workflow reads as recorded: name, class, status, tenant, times, error, and its whole cost per currency, exactly", async () => {
    const { db } = await open();
    await seedListedWorkflows(db);
    const { workflows } = await new RecorderQueries(db).workflows();
    const byId = new Map(workflows.map((workflow) => [workflow.rootId, workflow]));
    expect(byId.get("w-a")).toEqual({
      rootId: "w-a",
      workflow: "research",
      jobClass: "Research",
      status: "finished",
      tenant: "acme",
      submittedAt: Date.parse("2025-01-06T10:00:05Z"),
      startedAt: Date.parse("2025-01-06T10:00:06Z"),
      endedAt: Date.parse("2025-01-06T10:00:20Z"),
      error: null,
      // The root's own 0.1 and its child's 0.2: 0.3 exactly, never 0.30000000000000004.
      cost: { EUR: "0.05", USD: "0.3" },
    });
    expect(byId.get("w-c")).toMatchObject({
      status: "failed",
      tenant: null,
      error: { code: "timeout", message: "took too long" },
      cost: {},
    });
    expect(byId.get("w-b")!.cost).toEqual({ USD: "0.000000000000000001" });
    expect(byId.get("w-y")).toMatchObject({ submittedAt: null, startedAt: null, endedAt: null });
  });

  it("paging visits each workflow exactly once, in order, across submission ties, a microsecond apart and without a submission", async () => {
    const { db } = await open();
    await seedListedWorkflows(db);
    for (const limit of [1, 2, 3, 4, 9, 10]) {
      const pages = await allPages(db, { limit });
      expect(pages.flat(), `limit ${limit}`).toEqual(LISTED_ORDER);
      expect(pages.every((page) => page.length === limit || page === pages.at(-1))).toBe(true);
      // The last page is full only when the list ends with it exactly: no empty page after it.
      expect(pages.at(-1)!.length).toBeGreaterThan(0);
    }
  });

  it("paging through hundreds of workflows with many ties and some unsubmitted visits each exactly once", async () => {
    const { db } = await open();
    const jobs: SeedJob[] = Array.from({ length: 300 }, (_, index) => ({
      id: `bulk-${(index * 7919) % 300}`,
      // Groups of five share an instant; every thirteenth has no submission recorded.
      submittedAt:
        index % 13 === 0
          ? null
          : new Date(Date.UTC(2025, 1, 1) + Math.floor(index / 5) * 1_000).toISOString(),
    }));
    await seedRows(db, { jobs });
    const expected = [...jobs]
      .sort((left, right) => {
        const at = (job: SeedJob) =>
          (job.submittedAt ?? null) === null
            ? Number.NEGATIVE_INFINITY
            : Date.parse(job.submittedAt!);
        return at(right) - at(left) || (left.id < right.id ? 1 : left.id > right.id ? -1 : 0);
      })
      .map((job) => job.id);
    expect((await allPages(db, { limit: 17 })).flat()).toEqual(expected);
    expect((await allPages(db, { limit: 200 })).flat()).toEqual(expected);
  });

  it("submissions centuries away page exactly too, to the microsecond", async () => {
    const { db } = await open();
    const far = [
      "0001-01-01T00:00:00.000001Z",
      "1500-06-01T12:00:00.5Z",
      "2400-01-01T00:00:00.000001Z",
    ];
    await seedRows(db, {
      jobs: [
        ...far.map((submittedAt, index) => ({ id: `far-${index}`, submittedAt })),
        { id: "far-0b", submittedAt: far[0] },
        { id: "far-2b", submittedAt: "2400-01-01T00:00:00.000002Z" },
      ],
    });
    expect((await allPages(db, { limit: 1 })).flat()).toEqual([
      "far-2b",
      "far-2",
      "far-1",
      "far-0b",
      "far-0",
    ]);
  });

  it("workflows submitted while paging appear on no later page, and every earlier one still appears exactly once", async () => {
    const { db } = await open();
    await seedListedWorkflows(db);
    const queries = new RecorderQueries(db);
    const seen: string[] = [];
    let page = await queries.workflows({ limit: 3 });
    seen.push(...page.workflows.map((workflow) => workflow.rootId));
    let round = 0;
    while (page.next !== null) {
      // Newer than everything listed, and one the same instant as the last one seen.
      round += 1;
      await seedRows(db, {
        jobs: [
          { id: `late-${round}`, submittedAt: `2025-01-07T00:00:0${round}Z` },
          { id: `zz-late-${round}`, submittedAt: "2025-01-06T10:00:09Z" },
        ],
      });
      page = await queries.workflows({ limit: 3, cursor: page.next });
      seen.push(...page.workflows.map((workflow) => workflow.rootId));
    }
    expect(seen).toEqual(LISTED_ORDER);
    // A new first page shows them.
    const fresh = await queries.workflows({ limit: 3 });
    expect(fresh.workflows.map((workflow) => workflow.rootId)).toEqual([
      `late-${round}`,
      `late-${round - 1}`,
      `late-${round - 2}`,
    ]);
  });

  it("a cursor is a place in the order: it serves with other filters too, and the page after the last full one holds the rest with no next", async () => {
    const { db } = await open();
    await seedListedWorkflows(db);
    const queries = new RecorderQueries(db);
    const first = await queries.workflows({ limit: 4 });
    expect(first.workflows.map((workflow) => workflow.rootId)).toEqual(LISTED_ORDER.slice(0, 4));
    const research = await queries.workflows({ workflow: "research", cursor: first.next! });
    expect(research.workflows.map((workflow) => workflow.rootId)).toEqual(["w-a", "w-c"]);
    const last = await queries.workflows({ limit: 9 });
    const end = await queries.workflows({ cursor: last.next! });
    expect(end.workflows.map((workflow) => workflow.rootId)).toEqual(["w-x"]);
    expect(end.next).toBeNull();
  });

  it("an empty database lists nothing, with no next page", async () => {
    const { db } = await open();
    expect(await new RecorderQueries(db).workflows()).toEqual({ workflows: [], next: null });
  });
});
