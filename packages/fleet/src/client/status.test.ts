import { expect, it } from "vitest";
import { FleetError } from "../fleet-error.js";
import { deferred } from "../test-support/deferred.js";
import { describeOnServer } from "../test-support/test-queues.js";
import { testWorkflows } from "../test-support/test-workflows.js";

describeOnServer("status, result and list", (open) => {
  it("a finished workflow's result is its handler's output, run on the input as checked", async () => {
    const queue = await open();
    const client = queue.client(testWorkflows());
    await queue.serve(
      async (run) => ({ echoed: run.input, attempt: run.attempt, tenant: run.tenant }),
      {
        concurrency: 1,
      },
    );
    const { id } = await client.submit("echo", { n: 1 }, { tenant: "acme" });
    expect(await client.result(id, { timeoutMs: 10_000 })).toEqual({
      echoed: { n: 1, checked: true },
      attempt: 1,
      tenant: "acme",
    });
    const status = await client.status(id);
    expect(status).toMatchObject({
      id,
      workflow: "echo",
      tenant: "acme",
      state: "finished",
      attempts: 1,
      deadLetter: false,
      output: { echoed: { n: 1, checked: true }, attempt: 1, tenant: "acme" },
    });
    expect(status?.createdAt).toBeInstanceOf(Date);
    expect(status!.startedAt!.getTime()).toBeGreaterThanOrEqual(status!.createdAt.getTime());
    expect(status!.endedAt!.getTime()).toBeGreaterThanOrEqual(status!.startedAt!.getTime());
  });

  it("a running workflow's status is running, with its start time", async () => {
    const queue = await open();
    const client = queue.client(testWorkflows());
    const started = deferred();
    const release = deferred();
    await queue.serve(async () => {
      started.resolve();
      await release.promise;
      return "done";
    });
    const { id } = await client.submit("slow", {});
    await started.promise;
    expect(await client.status(id)).toMatchObject({
      state: "running",
      attempts: 1,
      endedAt: undefined,
    });
    release.resolve();
    expect(await client.result(id)).toBe("done");
  });

  it("an unknown id has no status, and result() rejects with not_found", async () => {
    const client = (await open()).client(testWorkflows());
    expect(await client.status("5f0c6a39-3c1e-4b7e-9d55-0c4d6a0f8c11")).toBeUndefined();
    expect(await client.status("not a uuid")).toBeUndefined();
    await expect(client.result("5f0c6a39-3c1e-4b7e-9d55-0c4d6a0f8c11")).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("result() stops waiting after timeoutMs with a timeout error, and at once when its signal aborts", async () => {
    const client = (await open()).client(testWorkflows());
    const { id } = await client.submit("echo", {});
    const timedOut = await client.result(id, { timeoutMs: 60 }).catch((error: unknown) => error);
    expect(FleetError.isInstance(timedOut) && timedOut.code).toBe("timeout");
    const controller = new AbortController();
    const waiting = client.result(id, { signal: controller.signal });
    const reason = new Error("the caller gave up");
    controller.abort(reason);
    await expect(waiting).rejects.toBe(reason);
  });

  it("cancel() stops a queued workflow: its result rejects with cancelled; an ended or unknown one answers false", async () => {
    const client = (await open()).client(testWorkflows());
    const { id } = await client.submit("echo", {});
    expect(await client.cancel(id)).toBe(true);
    expect(await client.status(id)).toMatchObject({ state: "cancelled", attempts: 0 });
    await expect(client.result(id)).rejects.toMatchObject({ code: "cancelled", workflowId: id });
    expect(await client.cancel(id)).toBe(false);
    expect(await client.cancel("5f0c6a39-3c1e-4b7e-9d55-0c4d6a0f8c11")).toBe(false);
  });

  it("list() answers newest first, filtered by state, workflow and tenant, a page at a time", async () => {
    const client = (await open()).client(testWorkflows());
    const ids: string[] = [];
    for (const [name, tenant] of [
      ["echo", "a"],
      ["slow", "a"],
      ["echo", "b"],
      ["echo", "a"],
    ] as const)
      ids.push((await client.submit(name, {}, { tenant })).id);
    await client.cancel(ids[2]!);
    const newestFirst = [...ids].reverse();
    expect((await client.list()).map((workflow) => workflow.id)).toEqual(newestFirst);
    expect((await client.list({ state: "cancelled" })).map((workflow) => workflow.id)).toEqual([
      ids[2],
    ]);
    expect((await client.list({ workflow: "slow" })).map((workflow) => workflow.id)).toEqual([
      ids[1],
    ]);
    expect(
      (await client.list({ tenant: "a", state: "queued" })).map((workflow) => workflow.id),
    ).toEqual([ids[3], ids[1], ids[0]]);
    // A "recent workflows" page: the newest few, optionally in one state.
    expect(
      (await client.list({ state: "queued", limit: 2 })).map((workflow) => workflow.id),
    ).toEqual([ids[3], ids[1]]);
    const firstPage = await client.list({ limit: 2 });
    const secondPage = await client.list({ limit: 2, after: firstPage[1]!.id });
    expect([...firstPage, ...secondPage].map((workflow) => workflow.id)).toEqual(newestFirst);
    await expect(client.list({ state: "done" as never })).rejects.toMatchObject({ field: "state" });
    await expect(client.list({ limit: 0 })).rejects.toMatchObject({ field: "limit" });
  });
});
