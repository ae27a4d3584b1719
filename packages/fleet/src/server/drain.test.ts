import { expect, it } from "vitest";
import { FleetError } from "../fleet-error.js";
import { openQueueParts } from "../queue/queue-parts.js";
import { deferred } from "../test-support/deferred.js";
import { describeOnServer } from "../test-support/test-queues.js";
import { testWorkflows } from "../test-support/test-workflows.js";
import type { FleetRun, RunEnding } from "./fleet-run.js";

describeOnServer("draining a server", (open) => {
  it("a drain lets running workflows finish within the grace, and takes nothing new", async () => {
    const queue = await open();
    const client = queue.client(testWorkflows());
    const started = deferred();
    const release = deferred();
    const taken: string[] = [];
    const server = await queue.serve(
      async (run) => {
        started.resolve();
        await release.promise;
        return run.signal.aborted ? "aborted" : "finished in time";
      },
      { concurrency: 2, onTaken: (run) => taken.push(run.id) },
    );
    const { id } = await client.submit("slow", {});
    await started.promise;
    expect(server.running).toBe(1);
    const drained = server.drain(30_000);
    release.resolve();
    await drained;
    expect(server.running).toBe(0);
    expect(await client.result(id)).toBe("finished in time");
    // No pg-boss worker of the drained server is left to fetch: the next workflow is the next server's.
    expect(openQueueParts(queue).boss.getWipData()).toEqual([]);
    const later = await client.submit("echo", {});
    await queue.serve(async () => "the next server's");
    expect(await client.result(later.id)).toBe("the next server's");
    expect(taken).toEqual([id]);
  });

  it("past its grace, a drain aborts the run's signal and hands the workflow back, using one attempt", async () => {
    const queue = await open({ retryLimit: 3 });
    const client = queue.client(testWorkflows());
    const started = deferred<FleetRun>();
    const endings: RunEnding[] = [];
    const server = await queue.serve(
      async (run) => {
        started.resolve(run);
        // Ignores its signal: the drain must not wait for it.
        await new Promise(() => {});
      },
      { onEnded: (_run, ending) => endings.push(ending) },
    );
    const { id } = await client.submit("slow", {});
    const run = await started.promise;
    await server.drain(100);
    expect(run.signal.aborted).toBe(true);
    expect(FleetError.isInstance(run.signal.reason) && run.signal.reason.code).toBe("drained");
    expect((run.signal.reason as Error).message).toContain(
      "the worker's shutdown grace period of 100 ms ran out",
    );
    expect(endings.map((ending) => ending.outcome)).toEqual(["handed_back"]);
    expect(await client.status(id)).toMatchObject({
      state: "retrying",
      attempts: 1,
      error: { code: "drained" },
    });

    const attempts: number[] = [];
    await queue.serve(async (next) => {
      attempts.push(next.attempt);
      return "taken over";
    });
    expect(await client.result(id, { timeoutMs: 10_000 })).toBe("taken over");
    expect(attempts).toEqual([2]);
  });

  it("stop() hands back at once, and a drain called twice resolves once", async () => {
    const queue = await open();
    const client = queue.client(testWorkflows());
    const started = deferred<FleetRun>();
    const server = await queue.serve(async (run) => {
      started.resolve(run);
      await new Promise((resolve) => run.signal.addEventListener("abort", resolve));
    });
    await client.submit("slow", {});
    const run = await started.promise;
    await Promise.all([server.stop(), server.drain(60_000)]);
    expect(run.signal.reason).toMatchObject({ code: "drained" });
    expect(server.running).toBe(0);
  });

  it("a stop during a drain's grace ends the grace at once: the second Ctrl-C", async () => {
    const queue = await open();
    const client = queue.client(testWorkflows());
    const started = deferred<FleetRun>();
    const server = await queue.serve(async (run) => {
      started.resolve(run);
      await new Promise((resolve) => run.signal.addEventListener("abort", resolve));
    });
    await client.submit("slow", {});
    const run = await started.promise;
    const draining = server.drain(600_000);
    expect(run.signal.aborted).toBe(false);
    await server.stop();
    await draining;
    expect(run.signal.reason).toMatchObject({ code: "drained" });
    expect((run.signal.reason as Error).message).toContain("the worker was told to stop again");
  });
});
