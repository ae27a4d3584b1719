import { hostname } from "node:os";
import { type Logger, silentLogger } from "@nucleo/core";
import { expect, it } from "vitest";
import type { FleetQueue } from "../queue/fleet-queue.js";
import { presenceTable } from "../queue/presence-table.js";
import { openQueueParts } from "../queue/queue-parts.js";
import { deferred } from "../test-support/deferred.js";
import { spawnServeChild } from "../test-support/serve-child-process.js";
import { describeOnServer } from "../test-support/test-queues.js";
import { testWorkflows } from "../test-support/test-workflows.js";

/** Sets the worker's last heartbeat `seconds` back, by the database's clock: a worker gone quiet. */
async function ageHeartbeat(queue: FleetQueue, id: string, seconds: number): Promise<void> {
  await openQueueParts(queue)
    .boss.getDb()
    .executeSql(
      `UPDATE ${presenceTable(queue.settings.schema)}
       SET last_heartbeat_at = now() - $2 * interval '1 second' WHERE id = $1`,
      [id, seconds],
    );
}

describeOnServer("the worker list", (open) => {
  it("a serving server is listed with its host, pid and slots, and is gone once drained", async () => {
    const queue = await open();
    const client = queue.client(testWorkflows());
    expect(await client.workers()).toEqual([]);
    const server = await queue.serve(async () => "done", { concurrency: 3 });
    const workers = await client.workers();
    expect(workers).toEqual([
      {
        id: server.id,
        host: hostname(),
        pid: process.pid,
        concurrency: 3,
        startedAt: expect.any(Date),
        lastHeartbeatAt: expect.any(Date),
      },
    ]);
    expect(workers[0]!.lastHeartbeatAt.getTime()).toBeGreaterThanOrEqual(
      workers[0]!.startedAt.getTime(),
    );
    await server.drain();
    expect(await client.workers()).toEqual([]);
  });

  it("lists the most recently heard from first, only those within the window: by default three presence intervals", async () => {
    const queue = await open({ presenceIntervalSeconds: 10 });
    const client = queue.client(testWorkflows());
    const fresh = await queue.serve(async () => "done", { concurrency: 1 });
    const late = await queue.serve(async () => "done", { concurrency: 1 });
    const quiet = await queue.serve(async () => "done", { concurrency: 1 });
    await ageHeartbeat(queue, late.id, 25);
    await ageHeartbeat(queue, quiet.id, 35);
    expect((await client.workers()).map((worker) => worker.id)).toEqual([fresh.id, late.id]);
    expect((await client.workers({ aliveWithinMs: 60_000 })).map((worker) => worker.id)).toEqual([
      fresh.id,
      late.id,
      quiet.id,
    ]);
    expect((await client.workers({ aliveWithinMs: 20_000 })).map((worker) => worker.id)).toEqual([
      fresh.id,
    ]);
  });

  it("the default window is each worker's own: three of the presence intervals it runs with", async () => {
    const slow = await open({ presenceIntervalSeconds: 60 });
    const reader = await open({ schema: slow.settings.schema, presenceIntervalSeconds: 1 });
    const server = await slow.serve(async () => "done", { concurrency: 1 });
    await ageHeartbeat(slow, server.id, 120);
    const client = reader.client(testWorkflows());
    expect((await client.workers()).map((worker) => worker.id)).toEqual([server.id]);
    await ageHeartbeat(slow, server.id, 181);
    expect(await client.workers()).toEqual([]);
  });

  it("a SIGKILLed worker keeps its row but stops being listed once its heartbeat is older than the window", async () => {
    const queue = await open();
    const client = queue.client(testWorkflows());
    const child = spawnServeChild(queue.settings.schema);
    await child.printed("serving");
    const [listed] = await client.workers();
    expect(listed).toMatchObject({ pid: child.process.pid, concurrency: 1 });
    child.process.kill("SIGKILL");
    expect(await child.exited).toBe("SIGKILL");
    // Killed outright: nothing removed its row, so it is listed until the window runs out.
    expect((await client.workers()).map((worker) => worker.id)).toEqual([listed!.id]);
    await ageHeartbeat(queue, listed!.id, 3 * queue.settings.presenceIntervalSeconds + 1);
    expect(await client.workers()).toEqual([]);
  }, 60_000);

  it("a queue lists its own workers only, not those of another queue in the same schema", async () => {
    const first = await open();
    const second = await open({ schema: first.settings.schema, queue: "other.workflows" });
    const server = await first.serve(async () => "done", { concurrency: 1 });
    await second.serve(async () => "done", { concurrency: 1 });
    expect((await first.client(testWorkflows()).workers()).map((worker) => worker.id)).toEqual([
      server.id,
    ]);
  });

  it("a database failure during a presence refresh never stops serving: it is logged and workflows still run", async () => {
    const refreshFailed = deferred<string>();
    const logger: Logger = {
      ...silentLogger,
      warn: (_fields, message) => {
        if (message.includes("could not refresh")) refreshFailed.resolve(message);
      },
    };
    const queue = await open({ presenceIntervalSeconds: 1, logger });
    const client = queue.client(testWorkflows());
    const server = await queue.serve(async () => "still serving", { concurrency: 1 });
    await openQueueParts(queue)
      .boss.getDb()
      .executeSql(`DROP TABLE ${presenceTable(queue.settings.schema)}`);
    await refreshFailed.promise;
    const { id } = await client.submit("echo", {});
    expect(await client.result(id, { timeoutMs: 10_000 })).toBe("still serving");
    await server.drain();
    expect(server.running).toBe(0);
  });

  it("a window that is not a positive number of milliseconds is refused, naming aliveWithinMs", async () => {
    const client = (await open()).client(testWorkflows());
    for (const aliveWithinMs of [0, -1, Number.NaN, "30000"])
      await expect(
        client.workers({ aliveWithinMs: aliveWithinMs as number }),
      ).rejects.toMatchObject({ code: "invalid_option", field: "aliveWithinMs" });
  });
});
