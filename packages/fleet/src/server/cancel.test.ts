import { expect, it } from "vitest";
import { FleetError } from "../fleet-error.js";
import { deferred } from "../test-support/deferred.js";
import { describeOnServer } from "../test-support/test-queues.js";
import { testWorkflows } from "../test-support/test-workflows.js";
import type { FleetRun } from "./fleet-run.js";

describeOnServer("cancelling a running workflow", (open) => {
  it("a cancel from a second FleetQueue instance reaches the running handler's signal within 2 s", async () => {
    const serving = await open();
    const elsewhere = await open({ schema: serving.settings.schema });
    const started = deferred<FleetRun>();
    const aborted = deferred<number>();
    const ended = deferred<string>();
    await serving.serve(
      async (run) => {
        run.signal.addEventListener("abort", () => aborted.resolve(performance.now()), {
          once: true,
        });
        started.resolve(run);
        await aborted.promise;
        throw run.signal.reason;
      },
      { onEnded: (_run, ending) => ended.resolve(ending.outcome) },
    );
    const client = elsewhere.client(testWorkflows());
    const { id } = await client.submit("slow", {});
    const run = await started.promise;
    const cancelledAt = performance.now();
    expect(await client.cancel(id)).toBe(true);
    const latencyMs = (await aborted.promise) - cancelledAt;
    expect(latencyMs).toBeLessThan(2000);
    expect(FleetError.isInstance(run.signal.reason) && run.signal.reason.code).toBe("cancelled");
    // The handler's late failure does not overwrite the cancellation.
    expect(await ended.promise).toBe("lost");
    await expect(client.result(id)).rejects.toMatchObject({ code: "cancelled" });
    console.log(`cancel reached the handler's signal after ${Math.round(latencyMs)} ms`);
  });

  it("a run's signal is not aborted when its workflow ends normally", async () => {
    const queue = await open();
    const client = queue.client(testWorkflows());
    const runs: FleetRun[] = [];
    await queue.serve(async (run) => {
      runs.push(run);
      return "ok";
    });
    const { id } = await client.submit("echo", {});
    expect(await client.result(id)).toBe("ok");
    // pg-boss aborts its own job signal after every completion; the run's must not follow it.
    await client.submit("echo", {}).then(({ id: next }) => client.result(next));
    expect(runs.map((run) => run.signal.aborted)).toEqual([false, false]);
  });
});
