import { type Logger, silentLogger } from "@nucleo/core";
import { expect, it } from "vitest";
import type { FleetQueue } from "../queue/fleet-queue.js";
import { presenceTable } from "../queue/presence-table.js";
import { openQueueParts } from "../queue/queue-parts.js";
import { type Deferred, deferred } from "../test-support/deferred.js";
import { describeOnServer } from "../test-support/test-queues.js";
import {
  type ExecuteSql,
  type PresenceTimer,
  WorkerPresence,
  type WorkerPresenceOptions,
} from "./worker-presence.js";

/** A timer fired by hand: `fire()` runs the pending tick and resolves once the next is scheduled. */
function handTimer() {
  let pending: (() => void) | undefined;
  let scheduled: Deferred<void> = deferred();
  const delays: number[] = [];
  const timer: PresenceTimer = {
    schedule(tick, ms) {
      pending = tick;
      delays.push(ms);
      scheduled.resolve();
      return () => {
        pending = undefined;
      };
    },
  };
  return {
    timer,
    delays,
    get pending() {
      return pending !== undefined;
    },
    fire(): Promise<void> {
      const tick = pending;
      if (tick === undefined) throw new Error("no tick is scheduled");
      pending = undefined;
      scheduled = deferred();
      const next = scheduled.promise;
      tick();
      return next;
    },
  };
}

function executeOn(queue: FleetQueue): ExecuteSql {
  const db = openQueueParts(queue).boss.getDb();
  return (text, values) => db.executeSql(text, values);
}

function presenceOn(
  queue: FleetQueue,
  overrides: Partial<WorkerPresenceOptions> = {},
): WorkerPresence {
  return new WorkerPresence({
    execute: executeOn(queue),
    schema: queue.settings.schema,
    queue: queue.settings.queue,
    concurrency: 2,
    intervalSeconds: 10,
    logger: silentLogger,
    ...overrides,
  });
}

/** The presence row's heartbeat age in seconds, by the database's clock; undefined when absent. */
async function heartbeatAge(queue: FleetQueue, id: string): Promise<number | undefined> {
  const { rows } = await executeOn(queue)(
    `SELECT extract(epoch FROM now() - last_heartbeat_at)::float8 AS age
     FROM ${presenceTable(queue.settings.schema)} WHERE id = $1`,
    [id],
  );
  const [row] = rows as { age: number }[];
  return row?.age;
}

async function ageHeartbeat(queue: FleetQueue, id: string, seconds: number): Promise<void> {
  await executeOn(queue)(
    `UPDATE ${presenceTable(queue.settings.schema)}
     SET last_heartbeat_at = now() - $2 * interval '1 second' WHERE id = $1`,
    [id, seconds],
  );
}

describeOnServer("a server's presence row", (open) => {
  it("is written at start and its heartbeat refreshed on every tick of its timer, every presenceIntervalSeconds", async () => {
    const queue = await open();
    const hand = handTimer();
    const presence = presenceOn(queue, { timer: hand.timer, intervalSeconds: 7 });
    await presence.start();
    expect(await heartbeatAge(queue, presence.id)).toBeLessThan(5);
    expect(hand.delays).toEqual([7000]);
    await ageHeartbeat(queue, presence.id, 3600);
    await hand.fire();
    expect(await heartbeatAge(queue, presence.id)).toBeLessThan(5);
    await ageHeartbeat(queue, presence.id, 3600);
    await hand.fire();
    expect(await heartbeatAge(queue, presence.id)).toBeLessThan(5);
    expect(hand.delays).toEqual([7000, 7000, 7000]);
    await presence.stop();
  });

  it("keeps its start time across refreshes, even when the row must be written again", async () => {
    const queue = await open();
    const hand = handTimer();
    const presence = presenceOn(queue, { timer: hand.timer });
    await presence.start();
    const table = presenceTable(queue.settings.schema);
    const startedAt = async () => {
      const { rows } = await executeOn(queue)(
        `SELECT started_at AS "startedAt" FROM ${table} WHERE id = $1`,
        [presence.id],
      );
      return new Date((rows as { startedAt: Date }[])[0]!.startedAt).getTime();
    };
    const first = await startedAt();
    await executeOn(queue)(`DELETE FROM ${table} WHERE id = $1`, [presence.id]);
    await hand.fire();
    expect(await startedAt()).toBe(first);
    await presence.stop();
  });

  it("a refresh that fails (the database away) is logged as a warning and the next one still runs", async () => {
    const queue = await open();
    const hand = handTimer();
    const warnings: string[] = [];
    const logger: Logger = {
      ...silentLogger,
      warn: (fields, message) => void warnings.push(`${message} ${JSON.stringify(fields)}`),
    };
    const real = executeOn(queue);
    let failing = false;
    const execute: ExecuteSql = (text, values) =>
      failing
        ? Promise.reject(new Error("connect ECONNREFUSED postgres://app:hunter2@db:5432/x"))
        : real(text, values);
    const presence = presenceOn(queue, { timer: hand.timer, execute, logger });
    await presence.start();
    failing = true;
    await hand.fire();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("could not refresh its row");
    expect(warnings[0]).not.toContain("hunter2");
    expect(hand.pending).toBe(true);
    failing = false;
    await ageHeartbeat(queue, presence.id, 3600);
    await hand.fire();
    expect(await heartbeatAge(queue, presence.id)).toBeLessThan(5);
    await presence.stop();
  });

  it("a start whose write fails is logged, not thrown, and refreshes are scheduled all the same", async () => {
    const queue = await open();
    const hand = handTimer();
    const warnings: string[] = [];
    const logger: Logger = {
      ...silentLogger,
      warn: (_fields, message) => void warnings.push(message),
    };
    const presence = presenceOn(queue, {
      timer: hand.timer,
      logger,
      execute: () => Promise.reject(new Error("the database is away")),
    });
    await presence.start();
    expect(warnings).toHaveLength(1);
    expect(hand.pending).toBe(true);
    await presence.stop();
    expect(hand.pending).toBe(false);
    expect(warnings).toHaveLength(2);
  });

  it("stop deletes the row and cancels the next refresh; a refresh in flight cannot write the row back", async () => {
    const queue = await open();
    const hand = handTimer();
    const real = executeOn(queue);
    const held = deferred();
    let hold = false;
    let refreshInFlight = false;
    let deletedDuringRefresh = false;
    const execute: ExecuteSql = async (text, values) => {
      if (!text.includes("INSERT")) {
        deletedDuringRefresh ||= refreshInFlight;
        return real(text, values);
      }
      refreshInFlight = true;
      try {
        if (hold) await held.promise;
        return await real(text, values);
      } finally {
        refreshInFlight = false;
      }
    };
    const presence = presenceOn(queue, { timer: hand.timer, execute });
    await presence.start();
    hold = true;
    void hand.fire();
    const stopped = presence.stop();
    held.resolve();
    await stopped;
    // Deleted only once the refresh had written: deleting first, the refresh would write it back.
    expect(deletedDuringRefresh).toBe(false);
    expect(await heartbeatAge(queue, presence.id)).toBeUndefined();
    expect(hand.pending).toBe(false);
  });

  it("rows silent for more than a day are pruned by any server's refresh; younger ones are kept", async () => {
    const queue = await open();
    const dead = presenceOn(queue, { timer: handTimer().timer });
    const resting = presenceOn(queue, { timer: handTimer().timer });
    await dead.start();
    await resting.start();
    await ageHeartbeat(queue, dead.id, 86_400 + 60);
    await ageHeartbeat(queue, resting.id, 3600);
    const hand = handTimer();
    const live = presenceOn(queue, { timer: hand.timer });
    await live.start();
    expect(await heartbeatAge(queue, dead.id)).toBeUndefined();
    expect(await heartbeatAge(queue, resting.id)).toBeGreaterThan(3000);
    await live.stop();
  });
});
