import { expect, it } from "vitest";
import { deferred } from "../test-support/deferred.js";
import { describeOnServer } from "../test-support/test-queues.js";
import { testWorkflows } from "../test-support/test-workflows.js";

describeOnServer("which workflow runs first", (open) => {
  it("a higher priority runs first", async () => {
    const queue = await open();
    const client = queue.client(testWorkflows());
    const order: number[] = [];
    const all = deferred();
    for (const priority of [0, 10, -1, 5]) await client.submit("echo", { priority }, { priority });
    await queue.serve(
      async (run) => {
        order.push((run.input as { priority: number }).priority);
        if (order.length === 4) all.resolve();
      },
      { concurrency: 1 },
    );
    await all.promise;
    expect(order).toEqual([10, 5, 0, -1]);
  });

  it("startAfter is respected: a deferred workflow waits while others run, and starts no earlier than asked", async () => {
    const queue = await open();
    const client = queue.client(testWorkflows());
    const inAnHour = await client.submit("echo", { which: "in an hour" }, { startAfter: 3600 });
    const atADate = await client.submit(
      "echo",
      {},
      { startAfter: new Date(Date.now() + 3_600_000) },
    );
    const inASecond = await client.submit("echo", { which: "in a second" }, { startAfter: 1 });
    const now = await client.submit("echo", { which: "now" });
    const ran: string[] = [];
    await queue.serve(async (run) => void ran.push((run.input as { which: string }).which), {
      concurrency: 2,
    });
    await client.result(inASecond.id, { timeoutMs: 10_000 });
    expect(ran).toEqual(["now", "in a second"]);
    const late = await client.status(inASecond.id);
    // Both times are the database's clock.
    expect(late!.startedAt!.getTime() - late!.createdAt.getTime()).toBeGreaterThanOrEqual(990);
    expect(await client.status(inAnHour.id)).toMatchObject({ state: "queued", attempts: 0 });
    expect(await client.status(atADate.id)).toMatchObject({ state: "queued", attempts: 0 });
    expect(now.created).toBe(true);
  });
});
