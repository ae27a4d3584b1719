import { expect, it } from "vitest";
import { deferred } from "../test-support/deferred.js";
import { spawnServeChild } from "../test-support/serve-child-process.js";
import { describeOnServer } from "../test-support/test-queues.js";
import { testWorkflows } from "../test-support/test-workflows.js";

// A real worker process (serve-child.ts) killed with SIGKILL: no handler, no exit hook, no
// goodbye to the database; only its heartbeats stop.
describeOnServer("a worker that dies", (open) => {
  it("a SIGKILLed worker's workflow is taken over by another server within a minute (heartbeat 10 s, sweep 1 s)", async () => {
    const queue = await open();
    const client = queue.client(testWorkflows());
    const { id } = await client.submit("slow", {});
    const child = spawnServeChild(queue.settings.schema);
    await child.printed(`took ${id} attempt 1`);
    expect(await client.status(id)).toMatchObject({ state: "running", attempts: 1 });

    child.process.kill("SIGKILL");
    const killedAt = performance.now();
    expect(await child.exited).toBe("SIGKILL");
    const rescued = deferred<{ at: number; attempt: number }>();
    await queue.serve(async (run) => {
      rescued.resolve({ at: performance.now(), attempt: run.attempt });
      return "rescued";
    });
    const { at, attempt } = await rescued.promise;
    const takeoverMs = at - killedAt;
    console.log(`takeover after SIGKILL: ${(takeoverMs / 1000).toFixed(2)} s`);
    expect(takeoverMs).toBeLessThan(60_000);
    expect(attempt).toBe(2);
    expect(await client.result(id)).toBe("rescued");
    expect(await client.status(id)).toMatchObject({ state: "finished", attempts: 2 });
  }, 90_000);
});
