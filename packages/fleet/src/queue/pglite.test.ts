import type { PGlite } from "@electric-sql/pglite";
import { silentLogger } from "@nucleo/core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { snapshotPglite } from "../test-support/pglite-snapshot.js";
import "../test-support/provided-context.js";
import { testWorkflows } from "../test-support/test-workflows.js";
import { openFleetQueue } from "./fleet-queue.js";

describe("on PGlite", () => {
  let pglite: PGlite;
  beforeAll(async () => {
    pglite = await snapshotPglite(inject("fleetPgliteSnapshot"));
  }, 60_000);
  afterAll(async () => {
    await pglite.close();
  });

  it("submit, serve and result work in one process", async () => {
    const queue = await openFleetQueue({ database: { pglite }, logger: silentLogger });
    try {
      expect(queue.backend).toBe("pglite");
      const client = queue.client(testWorkflows());
      await queue.serve(async (run) => ({ doubled: (run.input as { n: number }).n * 2 }));
      const { id } = await client.submit("echo", { n: 21 }, { idempotencyKey: "answer" });
      expect(await client.result(id, { timeoutMs: 10_000 })).toEqual({ doubled: 42 });
      expect(await client.submit("echo", { n: 1 }, { idempotencyKey: "answer" })).toEqual({
        id,
        created: false,
      });
      expect((await client.list()).map((workflow) => workflow.state)).toEqual(["finished"]);
    } finally {
      await queue.close();
    }
  });

  it("an output jsonb cannot hold as it is (a NUL, a lone surrogate) is stored exactly and the workflow finishes", async () => {
    const queue = await openFleetQueue({
      database: { pglite },
      logger: silentLogger,
      schema: "unsafe_text",
    });
    try {
      const client = queue.client(testWorkflows());
      const said = "a\u0000b \ud800 c";
      await queue.serve(async () => ({ said }));
      const { id } = await client.submit("echo", {});
      expect(await client.result(id, { timeoutMs: 10_000 })).toEqual({ said });
      expect(await client.status(id)).toMatchObject({ state: "finished", attempts: 1 });
    } finally {
      await queue.close();
    }
  });

  it("counts() and workers() work on PGlite: the worker table is created at open, the server listed while it serves", async () => {
    const queue = await openFleetQueue({
      database: { pglite },
      logger: silentLogger,
      schema: "admin_views",
    });
    try {
      const client = queue.client(testWorkflows());
      const server = await queue.serve(async () => "done", { concurrency: 2 });
      expect(await client.workers()).toMatchObject([
        { id: server.id, pid: process.pid, concurrency: 2 },
      ]);
      await client.result((await client.submit("echo", {})).id, { timeoutMs: 10_000 });
      await client.cancel((await client.submit("echo", {}, { startAfter: 3600 })).id);
      expect(await client.counts()).toEqual({
        queued: 0,
        running: 0,
        retrying: 0,
        finished: 1,
        failed: 0,
        cancelled: 1,
        deadLetters: 0,
      });
      await server.drain();
      expect(await client.workers()).toEqual([]);
    } finally {
      await queue.close();
    }
  });

  it("closing the queue leaves the PGlite instance open for its owner", async () => {
    const queue = await openFleetQueue({
      database: { pglite },
      logger: silentLogger,
      schema: "second_queue",
    });
    await queue.close();
    expect(pglite.closed).toBe(false);
    const { rows } = await pglite.query<{ name: string }>("select name from second_queue.queue");
    expect(rows.map((row) => row.name)).toEqual(
      expect.arrayContaining(["nucleo.workflows", "nucleo.workflows.dead"]),
    );
  });
});
