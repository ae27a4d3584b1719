import { expect, it } from "vitest";
import { openQueueParts } from "../queue/queue-parts.js";
import { deferred } from "../test-support/deferred.js";
import { describeOnServer } from "../test-support/test-queues.js";
import { testWorkflows } from "../test-support/test-workflows.js";

const NONE = {
  queued: 0,
  running: 0,
  retrying: 0,
  finished: 0,
  failed: 0,
  cancelled: 0,
  deadLetters: 0,
};

describeOnServer("counting the queue", (open) => {
  it("counts() answers how many workflows are in each state, and the copies in the dead letters", async () => {
    // A retry waits an hour: the workflow that fails once stays `retrying`.
    const queue = await open({ retryDelaySeconds: 3600 });
    const client = queue.client(testWorkflows());
    const holding = deferred();
    const release = deferred();
    await queue.serve(
      async (run) => {
        const { kind } = run.input as { kind: string };
        if (kind === "fail") throw Object.assign(new Error("final"), { retryable: false });
        if (kind === "retry") throw Object.assign(new Error("flaky"), { retryable: true });
        if (kind === "hold") {
          holding.resolve();
          await release.promise;
        }
        return "done";
      },
      { concurrency: 1 },
    );
    for (const kind of ["ok", "ok"])
      await client.result((await client.submit("echo", { kind })).id, { timeoutMs: 10_000 });
    const failed = await client.submit("echo", { kind: "fail" });
    await expect(client.result(failed.id, { timeoutMs: 10_000 })).rejects.toMatchObject({
      code: "failed",
    });
    await client.submit("echo", { kind: "retry" });
    // One slot, oldest first: once the held one runs, the one before it has been settled.
    const held = await client.submit("echo", { kind: "hold" });
    await holding.promise;
    await client.submit("echo", { kind: "ok" }, { startAfter: 3600 });
    await client.cancel((await client.submit("echo", { kind: "ok" }, { startAfter: 3600 })).id);

    expect(await client.counts()).toEqual({
      queued: 1,
      running: 1,
      retrying: 1,
      finished: 2,
      failed: 1,
      cancelled: 1,
      deadLetters: 1,
    });
    release.resolve();
    await client.result(held.id, { timeoutMs: 10_000 });
    expect(await client.counts()).toMatchObject({ running: 0, finished: 3 });
  });

  it("an empty queue counts zero everywhere, and another queue in the same schema is not counted", async () => {
    const mine = await open();
    const other = await open({ schema: mine.settings.schema, queue: "other.workflows" });
    await other.client(testWorkflows()).submit("echo", {});
    expect(await mine.client(testWorkflows()).counts()).toEqual(NONE);
    expect(await other.client(testWorkflows()).counts()).toEqual({ ...NONE, queued: 1 });
  });

  it("a dead letter retried leaves the dead-letter count and the failed count, and counts as retrying", async () => {
    const queue = await open({ retryLimit: 0 });
    const client = queue.client(testWorkflows());
    let calls = 0;
    const server = await queue.serve(async () => {
      calls += 1;
      if (calls === 1) throw Object.assign(new Error("first time fails"), { retryable: false });
      return "second time works";
    });
    const { id } = await client.submit("flaky", {});
    await client.result(id, { timeoutMs: 10_000 }).catch(() => {});
    expect(await client.counts()).toMatchObject({ failed: 1, deadLetters: 1 });
    await server.drain();
    expect(await client.retryDeadLetter(id)).toBe(true);
    // pg-boss's retry puts the workflow in its `retry` state, as after a failed attempt.
    expect(await client.counts()).toMatchObject({ retrying: 1, failed: 0, deadLetters: 0 });
    expect((await client.status(id))?.state).toBe("retrying");
  });

  it("counts() of 100,000 workflows is exact: the database counts them", async () => {
    const queue = await open();
    const client = queue.client(testWorkflows());
    const { settings } = queue;
    // Rows written straight into pg-boss's table: submitting 100,000 one by one would take minutes.
    await openQueueParts(queue)
      .boss.getDb()
      .executeSql(
        `INSERT INTO ${settings.schema}.job (name, data, state, completed_on)
         SELECT $1, jsonb_build_object('workflow', 'echo', 'input', jsonb_build_object('n', n)),
           s.state::${settings.schema}.job_state,
           CASE WHEN s.state IN ('completed', 'cancelled', 'failed') THEN now() END
         FROM generate_series(1, 100000) AS n
         CROSS JOIN LATERAL (SELECT CASE
           WHEN n % 10 = 0 THEN 'created' WHEN n % 10 = 1 THEN 'active'
           WHEN n % 10 = 2 THEN 'retry' WHEN n % 10 = 3 THEN 'failed'
           WHEN n % 10 = 4 THEN 'cancelled' ELSE 'completed' END AS state) s`,
        [settings.queue],
      );
    await openQueueParts(queue).boss.getDb().executeSql(`ANALYZE ${settings.schema}.job`);
    const counts = await client.counts();
    expect(counts).toEqual({
      queued: 10_000,
      running: 10_000,
      retrying: 10_000,
      finished: 50_000,
      failed: 10_000,
      cancelled: 10_000,
      deadLetters: 0,
    });
  }, 60_000);
});
