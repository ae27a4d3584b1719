import { expect, it } from "vitest";
import { describeOnBothDatabases } from "../test-support/databases.js";
import { RecorderQueries } from "./recorder-queries.js";
import { LISTED_ORDER, seedListedWorkflows } from "./test-support/listed-workflows.js";
import type { WorkflowListOptions } from "./workflow-list-options.js";

const at = (time: string): Date => new Date(`2025-01-06T10:00:${time}Z`);

describeOnBothDatabases("RecorderQueries.workflows filters", (open) => {
  it("each filter keeps only the workflows it names, in the list's order", async () => {
    const { db } = await open();
    await seedListedWorkflows(db);
    const queries = new RecorderQueries(db);
    const cases: [WorkflowListOptions, string[]][] = [
      [{ status: "running" }, ["w-d", "w-y", "w-x"]],
      [{ status: "failed" }, ["w-c"]],
      [{ status: "submitted" }, ["w-e"]],
      [{ workflow: "research" }, ["w-a", "w-c"]],
      // A child's name never lists it: only root jobs are workflows.
      [{ workflow: "search" }, []],
      [{ tenant: "acme" }, ["w-d", "w-a"]],
      [{ tenant: "initech" }, []],
      // A call's entry, on the root or anywhere below it.
      [{ model: "model-b" }, ["w-a"]],
      [{ model: "model-a" }, ["w-b", "w-a"]],
      [{ model: "model-rare" }, ["w-d"]],
    ];
    for (const [options, expected] of cases) {
      const { workflows } = await queries.workflows(options);
      expect(
        workflows.map((workflow) => workflow.rootId),
        JSON.stringify(options),
      ).toEqual(expected);
    }
  });

  it("a submission range is half-open (from inclusive, to exclusive) and leaves out workflows without a submission", async () => {
    const { db } = await open();
    await seedListedWorkflows(db);
    const queries = new RecorderQueries(db);
    const ids = async (options: WorkflowListOptions) =>
      (await queries.workflows(options)).workflows.map((workflow) => workflow.rootId);
    expect(await ids({ from: at("05"), to: at("09") })).toEqual([
      "w-g",
      "w-f",
      "w-b",
      "w-a",
      "w-B",
    ]);
    expect(await ids({ to: at("03") })).toEqual(["w-e"]);
    expect(await ids({ from: at("07") })).toEqual(["w-d", "w-g", "w-f"]);
    expect(await ids({ from: at("07.001"), to: at("10") })).toEqual(["w-d"]);
    expect(await ids({ from: at("09"), to: at("09") })).toEqual([]);
  });

  it("cost bounds are inclusive and exact in their currency, a workflow without calls in it costing 0", async () => {
    const { db } = await open();
    await seedListedWorkflows(db);
    const queries = new RecorderQueries(db);
    const ids = async (options: WorkflowListOptions) =>
      (await queries.workflows(options)).workflows.map((workflow) => workflow.rootId);
    // 0.1 on the root and 0.2 below it are 0.3 exactly: inside a bound of 0.3.
    expect(await ids({ minCost: "0.3", maxCost: "0.3", currency: "USD" })).toEqual(["w-a"]);
    expect(await ids({ minCost: "0.30000000000000001", currency: "USD" })).toEqual(["w-d"]);
    expect(await ids({ minCost: "0.000000000000000001", currency: "USD" })).toEqual([
      "w-d",
      "w-b",
      "w-a",
    ]);
    expect(await ids({ maxCost: "0", currency: "USD" })).toEqual(
      LISTED_ORDER.filter((id) => !["w-d", "w-b", "w-a"].includes(id)),
    );
    expect(await ids({ minCost: "0.05", currency: "EUR" })).toEqual(["w-a"]);
    expect(await ids({ minCost: "-1", maxCost: "1000", currency: "GBP" })).toEqual(LISTED_ORDER);
    // A currency alone bounds nothing.
    expect(await ids({ currency: "EUR" })).toEqual(LISTED_ORDER);
  });

  it("filters combine, and a filtered list pages like the whole one", async () => {
    const { db } = await open();
    await seedListedWorkflows(db);
    const queries = new RecorderQueries(db);
    const both = await queries.workflows({ tenant: "acme", status: "finished" });
    expect(both.workflows.map((workflow) => workflow.rootId)).toEqual(["w-a"]);
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await queries.workflows({
        status: "running",
        limit: 1,
        ...(cursor && { cursor }),
      });
      seen.push(...page.workflows.map((workflow) => workflow.rootId));
      cursor = page.next ?? undefined;
    } while (cursor !== undefined);
    expect(seen).toEqual(["w-d", "w-y", "w-x"]);
  });

  it("filter values shaped as SQL are only parameters: nothing matches, the tables survive", async () => {
    const { db } = await open();
    await seedListedWorkflows(db);
    const queries = new RecorderQueries(db);
    for (const hostile of ["' OR '1'='1", "acme'; DROP TABLE nucleo_jobs; --", "\\", "$1"]) {
      for (const option of ["workflow", "tenant", "model", "currency"] as const) {
        const options = { [option]: hostile, ...(option === "currency" && { minCost: "0" }) };
        const { workflows } = await queries.workflows(options);
        expect(workflows, `${option}: ${hostile}`).toEqual(
          option === "currency" ? expect.any(Array) : [],
        );
      }
    }
    expect((await queries.workflows()).workflows).toHaveLength(LISTED_ORDER.length);
  });
});
